/*
 * What a careless or hostile C caller can do must give an error, never a crash or a wrong answer:
 * extreme cameras, size_t values above INT64_MAX, NULL arrays with huge counts, non-UTF-8 text,
 * and one handle entered from eight threads at once (PSG_ERR_MISUSE, never corrupted memory).
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <petspot_geo.h>
#include <pthread.h>
#include <stdint.h>
#include <string.h>

#include "capi_check.h"

static void test_extreme_cameras(psg_engine *engine) {
  struct {
    psg_camera camera;
    const char *field;
  } cases[] = {
      {{52.2297, 21.0122, 0.05, 0.08, 5e-324, 844, 0, 0}, "width"},
      {{89, 0, 1e20, 1e20, 1, 1e308, 0, 0}, "latDelta"},
      {{52.2297, 21.0122, 0.05, 0.08, 390, 5e-324, 0, 0}, "height"},
      {{52.2297, 21.0122, 0.05, 1.7976931348623157e308, 390, 844, 0, 0}, "lngDelta"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    psg_query q;
    CHECK(psg_engine_query_radius(engine, &cases[i].camera, &q) == PSG_ERR_INVALID_ARGUMENT &&
              strcmp(psg_engine_last_error_field(engine), cases[i].field) == 0,
          "extreme camera %zu refused naming %s (got '%s')", i, cases[i].field, psg_engine_last_error_field(engine));
  }
  psg_camera widest = {10, 170, 1e6, 1e6, 0.01, 1e6, 33, 0};
  psg_query q;
  CHECK(psg_engine_query_radius(engine, &widest, &q) == PSG_OK && isfinite(q.zoom) && isfinite(q.visible_region.west) &&
            isfinite(q.visible_region.east),
        "the widest accepted camera answers finite numbers");
}

/* Random cameras across the whole double range through psg_pins_visible, indexed and scanning:
   each is refused (PSG_ERR_INVALID_ARGUMENT, the pin set's last error naming the field) or answered
   identically by both, and psg_engine_query_radius answers finite numbers for every accepted one. */
static uint64_t lcg_state = 0x5EED;
static double lcg_unit(void) {
  lcg_state = lcg_state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (double)(lcg_state >> 11) / 9007199254740992.0;
}
static double extreme(double lo, double hi) {
  static const double specials[] = {0, -0.0, 5e-324, 1e-300, 1e-9, 0.01, 1, 44, 1e6, 1.5e6, 1e20, 1e308, INFINITY,
                                    -INFINITY, NAN, -1};
  double u = lcg_unit();
  if (u < 0.15) return specials[(int)(lcg_unit() * (sizeof specials / sizeof specials[0]))];
  if (u < 0.3) return pow(10, lcg_unit() * 638 - 330);
  return lo + (hi - lo) * lcg_unit();
}

static void test_random_extreme_cameras(psg_engine *engine) {
  enum { N = 500 };
  static double lat[N], lng[N];
  for (int i = 0; i < N; i++) {
    lat[i] = i < 10 ? (i % 2 ? 85.05 : -85.05) : lcg_unit() * 170 - 85;
    lng[i] = i < 20 && i >= 10 ? (i % 2 ? 180 : -180) : lcg_unit() * 360 - 180;
  }
  psg_pins *indexed = NULL, *scanned = NULL;
  psg_pins_options options;
  psg_pins_options_init(&options);
  options.build_index = 0;
  psg_pins_create(lat, lng, NULL, N, NULL, &indexed);
  psg_pins_create(lat, lng, NULL, N, &options, &scanned);
  static uint32_t a[N], b[N];
  int accepted = 0, refused = 0, differ = 0, not_finite = 0, unnamed = 0;
  for (int k = 0; k < 3000; k++) {
    psg_camera c = {extreme(-90, 90), extreme(-180, 180), extreme(1e-9, 1e6), extreme(1e-9, 1e6),
                    extreme(0.01, 1e6), extreme(0.01, 1e6), extreme(0, 360), 0};
    double padding = lcg_unit() < 0.5 ? 0 : extreme(0, 1e6);
    size_t na = 0, nb = 0;
    psg_status sa = psg_pins_visible(indexed, &c, padding, a, N, &na);
    psg_status sb = psg_pins_visible(scanned, &c, padding, b, N, &nb);
    if (sa == PSG_ERR_INVALID_ARGUMENT) {
      refused++;
      if (sb != sa || strlen(psg_pins_last_error(indexed)) == 0) unnamed++;
      continue;
    }
    accepted++;
    if (sa != PSG_OK || sb != PSG_OK || na != nb || memcmp(a, b, na * sizeof a[0]) != 0) differ++;
    psg_query q;
    if (psg_engine_query_radius(engine, &c, &q) != PSG_OK || !isfinite(q.zoom) || !isfinite(q.visible_region.west) ||
        !isfinite(q.visible_region.north) || q.range < 0 || q.range > 20003932)
      not_finite++;
  }
  CHECK(accepted > 300 && refused > 300, "both kinds drawn: %d accepted, %d refused", accepted, refused);
  CHECK(differ == 0, "index and scan differ on %d cameras", differ);
  CHECK(not_finite == 0, "%d accepted cameras gave a non-finite query", not_finite);
  CHECK(unnamed == 0, "%d refusals without a message or with differing statuses", unnamed);
  psg_pins_destroy(indexed);
  psg_pins_destroy(scanned);
}

static void test_sizes(psg_engine *engine) {
  double lat[3] = {48.8566, 48.8566, 48.86}, lng[3] = {2.3522, 2.3522, 2.35};
  psg_pins *pins = NULL;
  CHECK(psg_pins_create(lat, lng, NULL, 3, NULL, &pins) == PSG_OK, "pins");
  CHECK(psg_pins_create(lat, lng, NULL, SIZE_MAX, NULL, &(psg_pins *){NULL}) == PSG_ERR_INVALID_ARGUMENT,
        "count SIZE_MAX refused");
  psg_camera city = {48.8566, 2.3522, 0.05, 0.05, 390, 844, 0, 0};
  uint32_t out[8];
  size_t n = 0;
  CHECK(psg_pins_visible(pins, &city, 0, out, SIZE_MAX, &n) == PSG_OK && n == 3, "visible, capacity SIZE_MAX: %zu", n);

  psg_cluster_index *index = NULL;
  CHECK(psg_cluster_index_create(pins, NULL, &index) == PSG_OK, "index");
  psg_cluster_result *result = NULL;
  CHECK(psg_cluster_index_query(index, &city, &result) == PSG_OK, "query");
  psg_cluster_item item;
  CHECK(psg_cluster_result_item(result, SIZE_MAX, &item) == PSG_ERR_INVALID_ARGUMENT, "item SIZE_MAX");
  for (size_t i = 0; i < psg_cluster_result_count(result); i++) {
    CHECK(psg_cluster_result_leaves(result, i, 0, out, SIZE_MAX, &n) == PSG_OK && n >= 1, "leaves, capacity SIZE_MAX");
    CHECK(psg_cluster_result_leaves(result, i, SIZE_MAX, out, 8, &n) == PSG_OK && n == 0, "leaves, offset SIZE_MAX");
    psg_cluster_result_item(result, i, &item);
    if (item.kind == PSG_ITEM_CLUSTER) {
      CHECK(psg_cluster_index_leaves(index, item.cluster_id, 0, out, SIZE_MAX, &n) == PSG_OK && n == item.count,
            "index leaves, capacity SIZE_MAX: %zu of %u", n, item.count);
      CHECK(psg_cluster_index_leaves(index, item.cluster_id, SIZE_MAX, out, 8, &n) == PSG_OK && n == 0,
            "index leaves, offset SIZE_MAX gives an empty page, not the first: %zu", n);
    }
  }
  CHECK(psg_cluster_index_insert(index, 99, 1, 2, "\xff\xfe") == PSG_ERR_INVALID_ARGUMENT, "non-UTF-8 status refused");
  psg_cluster_result_destroy(result);
  psg_cluster_index_destroy(index);
  psg_pins_destroy(pins);

  char text[32];
  size_t length = 0, caret = 0;
  CHECK(psg_microchip_format("123456", SIZE_MAX, text, SIZE_MAX, &length, &caret) == PSG_OK && length == 7,
        "microchip, caret and capacity SIZE_MAX");

  psg_callout_options options;
  psg_callout_options_init(&options);
  options.viewport_width = 390;
  options.viewport_height = 844;
  options.callout_width = 200;
  options.callout_height = 80;
  options.obstacle_rect_count = SIZE_MAX;
  psg_callout_placement placement;
  CHECK(psg_callout_place(engine, &options, 100, 300, &placement) == PSG_ERR_INVALID_ARGUMENT,
        "obstacle_rect_count SIZE_MAX with NULL rects refused: %s", psg_engine_last_error(engine));
  options.obstacle_rect_count = 0;
  options.obstacle_wkt_count = SIZE_MAX;
  CHECK(psg_callout_place(engine, &options, 100, 300, &placement) == PSG_ERR_INVALID_ARGUMENT,
        "obstacle_wkt_count SIZE_MAX refused");
}

/* Eight threads share one engine (against the header's rule): every call either answers exactly
   what one thread gets alone or returns PSG_ERR_MISUSE having done nothing. */
enum { THREADS = 8, CALLS = 3000 };
static psg_engine *shared_engine;
static int64_t expected_range;
static int wrong[THREADS], misuse[THREADS];

static void *hammer(void *arg) {
  int t = (int)(intptr_t)arg;
  psg_camera c = {52.2297, 21.0122, 0.05, 0.08, 390, 844, 30, 0};
  for (int i = 0; i < CALLS; i++) {
    psg_query q;
    psg_status s = psg_engine_query_radius(shared_engine, &c, &q);
    if (s == PSG_ERR_MISUSE) {
      misuse[t]++;
    } else if (s != PSG_OK || q.range != expected_range) {
      wrong[t]++;
    }
  }
  return NULL;
}

static void test_threads(psg_engine *engine) {
  psg_camera c = {52.2297, 21.0122, 0.05, 0.08, 390, 844, 30, 0};
  psg_query q;
  psg_engine_query_radius(engine, &c, &q);
  expected_range = q.range;
  shared_engine = engine;
  pthread_t threads[THREADS];
  for (int t = 0; t < THREADS; t++) pthread_create(&threads[t], NULL, hammer, (void *)(intptr_t)t);
  int total_wrong = 0, total_misuse = 0;
  for (int t = 0; t < THREADS; t++) {
    pthread_join(threads[t], NULL);
    total_wrong += wrong[t];
    total_misuse += misuse[t];
  }
  CHECK(total_wrong == 0, "misused engine: %d wrong answers", total_wrong);
  printf("C API misuse: %d of %d concurrent calls returned PSG_ERR_MISUSE, none wrong\n", total_misuse,
         THREADS * CALLS);
  CHECK(strcmp(psg_status_string(PSG_ERR_MISUSE), "misuse: another thread is inside this handle") == 0,
        "misuse status string");
  CHECK(psg_engine_query_radius(engine, &c, &q) == PSG_OK && q.range == expected_range, "usable after misuse");
}

void test_hardening(psg_engine *engine) {
  test_extreme_cameras(engine);
  test_random_extreme_cameras(engine);
  test_sizes(engine);
  test_threads(engine);
}
