/* Invariant 6 through the C API: every pin psg_pins_visible_ex reports is held by an item drawn
 * inside the viewport, for random cameras of every kind (flat, rotated, antimeridian, polar, tiny,
 * wider than the world, tilted, corner form) over pins with dense towns and a 60-pin shelter. */
#define _DEFAULT_SOURCE
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "capi_check.h"
#include "petspot_geo.h"

enum { PIN_COUNT = 6000 };

static uint64_t state = 0x0F5C;
static double unit(void) {
  state = state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (double)(state >> 11) * 0x1p-53;
}
static double between(double lo, double hi) { return lo + (hi - lo) * unit(); }

static const double towns[4][2] = {{52.23, 21.01}, {-33.87, 151.21}, {64.15, -179.5}, {82.5, 30}};

/* A random camera of kind k (0 flat city/country, 1 rotated any span, 2 antimeridian, 3 polar,
 * 4 tiny, 5 wider than the world, 6 tilted, 7 corner form of a tilted one). */
static psg_camera_ex random_camera(int k) {
  psg_camera_ex c;
  psg_camera_ex_init(&c);
  const double *town = towns[(int)(unit() * 4) % 4];
  c.lat = town[0] + between(-0.3, 0.3), c.lng = town[1] + between(-0.3, 0.3);
  c.width = between(200, 1400), c.height = between(200, 1400);
  double span = pow(10, between(-3, 1));
  switch (k % 8) {
  case 1: span = pow(10, between(-3, 2)), c.heading = between(0, 360); break;
  case 2: c.lng = unit() < 0.5 ? between(178, 180) : between(-180, -178), span = pow(10, between(-2, 1.5)); break;
  case 3: c.lat = (unit() < 0.5 ? 1 : -1) * between(80, 85), span = pow(10, between(-2, 1.5)), c.heading = between(0, 360); break;
  case 4: span = pow(10, between(-6, -3)), c.heading = between(0, 360); break;
  case 5: span = between(400, 1000), c.heading = unit() < 0.5 ? 0 : between(0, 360); break;
  case 6:
  case 7: c.heading = between(0, 360), c.fov = between(20, 90), c.pitch = between(1, 89 - c.fov / 2); break;
  default: break;
  }
  if (c.lng > 180) c.lng -= 360;
  c.lat_delta = fmin(span, 170), c.lng_delta = span;
  if (k % 8 == 7) {
    psg_camera_ex corners;
    if (capi_corner_form(&c, &corners)) return corners;
  }
  return c;
}

void test_onscreen(void) {
  static double lat[PIN_COUNT], lng[PIN_COUNT];
  for (int i = 0; i < PIN_COUNT; i++) {
    if (i < 60) { /* a shelter: 60 pins at one address */
      lat[i] = 52.2297, lng[i] = 21.0122;
    } else if (i % 5 == 0) {
      lat[i] = between(-85, 85), lng[i] = between(-180, 180);
    } else {
      const double *town = towns[i % 4];
      lat[i] = fmin(fmax(town[0] + between(-0.5, 0.5), -89), 89), lng[i] = town[1] + between(-0.5, 0.5);
      if (lng[i] > 180) lng[i] -= 360;
      if (lng[i] < -180) lng[i] += 360;
    }
  }
  psg_pins *pins = NULL;
  CHECK(psg_pins_create(lat, lng, NULL, PIN_COUNT, NULL, &pins) == PSG_OK, "pins");
  static uint32_t visible[PIN_COUNT], leaves[PIN_COUNT];
  static int32_t held[PIN_COUNT];
  size_t cameras = 0, seen = 0, offscreen = 0, unheld = 0;
  for (int round = 0; round < 4; round++) {
    psg_cluster_options options;
    psg_cluster_options_init(&options);
    options.min_separation = (double[]){44, 60, 20, 90}[round];
    options.max_zoom = (int32_t[]){20, 16, 12, 18}[round];
    psg_cluster_index *index = NULL;
    CHECK(psg_cluster_index_create(pins, &options, &index) == PSG_OK, "index");
    for (int k = 0; k < 64; k++) {
      psg_camera_ex camera = random_camera(k);
      size_t n_visible = 0;
      if (psg_pins_visible_ex(pins, &camera, 0, visible, PIN_COUNT, &n_visible) != PSG_OK) continue;
      psg_cluster_result *result = NULL;
      if (psg_cluster_index_query_ex(index, &camera, &result) != PSG_OK) {
        CHECK(0, "query: %s", psg_cluster_index_last_error(index));
        continue;
      }
      cameras++;
      for (int i = 0; i < PIN_COUNT; i++) held[i] = -1;
      size_t items = psg_cluster_result_count(result);
      for (size_t i = 0; i < items; i++) {
        psg_cluster_item item;
        psg_cluster_result_item(result, i, &item);
        int inside = item.x >= -1e-6 && item.x <= camera.width + 1e-6 && item.y >= -1e-6 && item.y <= camera.height + 1e-6;
        if (!inside) offscreen++;
        size_t got = 0;
        psg_cluster_result_leaves(result, i, 0, leaves, PIN_COUNT, &got);
        for (size_t j = 0; j < got; j++) held[leaves[j]] = inside ? (int32_t)i : -2;
      }
      for (size_t j = 0; j < n_visible; j++) {
        seen++;
        if (held[visible[j]] < 0) unheld++;
      }
      psg_cluster_result_destroy(result);
    }
    psg_cluster_index_destroy(index);
  }
  CHECK(cameras >= 200 && seen > 20000, "%zu cameras see %zu pins", cameras, seen);
  CHECK(offscreen == 0, "%zu items drawn outside the viewport", offscreen);
  CHECK(unheld == 0, "%zu visible pins not held by an item drawn in view", unheld);
  psg_pins_destroy(pins);
}
