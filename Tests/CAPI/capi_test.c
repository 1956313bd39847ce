/*
 * The C API exercised as a C consumer sees it: only <petspot_geo.h>, linked against the built
 * libpetspot_geo.so. Run by `make test`; prints "N passed, M failed" and exits non-zero on failure.
 */
#include <math.h>
#include <petspot_geo.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "capi_check.h"

int passed = 0, failed = 0;

void test_hardening(psg_engine *engine);
void test_navigation(psg_engine *engine);
void test_tilted(psg_engine *engine);
void test_onscreen(void);
void test_changes(void);
void test_aggregates(void);
void test_filter(void);
void test_controller_display(void);

static psg_camera camera(double lat, double lng, double lat_delta, double lng_delta, double width,
                         double height, double heading) {
  psg_camera c = {lat, lng, lat_delta, lng_delta, width, height, heading, 0};
  return c;
}

/* Ranges `petspot-geo radius` prints for the same cameras (Tests/CAPI/ctypes_check.py checks
   these cameras, and hundreds of random ones, through ctypes against the CLI). */
static void test_known_ranges(psg_engine *engine) {
  struct {
    psg_camera camera;
    int64_t range;
  } cases[] = {
      {camera(52.2297, 21.0122, 0.05, 0.08, 390, 844, 0), 6506},
      {camera(-33.86, 151.21, 0.05, 0.08, 390, 844, 30), 8813}, /* 8,812.94 m: a dense GeographicLib search */
      {camera(0, 179.9, 2, 3, 800, 600, 0), 208209},
      {camera(30, 10, 170, 720, 400, 400, 0), 20003932},
      {camera(89.5, 0, 5, 5, 400, 400, 0), 521576},
      {camera(10, 20, 0.000001, 0.000001, 390, 844, 0), 1},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    psg_query q;
    psg_status s = psg_engine_query_radius(engine, &cases[i].camera, &q);
    CHECK(s == PSG_OK, "case %zu: status %d (%s)", i, (int)s, psg_engine_last_error(engine));
    CHECK(q.range == cases[i].range, "case %zu: range %lld, expected %lld", i, (long long)q.range,
          (long long)cases[i].range);
    CHECK(q.lat == cases[i].camera.lat && q.lng == cases[i].camera.lng, "case %zu: centre echoed", i);
    CHECK(strcmp(psg_engine_last_error(engine), "") == 0, "case %zu: no error after success", i);
  }
  /* Antimeridian: the visible box crosses it, so west > east. */
  psg_camera c = camera(0, 179.9, 2, 3, 800, 600, 0);
  psg_query q;
  psg_engine_query_radius(engine, &c, &q);
  CHECK(q.visible_region.west > q.visible_region.east, "antimeridian box: west %f east %f",
        q.visible_region.west, q.visible_region.east);
  /* Whole world: -180..180. */
  c = camera(30, 10, 170, 720, 400, 400, 0);
  psg_engine_query_radius(engine, &c, &q);
  CHECK(q.visible_region.west == -180 && q.visible_region.east == 180, "world box");
}

static void expect_invalid(psg_engine *engine, psg_camera c, const char *field) {
  psg_query q;
  memset(&q, 0x5A, sizeof q);
  psg_status s = psg_engine_query_radius(engine, &c, &q);
  CHECK(s == PSG_ERR_INVALID_ARGUMENT, "%s: status %d", field, (int)s);
  CHECK(strcmp(psg_engine_last_error_field(engine), field) == 0, "%s: field was '%s'", field,
        psg_engine_last_error_field(engine));
  CHECK(strstr(psg_engine_last_error(engine), field) != NULL, "%s: message '%s' names the field", field,
        psg_engine_last_error(engine));
  unsigned char untouched[sizeof q];
  memset(untouched, 0x5A, sizeof untouched);
  CHECK(memcmp(&q, untouched, sizeof q) == 0, "%s: out untouched on error", field);
}

static void test_invalid_cameras(psg_engine *engine) {
  expect_invalid(engine, camera(NAN, 0, 1, 1, 100, 100, 0), "lat");
  expect_invalid(engine, camera(91, 0, 1, 1, 100, 100, 0), "lat");
  expect_invalid(engine, camera(0, NAN, 1, 1, 100, 100, 0), "lng");
  expect_invalid(engine, camera(0, INFINITY, 1, 1, 100, 100, 0), "lng");
  expect_invalid(engine, camera(0, 0, 0, 1, 100, 100, 0), "latDelta");
  expect_invalid(engine, camera(0, 0, 1, -1, 100, 100, 0), "lngDelta");
  expect_invalid(engine, camera(0, 0, 1, 1, 0, 100, 0), "width");
  expect_invalid(engine, camera(0, 0, 1, 1, 100, -5, 0), "height");
  expect_invalid(engine, camera(0, 0, 1, 1, 100, 100, NAN), "heading");
  psg_camera tilted = camera(0, 0, 1, 1, 100, 100, 0);
  tilted.pitch = 72; /* 72 + 36.87 / 2 reaches the horizon */
  expect_invalid(engine, tilted, "pitch");
}

static void test_null_arguments(psg_engine *engine) {
  psg_camera c = camera(0, 0, 1, 1, 100, 100, 0);
  psg_query q;
  CHECK(psg_engine_query_radius(NULL, &c, &q) == PSG_ERR_INVALID_ARGUMENT, "NULL engine");
  CHECK(psg_engine_query_radius(engine, NULL, &q) == PSG_ERR_INVALID_ARGUMENT, "NULL camera");
  CHECK(strcmp(psg_engine_last_error_field(engine), "camera") == 0, "NULL camera names 'camera'");
  CHECK(psg_engine_query_radius(engine, &c, NULL) == PSG_ERR_INVALID_ARGUMENT, "NULL out");
  CHECK(psg_engine_create(NULL, NULL) == PSG_ERR_INVALID_ARGUMENT, "NULL out_engine");
  CHECK(strcmp(psg_engine_last_error(NULL), "") == 0, "last_error(NULL) is empty");
  CHECK(strcmp(psg_engine_last_error_field(NULL), "") == 0, "last_error_field(NULL) is empty");
  psg_engine_destroy(NULL);
  psg_engine_options_init(NULL);
  psg_engine_options bad;
  psg_engine_options_init(&bad);
  bad.struct_size = 1;
  psg_engine *e = NULL;
  CHECK(psg_engine_create(&bad, &e) == PSG_ERR_INVALID_ARGUMENT && e == NULL, "short struct_size rejected");
}

static void test_versions_and_statuses(void) {
  CHECK(psg_version_number() == PSG_VERSION_NUMBER, "runtime %d vs header %d", (int)psg_version_number(),
        PSG_VERSION_NUMBER);
  CHECK(strncmp(psg_version_string(), "petspot-geo ", 12) == 0, "version string '%s'", psg_version_string());
  CHECK(strcmp(psg_status_string(PSG_OK), "ok") == 0, "status string ok");
  CHECK(strcmp(psg_status_string(PSG_ERR_INVALID_ARGUMENT), "invalid argument") == 0, "status string invalid");
  CHECK(strcmp(psg_status_string(12345), "unknown status") == 0, "unknown status");
}

static void test_options_and_two_engines(void) {
  psg_engine_options options;
  psg_engine_options_init(&options);
  CHECK(options.struct_size == sizeof options, "options_init sets struct_size");
  options.proj_search_path = "/usr/share/proj";
  psg_engine *a = NULL, *b = NULL;
  CHECK(psg_engine_create(&options, &a) == PSG_OK && a != NULL, "create with options");
  CHECK(psg_engine_create(NULL, &b) == PSG_OK && b != NULL, "create with defaults");
  psg_camera bad = camera(100, 0, 1, 1, 10, 10, 0), good = camera(0, 0, 1, 1, 10, 10, 0);
  psg_query q;
  psg_engine_query_radius(a, &bad, &q);
  psg_engine_query_radius(b, &good, &q);
  CHECK(strcmp(psg_engine_last_error_field(a), "lat") == 0 && strcmp(psg_engine_last_error(b), "") == 0,
        "errors are per engine");
  psg_engine_destroy(a);
  psg_engine_destroy(b);
}

/* qsort's order for pin indices. */
static int compare_indices(const void *a, const void *b) {
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  return (x > y) - (x < y);
}

/* Pins: a grid of pins around Warsaw plus awkward rows; compare index and scan, check the
   two-call convention and errors. */
static void test_pins(void) {
  enum { N = 2000 };
  static double lat[N + 4], lng[N + 4];
  static const char *statuses[N + 4];
  for (int i = 0; i < N; i++) {
    lat[i] = 52.0 + (i / 50) * 0.01; /* 40 rows x 50 columns, 0.01 degree apart */
    lng[i] = 20.8 + (i % 50) * 0.01;
    statuses[i] = (i % 3 == 0) ? "MISSING" : (i % 3 == 1) ? "found" : NULL;
  }
  lat[N] = NAN; lng[N] = 21.0;          /* invalid */
  lat[N + 1] = 91; lng[N + 1] = 21.0;   /* invalid */
  lat[N + 2] = 52.2; lng[N + 2] = 179.99; /* far away */
  lat[N + 3] = 52.2; lng[N + 3] = 21.0;   /* duplicate position of a grid pin */
  statuses[N] = statuses[N + 1] = statuses[N + 2] = statuses[N + 3] = "ADOPTED";

  psg_pins *indexed = NULL, *scanned = NULL;
  CHECK(psg_pins_create(lat, lng, statuses, N + 4, NULL, &indexed) == PSG_OK, "pins create");
  psg_pins_options options;
  psg_pins_options_init(&options);
  CHECK(options.struct_size == sizeof options && options.build_index == 1, "pins options init");
  options.build_index = 0;
  CHECK(psg_pins_create(lat, lng, NULL, N + 4, &options, &scanned) == PSG_OK, "pins create (scan)");
  CHECK(psg_pins_count(indexed) == N + 2 && psg_pins_invalid_count(indexed) == 2, "counts %zu %zu",
        psg_pins_count(indexed), psg_pins_invalid_count(indexed));

  /* A camera over the grid's middle: unrotated, then rotated, then padded. */
  psg_camera cameras[] = {camera(52.2, 21.05, 0.1, 0.1, 500, 500, 0), camera(52.2, 21.05, 0.1, 0.1, 500, 500, 37),
                          camera(52.2, 21.05, 0.05, 0.05, 300, 600, 0), camera(52.2, -179.0, 5, 5, 400, 400, 0)};
  static uint32_t a[N + 4], b[N + 4];
  enum { CAMERAS = sizeof cameras / sizeof cameras[0] };
  static uint32_t answers[CAMERAS][N + 4];
  size_t answer_counts[CAMERAS];
  for (size_t c = 0; c < CAMERAS; c++) {
    size_t na = 0, nb = 0;
    psg_status first = psg_pins_visible(indexed, &cameras[c], 10, NULL, 0, &na);
    CHECK(first == (na == 0 ? PSG_OK : PSG_ERR_BUFFER_TOO_SMALL), "camera %zu: first call status %d", c, (int)first);
    CHECK(psg_pins_visible(indexed, &cameras[c], 10, a, na, &na) == PSG_OK, "camera %zu: second call", c);
    CHECK(psg_pins_visible(scanned, &cameras[c], 10, b, N + 4, &nb) == PSG_OK, "camera %zu: scan", c);
    CHECK(na == nb && memcmp(a, b, na * sizeof a[0]) == 0, "camera %zu: index and scan agree (%zu vs %zu)", c, na, nb);
    for (size_t i = 1; i < na; i++) CHECK(a[i - 1] < a[i], "camera %zu: ascending indices", c);
    memcpy(answers[c], a, na * sizeof a[0]);
    answer_counts[c] = na;
  }
  /* The handle writes each new answer into the previous one's memory: the cameras again, in reverse
   * order and on both handles, give the same answers (a larger answer after a smaller one, and back). */
  for (size_t round = 0; round < 2; round++) {
    for (size_t k = 0; k < CAMERAS; k++) {
      size_t c = CAMERAS - 1 - k, na = 0;
      psg_pins *handle = round == 0 ? indexed : scanned;
      CHECK(psg_pins_visible(handle, &cameras[c], 10, a, N + 4, &na) == PSG_OK, "again: camera %zu", c);
      CHECK(na == answer_counts[c] && memcmp(a, answers[c], na * sizeof a[0]) == 0,
            "again, round %zu: camera %zu gives its first answer (%zu vs %zu)", round, c, na, answer_counts[c]);
    }
  }
  /* In any order (since 0.3): the same indices, each once, for every camera. A struct as the 0.1 and
   * 0.2 headers declared it (no order field) is read as such: ascending. An unknown order is refused. */
  psg_pins *unordered = NULL, *old_layout = NULL, *refused = NULL;
  psg_pins_options_init(&options);
  CHECK(options.order == PSG_PRUNE_ORDER_INPUT, "pins options init: input order");
  options.order = PSG_PRUNE_ORDER_ANY;
  CHECK(psg_pins_create(lat, lng, statuses, N + 4, &options, &unordered) == PSG_OK, "pins create (any order)");
  psg_pins_options_init(&options);
  options.struct_size = (uint32_t)offsetof(psg_pins_options, order);
  options.order = PSG_PRUNE_ORDER_ANY; /* beyond the struct the caller declared: not read */
  CHECK(psg_pins_create(lat, lng, statuses, N + 4, &options, &old_layout) == PSG_OK, "pins create (0.2 layout)");
  options.struct_size = (uint32_t)offsetof(psg_pins_options, build_index);
  CHECK(psg_pins_create(lat, lng, statuses, N + 4, &options, &refused) == PSG_ERR_INVALID_ARGUMENT && refused == NULL,
        "pins options shorter than 0.1's refused");
  psg_pins_options_init(&options);
  options.order = 7;
  CHECK(psg_pins_create(lat, lng, statuses, N + 4, &options, &refused) == PSG_ERR_INVALID_ARGUMENT && refused == NULL,
        "an unknown order refused");
  for (size_t c = 0; c < CAMERAS; c++) {
    size_t na = 0, nb = 0;
    CHECK(psg_pins_visible(old_layout, &cameras[c], 10, b, N + 4, &nb) == PSG_OK, "0.2 layout: camera %zu", c);
    CHECK(nb == answer_counts[c] && memcmp(b, answers[c], nb * sizeof b[0]) == 0, "0.2 layout: camera %zu ascending", c);
    CHECK(psg_pins_visible(unordered, &cameras[c], 10, a, N + 4, &na) == PSG_OK, "any order: camera %zu", c);
    qsort(a, na, sizeof a[0], compare_indices);
    CHECK(na == answer_counts[c] && memcmp(a, answers[c], na * sizeof a[0]) == 0,
          "any order: camera %zu, the same indices once each (%zu vs %zu)", c, na, answer_counts[c]);
  }
  psg_pins_destroy(unordered);
  psg_pins_destroy(old_layout);

  /* Camera 0 shows the grid's middle (with the duplicate position), never invalid or far pins. */
  size_t n = 0;
  psg_pins_visible(indexed, &cameras[0], 0, a, N + 4, &n);
  int saw_duplicate = 0, saw_far = 0, saw_invalid = 0;
  for (size_t i = 0; i < n; i++) {
    saw_duplicate |= a[i] == N + 3;
    saw_far |= a[i] == N + 2;
    saw_invalid |= a[i] == N || a[i] == N + 1;
  }
  CHECK(n > 50 && saw_duplicate && !saw_far && !saw_invalid, "camera 0 contents (%zu pins)", n);
  /* Across the antimeridian: the pin at 179.99 shows from a camera centred at -179. */
  psg_pins_visible(indexed, &cameras[3], 0, a, N + 4, &n);
  CHECK(n == 1 && a[0] == N + 2, "antimeridian: %zu pins", n);

  /* Two-call convention with a too-small buffer. */
  size_t needed = 0;
  CHECK(psg_pins_visible(indexed, &cameras[0], 0, a, 1, &needed) == PSG_ERR_BUFFER_TOO_SMALL && needed > 1,
        "too small buffer reports the count");
  /* Errors. */
  psg_camera bad = camera(0, INFINITY, 1, 1, 10, 10, 0);
  CHECK(psg_pins_visible(indexed, &bad, 0, a, N, &n) == PSG_ERR_INVALID_ARGUMENT, "bad camera");
  CHECK(strstr(psg_pins_last_error(indexed), "lng") != NULL, "error names lng: %s", psg_pins_last_error(indexed));
  CHECK(psg_pins_visible(indexed, &cameras[0], -1, a, N, &n) == PSG_ERR_INVALID_ARGUMENT, "negative padding");
  CHECK(strstr(psg_pins_last_error(indexed), "padding") != NULL, "error names padding");
  CHECK(psg_pins_visible(indexed, &cameras[0], NAN, a, N, &n) == PSG_ERR_INVALID_ARGUMENT, "NaN padding");
  CHECK(psg_pins_visible(NULL, &cameras[0], 0, a, N, &n) == PSG_ERR_INVALID_ARGUMENT, "NULL pins");
  CHECK(psg_pins_visible(indexed, NULL, 0, a, N, &n) == PSG_ERR_INVALID_ARGUMENT, "NULL camera");
  CHECK(psg_pins_visible(indexed, &cameras[0], 0, a, N, NULL) == PSG_ERR_INVALID_ARGUMENT, "NULL out_count");
  CHECK(psg_pins_create(NULL, lng, NULL, 3, NULL, &scanned) == PSG_ERR_INVALID_ARGUMENT, "NULL lat");
  CHECK(psg_pins_create(lat, lng, NULL, 3, NULL, NULL) == PSG_ERR_INVALID_ARGUMENT, "NULL out_pins");
  CHECK(psg_pins_count(NULL) == 0 && psg_pins_invalid_count(NULL) == 0 && strcmp(psg_pins_last_error(NULL), "") == 0,
        "NULL accessors");
  psg_pins *empty = NULL;
  CHECK(psg_pins_create(NULL, NULL, NULL, 0, NULL, &empty) == PSG_OK && psg_pins_count(empty) == 0, "empty pins");
  CHECK(psg_pins_visible(empty, &cameras[0], 0, NULL, 0, &n) == PSG_OK && n == 0, "empty query");
  psg_pins_destroy(empty);
  psg_pins_destroy(indexed);
  psg_pins_destroy(scanned);
  psg_pins_destroy(NULL);
}

/* Found report: validation results, payload, microchip formatter. */
/* Clustering: 60 pins at one shelter plus a grid; items kept apart, leaves add up, hit-test,
   tap-to-zoom, insert/remove, snapshots, NULL handling. */
static void test_clustering(void) {
  enum { N = 400, SHELTER = 60 };
  static double lat[N + SHELTER], lng[N + SHELTER];
  static const char *statuses[N + SHELTER];
  for (int i = 0; i < N; i++) {
    lat[i] = 48.80 + (i / 20) * 0.005;
    lng[i] = 2.30 + (i % 20) * 0.005;
    statuses[i] = i % 2 ? "MISSING" : "FOUND";
  }
  for (int i = N; i < N + SHELTER; i++) { lat[i] = 48.8566; lng[i] = 2.3522; statuses[i] = "found"; }
  psg_pins *pins = NULL;
  CHECK(psg_pins_create(lat, lng, statuses, N + SHELTER, NULL, &pins) == PSG_OK, "cluster pins");
  psg_cluster_options options;
  psg_cluster_options_init(&options);
  CHECK(options.struct_size == sizeof options && options.min_separation == 44 && options.max_zoom == 20, "cluster options init");
  options.max_zoom = 16;
  psg_cluster_index *index = NULL;
  CHECK(psg_cluster_index_create(pins, &options, &index) == PSG_OK && psg_cluster_index_count(index) == N + SHELTER,
        "cluster index create");

  /* Zoom 12 over Paris: clusters; items at least 44 points apart; leaves add up to every pin. */
  psg_camera city = camera(48.85, 2.35, 0.2, 0.2, 1280, 800, 30);
  psg_cluster_result *result = NULL;
  CHECK(psg_cluster_index_query(index, &city, &result) == PSG_OK && result != NULL, "cluster query");
  size_t count = psg_cluster_result_count(result), total = 0, clusters = 0;
  CHECK(count > 0, "items: %zu", count);
  static psg_cluster_item items[N + SHELTER];
  static uint32_t leaves[N + SHELTER];
  for (size_t i = 0; i < count && i < N + SHELTER; i++) {
    CHECK(psg_cluster_result_item(result, i, &items[i]) == PSG_OK, "item %zu", i);
    size_t n = 0;
    CHECK(psg_cluster_result_leaves(result, i, 0, leaves, N + SHELTER, &n) == PSG_OK && n == items[i].count,
          "item %zu leaves %zu vs count %u", i, n, items[i].count);
    total += n;
    if (items[i].kind == PSG_ITEM_CLUSTER) {
      clusters++;
      CHECK(items[i].pin == UINT32_MAX && items[i].cluster_id != 0 && items[i].expansion_zoom > (int32_t)floor(psg_cluster_result_zoom(result)) && items[i].expansion_zoom <= 16,
            "cluster fields");
      CHECK(items[i].missing + items[i].found + items[i].closed == items[i].count, "status counts add up");
      int32_t zoom = -1;
      CHECK(psg_cluster_index_expansion_zoom(index, items[i].cluster_id, &zoom) == PSG_OK && zoom == items[i].expansion_zoom,
            "expansion zoom by id");
      size_t paged = 0, page = 0;
      do {
        CHECK(psg_cluster_index_leaves(index, items[i].cluster_id, paged, leaves, 7, &page) == PSG_OK, "leaves page");
        paged += page;
      } while (page == 7);
      CHECK(paged == items[i].count, "pages add up: %zu of %u", paged, items[i].count);
      psg_camera zoomed;
      CHECK(psg_cluster_index_zoom_camera(index, items[i].cluster_id, 390, 844, &zoomed) == PSG_OK && zoomed.lng_delta > 0,
            "tap-to-zoom camera");
    } else {
      CHECK(items[i].pin < N + SHELTER && items[i].count == 1, "pin fields");
    }
    CHECK(psg_cluster_result_hit_test(result, items[i].x + 3, items[i].y - 3) == (int64_t)i, "hit test item %zu", i);
    for (size_t j = 0; j < i; j++) {
      double dx = items[i].x - items[j].x, dy = items[i].y - items[j].y;
      CHECK(sqrt(dx * dx + dy * dy) >= 44 * (1 - 1e-9), "items %zu and %zu too close", i, j);
    }
  }
  CHECK(total == N + SHELTER && clusters > 0, "every pin shown once: %zu, %zu clusters", total, clusters);
  CHECK(psg_cluster_result_hit_test(result, -1000, -1000) == -1, "hit test misses");
  /* The span's height decides the fit here: zoom below log2(1280 / (0.2 / 360) / 256) = 12.8. */
  CHECK(psg_cluster_result_zoom(result) > 11 && psg_cluster_result_zoom(result) < 12.8, "result zoom %f", psg_cluster_result_zoom(result));

  /* Zoom 18 at the shelter: 60 spider legs around it, no clusters. */
  psg_camera shelter = camera(48.8566, 2.3522, 1e-9, 360.0 * 1280 / (256 * 262144.0), 1280, 800, 0);
  psg_cluster_result *spider = NULL;
  CHECK(psg_cluster_index_query(index, &shelter, &spider) == PSG_OK, "spider query");
  size_t legs = 0;
  for (size_t i = 0; i < psg_cluster_result_count(spider); i++) {
    psg_cluster_item item;
    psg_cluster_result_item(spider, i, &item);
    CHECK(item.kind != PSG_ITEM_CLUSTER, "no clusters at max zoom");
    if (item.kind == PSG_ITEM_SPIDER) {
      legs++;
      CHECK(fabs(item.anchor_x - 640) < 1e-6 && fabs(item.anchor_y - 400) < 1e-6, "leg anchored at the shelter");
    }
  }
  CHECK(legs == SHELTER, "%zu spider legs", legs);

  /* Insert and remove; the earlier result is a snapshot and does not change. */
  CHECK(psg_cluster_index_insert(index, 5000, 48.86, 2.36, "MISSING") == PSG_OK && psg_cluster_index_count(index) == N + SHELTER + 1,
        "insert");
  CHECK(psg_cluster_index_insert(index, 5000, 48.86, 2.36, NULL) == PSG_ERR_INVALID_ARGUMENT, "insert a number in use");
  CHECK(strstr(psg_cluster_index_last_error(index), "5000") != NULL, "error names the pin: %s", psg_cluster_index_last_error(index));
  CHECK(psg_cluster_index_insert(index, 5001, NAN, 2.36, NULL) == PSG_ERR_INVALID_ARGUMENT, "insert NaN");
  CHECK(psg_cluster_index_remove(index, 0) == PSG_OK && psg_cluster_index_count(index) == N + SHELTER, "remove");
  CHECK(psg_cluster_index_remove(index, 0) == PSG_ERR_INVALID_ARGUMENT, "remove twice");
  CHECK(psg_cluster_result_count(result) == count, "snapshot unchanged");
  psg_cluster_result *after = NULL;
  CHECK(psg_cluster_index_query(index, &city, &after) == PSG_OK, "query after changes");
  total = 0;
  int saw_new = 0, saw_removed = 0;
  for (size_t i = 0; i < psg_cluster_result_count(after); i++) {
    size_t n = 0;
    psg_cluster_result_leaves(after, i, 0, leaves, N + SHELTER, &n);
    for (size_t k = 0; k < n; k++) { saw_new |= leaves[k] == 5000; saw_removed |= leaves[k] == 0; }
    total += n;
  }
  CHECK(total == N + SHELTER && saw_new && !saw_removed, "changes shown: %zu", total);

  /* Errors and NULLs. */
  psg_camera bad = camera(0, 0, -1, 1, 10, 10, 0);
  psg_cluster_result *none = NULL;
  CHECK(psg_cluster_index_query(index, &bad, &none) == PSG_ERR_INVALID_ARGUMENT && none == NULL, "bad camera");
  CHECK(strstr(psg_cluster_index_last_error(index), "latDelta") != NULL, "error names latDelta");
  int32_t zoom;
  CHECK(psg_cluster_index_expansion_zoom(index, 12345, &zoom) == PSG_ERR_INVALID_ARGUMENT, "unknown cluster id");
  options.min_separation = 0;
  psg_cluster_index *invalid = NULL;
  CHECK(psg_cluster_index_create(pins, &options, &invalid) == PSG_ERR_INVALID_ARGUMENT && invalid == NULL, "bad options");
  CHECK(strstr(psg_pins_last_error(pins), "minSeparation") != NULL, "error names minSeparation");
  options.struct_size = 4;
  CHECK(psg_cluster_index_create(pins, &options, &invalid) == PSG_ERR_INVALID_ARGUMENT, "bad struct size");
  CHECK(psg_cluster_index_create(NULL, NULL, &invalid) == PSG_ERR_INVALID_ARGUMENT, "NULL pins");
  CHECK(psg_cluster_index_create(pins, NULL, NULL) == PSG_ERR_INVALID_ARGUMENT, "NULL out_index");
  CHECK(psg_cluster_index_query(NULL, &city, &none) == PSG_ERR_INVALID_ARGUMENT, "NULL index");
  CHECK(psg_cluster_index_query(index, NULL, &none) == PSG_ERR_INVALID_ARGUMENT, "NULL camera");
  CHECK(psg_cluster_index_query(index, &city, NULL) == PSG_ERR_INVALID_ARGUMENT, "NULL out_result");
  CHECK(psg_cluster_result_item(NULL, 0, &items[0]) == PSG_ERR_INVALID_ARGUMENT, "NULL result");
  CHECK(psg_cluster_result_item(result, count, &items[0]) == PSG_ERR_INVALID_ARGUMENT, "item out of range");
  CHECK(psg_cluster_result_item(result, 0, NULL) == PSG_ERR_INVALID_ARGUMENT, "NULL out_item");
  size_t n;
  CHECK(psg_cluster_result_leaves(result, 0, 0, NULL, 5, &n) == PSG_ERR_INVALID_ARGUMENT, "NULL out_pins");
  CHECK(psg_cluster_result_leaves(result, 0, 0, NULL, 0, &n) == PSG_OK && n == 0, "capacity 0");
  CHECK(psg_cluster_index_leaves(index, 1, 0, leaves, 5, NULL) == PSG_ERR_INVALID_ARGUMENT, "NULL out_count");
  CHECK(psg_cluster_index_zoom_camera(index, items[0].cluster_id, NAN, 10, NULL) == PSG_ERR_INVALID_ARGUMENT, "NULL out_camera");
  CHECK(psg_cluster_index_insert(NULL, 1, 0, 0, NULL) == PSG_ERR_INVALID_ARGUMENT && psg_cluster_index_remove(NULL, 1) == PSG_ERR_INVALID_ARGUMENT,
        "NULL insert/remove");
  CHECK(psg_cluster_index_count(NULL) == 0 && psg_cluster_result_count(NULL) == 0 && isnan(psg_cluster_result_zoom(NULL)) &&
            psg_cluster_result_hit_test(NULL, 0, 0) == -1 && strcmp(psg_cluster_index_last_error(NULL), "") == 0,
        "NULL accessors");
  psg_cluster_result_destroy(result);
  psg_cluster_result_destroy(spider);
  psg_cluster_result_destroy(after);
  psg_cluster_result_destroy(NULL);
  psg_cluster_index_destroy(index);
  psg_cluster_index_destroy(NULL);
  psg_pins_destroy(pins);
}

static void test_found_report(void) {
  psg_found_result *r = NULL;
  CHECK(psg_found_report_validate("{\"photo\":\"a.jpg\",\"dateFound\":\"2025-01-05\",\"species\":\"cat\",\"sex\":\"male\","
                                  "\"latitude\":\"52,2297\",\"longitude\":21.0122,\"phone\":\"+48 600 100 200\","
                                  "\"email\":\"a@b.pl\",\"caregiverPhone\":\"600700800\",\"currentAddress\":\"Main St 1\"}",
                                  &r) == PSG_OK,
        "validate ok");
  CHECK(psg_found_result_valid(r) == 1 && psg_found_result_error_count(r) == 0, "valid form");
  const char *payload = psg_found_result_payload_json(r);
  CHECK(payload != NULL && strstr(payload, "\"status\":\"FOUND\"") && strstr(payload, "\"lastSeenDate\":\"2025-01-05\"") &&
            !strstr(payload, "600700800") && !strstr(payload, "Main St"),
        "payload %s", payload ? payload : "(null)");
  psg_found_result_destroy(r);

  CHECK(psg_found_report_validate("{\"microchip\":\"12a\",\"caregiverPhone\":\"12\"}", &r) == PSG_OK, "validate invalid");
  CHECK(psg_found_result_valid(r) == 0 && psg_found_result_payload_json(r) == NULL, "invalid form has no payload");
  size_t n = psg_found_result_error_count(r);
  int saw_photo = 0, saw_caregiver = 0;
  for (size_t i = 0; i < n; i++) {
    saw_photo |= strcmp(psg_found_result_error_code(r, i), "photo_required") == 0;
    saw_caregiver |= strcmp(psg_found_result_error_field(r, i), "caregiverPhone") == 0 &&
                     strlen(psg_found_result_error_message(r, i)) > 0;
  }
  CHECK(saw_photo && saw_caregiver, "errors listed (%zu)", n);
  CHECK(psg_found_result_error_code(r, n) == NULL && psg_found_result_error_field(NULL, 0) == NULL, "out of range");
  psg_found_result_destroy(r);

  CHECK(psg_found_report_validate("not json", &r) == PSG_OK && psg_found_result_error_count(r) == 1 &&
            strcmp(psg_found_result_error_code(r, 0), "malformed_json") == 0,
        "malformed JSON is an error in the result");
  psg_found_result_destroy(r);
  CHECK(psg_found_report_validate(NULL, &r) == PSG_ERR_INVALID_ARGUMENT, "NULL form");
  CHECK(psg_found_result_valid(NULL) == 0 && psg_found_result_error_count(NULL) == 0, "NULL result accessors");
  psg_found_result_destroy(NULL);

  char buffer[18];
  size_t length = 0, caret = 0;
  CHECK(psg_microchip_format("1234567890123456789", 19, buffer, sizeof buffer, &length, &caret) == PSG_OK &&
            strcmp(buffer, "12345-67890-12345") == 0 && length == 17 && caret == 17,
        "microchip %s %zu %zu", buffer, length, caret);
  CHECK(psg_microchip_format("123456", 6, NULL, 0, &length, NULL) == PSG_ERR_BUFFER_TOO_SMALL && length == 7, "two-call");
  CHECK(psg_microchip_format("12a34", 3, buffer, sizeof buffer, &length, &caret) == PSG_OK && strcmp(buffer, "1234") == 0 &&
            caret == 2,
        "drops letters");
  CHECK(psg_microchip_format(NULL, 0, buffer, sizeof buffer, &length, &caret) == PSG_ERR_INVALID_ARGUMENT, "NULL text");
}

/* Callout placement from C: the README's iPhone example, obstacles, coordinates, errors. */
static void test_callout(psg_engine *engine) {
  psg_callout_options o;
  psg_callout_options_init(&o);
  CHECK(o.struct_size == sizeof o && o.margin == 8 && o.pin_height == 40 && o.gap == 10 && o.arrow_width == 20 &&
            o.arrow_height == 10 && o.corner_radius == 12,
        "callout defaults");
  o.viewport_width = 390; o.viewport_height = 844; o.inset_top = 59; o.inset_bottom = 34;
  o.callout_width = 262; o.callout_height = 360;
  psg_callout_placement p;
  CHECK(psg_callout_place(engine, &o, 195, 600, &p) == PSG_OK, "place");
  CHECK(p.placement == PSG_CALLOUT_ABOVE && p.fits == 1 && p.frame.x == 64 && p.frame.y == 180 && p.arrow_x == 131,
        "above at (%g, %g)", p.frame.x, p.frame.y);
  CHECK(psg_callout_place(engine, &o, 195, 200, &p) == PSG_OK && p.placement == PSG_CALLOUT_BELOW && p.frame.y == 220,
        "below");
  CHECK(psg_callout_place(engine, &o, 15, 600, &p) == PSG_OK && p.fits == 0 && p.pan_dx == 15 && p.pan_dy == 0, "pan");
  psg_rect legend = {0, 100, 390, 280};
  const char *notch[] = {"POLYGON((0 600, 390 600, 390 844, 0 844, 0 600))"};
  o.callout_height = 150;
  o.obstacle_rects = &legend; o.obstacle_rect_count = 1;
  o.obstacle_wkt = notch; o.obstacle_wkt_count = 1;
  CHECK(psg_callout_place(engine, &o, 195, 600, &p) == PSG_OK && p.fits == 1 && p.placement == PSG_CALLOUT_ABOVE,
        "above between obstacles (frame y %g)", p.frame.y);
  const char *bad[] = {"POLYGON((0 0, 1"};
  o.obstacle_wkt = bad;
  CHECK(psg_callout_place(engine, &o, 195, 600, &p) == PSG_ERR_INVALID_ARGUMENT &&
            strcmp(psg_engine_last_error_field(engine), "obstacles[1]") == 0,
        "malformed WKT names obstacles[1]: %s", psg_engine_last_error(engine));
  o.obstacle_wkt_count = 0; o.obstacle_rect_count = 0;
  o.callout_width = -5;
  CHECK(psg_callout_place(engine, &o, 195, 600, &p) == PSG_ERR_INVALID_ARGUMENT &&
            strcmp(psg_engine_last_error_field(engine), "callout.width") == 0,
        "negative size");
  o.callout_width = 262;
  o.viewport_width = NAN;
  CHECK(psg_callout_place(engine, &o, 195, 600, &p) == PSG_ERR_INVALID_ARGUMENT &&
            strcmp(psg_engine_last_error_field(engine), "viewport.width") == 0,
        "NaN viewport");
  psg_camera cam = camera(52.2297, 21.0122, 0.05, 0.08, 390, 844, 0);
  CHECK(psg_callout_place_coordinate(engine, &o, &cam, 52.2297, 21.0122, &p) == PSG_OK && p.fits == 1 &&
            fabs(p.frame.x + p.arrow_x - 195) < 1e-9,
        "coordinate pin at the centre");
  CHECK(psg_callout_place_coordinate(engine, &o, NULL, 0, 0, &p) == PSG_ERR_INVALID_ARGUMENT, "NULL camera");
  CHECK(psg_callout_place_coordinate(engine, &o, &cam, 95, 0, &p) == PSG_ERR_INVALID_ARGUMENT, "bad coordinate");
  CHECK(psg_callout_place(NULL, &o, 1, 1, &p) == PSG_ERR_INVALID_ARGUMENT && psg_callout_place(engine, NULL, 1, 1, &p) ==
            PSG_ERR_INVALID_ARGUMENT && psg_callout_place(engine, &o, 1, 1, NULL) == PSG_ERR_INVALID_ARGUMENT,
        "NULLs");
  o.struct_size = 4;
  CHECK(psg_callout_place(engine, &o, 1, 1, &p) == PSG_ERR_INVALID_ARGUMENT, "short struct");
  psg_callout_options_init(NULL);
}

/* The map controller from C: fetch effects, a race, selection and callout content. */
static void test_controller(psg_engine *engine) {
  psg_controller *c = NULL;
  CHECK(psg_controller_create(engine, NULL, &c) == PSG_OK && c != NULL, "controller create");
  psg_camera cam = camera(52.23, 21.01, 0.05, 0.05, 390, 844, 0);
  CHECK(psg_controller_appear(c, &cam, NAN) == PSG_OK, "appear");
  CHECK(psg_controller_effect_count(c) == 1 && psg_controller_effect_type(c, 0) == PSG_EFFECT_FETCH &&
            psg_controller_effect_request_id(c, 0) == 1,
        "appear fetches request 1");
  psg_query q, direct;
  psg_engine_query_radius(engine, &cam, &direct);
  CHECK(psg_controller_effect_query(c, 0, &q) == PSG_OK && q.range == direct.range, "fetch query = radius query");
  CHECK(psg_controller_is_loading(c) == 1, "loading");
  CHECK(psg_controller_gesture_began(c, NAN) == PSG_OK && psg_controller_effect_count(c) == 0, "no fetch in a gesture");
  psg_camera moved = camera(52.231, 21.011, 0.05, 0.05, 390, 844, 0);
  CHECK(psg_controller_gesture_ended(c, &moved, NAN) == PSG_OK && psg_controller_effect_type(c, 0) == PSG_EFFECT_CANCEL &&
            psg_controller_effect_request_id(c, 0) == 1 && psg_controller_effect_request_id(c, 1) == 2,
        "cancel 1 then fetch 2");
  const char *body = "[{\"id\":\"a1\",\"petName\":\"Rex\",\"species\":\"dog\",\"breed\":\"Beagle\",\"status\":\"ACTIVE\","
                     "\"lastSeenLatitude\":52.231,\"lastSeenLongitude\":21.011,\"lastSeenDate\":\"2025-01-05\"},"
                     "{\"id\":\"broken\",\"lastSeenLatitude\":\"x\"}]";
  CHECK(psg_controller_fetch_succeeded(c, 2, body, NAN) == PSG_OK && psg_controller_pin_count(c) == 1 &&
            strcmp(psg_controller_pin_id(c, 0), "a1") == 0 && psg_controller_is_loading(c) == 0,
        "response 2 shown");
  CHECK(psg_controller_fetch_succeeded(c, 1, "[]", NAN) == PSG_OK && psg_controller_pin_count(c) == 1, "late answer ignored");
  CHECK(psg_controller_fetch_succeeded(c, 9, "[]", NAN) == PSG_ERR_INVALID_ARGUMENT &&
            strstr(psg_controller_last_error(c), "never issued") != NULL,
        "unknown request id");
  CHECK(psg_controller_fetch_succeeded(c, 2, "{", NAN) == PSG_ERR_INVALID_ARGUMENT, "malformed body");
  CHECK(psg_controller_selected_id(c) == NULL && psg_controller_callout_text(c, PSG_CALLOUT_TITLE) == NULL, "no selection");
  CHECK(psg_controller_tap_pin(c, "a1", NAN) == PSG_OK && strcmp(psg_controller_selected_id(c), "a1") == 0 &&
            psg_controller_effect_type(c, 0) == PSG_EFFECT_SELECTION_CHANGED,
        "select a1");
  CHECK(strcmp(psg_controller_callout_text(c, PSG_CALLOUT_TITLE), "Rex") == 0 &&
            strcmp(psg_controller_callout_text(c, PSG_CALLOUT_SUBTITLE), "Dog \xE2\x80\xA2 Beagle") == 0 &&
            strcmp(psg_controller_callout_text(c, PSG_CALLOUT_DATE), "\xF0\x9F\x93\x85 Jan 05, 2025") == 0 &&
            strcmp(psg_controller_callout_text(c, PSG_CALLOUT_BADGE_COLOR), "#FF9500") == 0 &&
            psg_controller_callout_text(c, PSG_CALLOUT_EMAIL) == NULL,
        "callout content");
  psg_callout_placement p;
  CHECK(psg_controller_callout_placement(c, &p) == PSG_OK && p.fits == 1, "callout placement");
  CHECK(strstr(psg_controller_state_json(c), "\"selectedId\":\"a1\"") != NULL, "state JSON");
  CHECK(psg_controller_tap_map(c, NAN) == PSG_OK && psg_controller_selected_id(c) == NULL, "tap map deselects");
  CHECK(psg_controller_viewport_changed(c, -1, 10, NAN) == PSG_ERR_INVALID_ARGUMENT && psg_controller_pin_count(c) == 1,
        "bad size leaves the controller unchanged");
  CHECK(psg_controller_appear(c, NULL, NAN) == PSG_ERR_INVALID_ARGUMENT && psg_controller_tap_pin(c, NULL, NAN) ==
            PSG_ERR_INVALID_ARGUMENT && psg_controller_appear(NULL, &cam, NAN) == PSG_ERR_INVALID_ARGUMENT,
        "NULLs");
  CHECK(psg_controller_effect_type(NULL, 0) == 0 && psg_controller_pin_id(c, 99) == NULL &&
            strcmp(psg_controller_state_json(NULL), "") == 0,
        "NULL and out-of-range accessors");
  psg_controller_destroy(c);
  psg_controller_destroy(NULL);
}

int main(void) {
  psg_engine *engine = NULL;
  psg_status s = psg_engine_create(NULL, &engine);
  if (s != PSG_OK) {
    fprintf(stderr, "psg_engine_create: %s\n", psg_status_string(s));
    return 1;
  }
  test_versions_and_statuses();
  test_known_ranges(engine);
  test_invalid_cameras(engine);
  test_null_arguments(engine);
  test_options_and_two_engines();
  test_pins();
  test_clustering();
  test_found_report();
  test_callout(engine);
  test_controller(engine);
  test_hardening(engine);
  test_navigation(engine);
  test_tilted(engine);
  test_onscreen();
  test_changes();
  test_aggregates();
  test_filter();
  test_controller_display();
  psg_engine_destroy(engine);
  printf("C API: %d passed, %d failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}
