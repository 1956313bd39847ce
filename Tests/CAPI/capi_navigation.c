/*
 * Every cluster a query shows can be navigated through the C API: below zoom 0 (merged clusters
 * are remembered by the index handle that showed them), with viewports no larger than the
 * separation, and with tap-to-zoom cameras safely at or above the expansion zoom.
 */
#include <math.h>
#include <petspot_geo.h>
#include <string.h>

#include "capi_check.h"

static double camera_zoom(psg_engine *engine, const psg_camera *camera) {
  psg_query q;
  return psg_engine_query_radius(engine, camera, &q) == PSG_OK ? q.zoom : NAN;
}

static void test_below_zoom_zero(void) {
  double lat[2] = {0, 0}, lng[2] = {0, 90};
  const char *ids[2] = {"a", "b"};
  psg_pins *pins = NULL;
  CHECK(psg_pins_create_with_ids(lat, lng, NULL, ids, 2, NULL, &pins) == PSG_OK, "pins with ids");
  const char *repeated[2] = {"a", "a"};
  psg_pins *bad = NULL;
  CHECK(psg_pins_create_with_ids(lat, lng, NULL, repeated, 2, NULL, &bad) == PSG_ERR_INVALID_ARGUMENT && bad == NULL,
        "repeated ids refused");
  CHECK(psg_pins_create_with_ids(lat, lng, NULL, NULL, 2, NULL, &bad) == PSG_ERR_INVALID_ARGUMENT, "NULL ids refused");
  psg_cluster_index *index = NULL;
  CHECK(psg_cluster_index_create(pins, NULL, &index) == PSG_OK, "index");
  psg_camera thumbnail = {0, 0, 80, 360, 100, 100, 0, 0};
  psg_cluster_result *result = NULL;
  CHECK(psg_cluster_index_query(index, &thumbnail, &result) == PSG_OK && psg_cluster_result_count(result) == 1,
        "one merged cluster at zoom %f", psg_cluster_result_zoom(result));
  psg_cluster_item item;
  psg_cluster_result_item(result, 0, &item);
  CHECK(item.kind == PSG_ITEM_CLUSTER && item.count == 2, "a cluster of 2");
  uint32_t leaves[4];
  size_t n = 0;
  int32_t zoom = -1;
  CHECK(psg_cluster_index_leaves(index, item.cluster_id, 0, leaves, 4, &n) == PSG_OK && n == 2, "leaves by id: %s",
        psg_cluster_index_last_error(index));
  CHECK(psg_cluster_index_expansion_zoom(index, item.cluster_id, &zoom) == PSG_OK && zoom == 0, "expansion zoom");
  psg_camera zoomed;
  CHECK(psg_cluster_index_zoom_camera(index, item.cluster_id, 100, 100, &zoomed) == PSG_OK, "zoom camera by id");
  psg_cluster_result *after = NULL;
  CHECK(psg_cluster_index_query(index, &zoomed, &after) == PSG_OK && psg_cluster_result_count(after) == 2,
        "tap-to-zoom splits it");
  /* A change to the pins forgets merged clusters: their members may differ now. */
  CHECK(psg_cluster_index_insert(index, 7, 10, 10, NULL) == PSG_OK, "insert");
  CHECK(psg_cluster_index_expansion_zoom(index, item.cluster_id, &zoom) == PSG_ERR_INVALID_ARGUMENT,
        "a merged id is forgotten once the index changes");
  psg_cluster_result_destroy(after);
  psg_cluster_result_destroy(result);
  psg_cluster_index_destroy(index);
  psg_pins_destroy(pins);
}

static void test_tap_to_zoom(psg_engine *engine) {
  /* Two pins 11 m apart, default 44-point separation. */
  double lat[2] = {52.2297, 52.2297}, lng[2] = {21.0122, 21.01236};
  psg_pins *pins = NULL;
  psg_pins_create(lat, lng, NULL, 2, NULL, &pins);
  psg_cluster_index *index = NULL;
  psg_cluster_index_create(pins, NULL, &index);
  psg_camera city = {52.2297, 21.0122, 0.5, 0.5, 390, 844, 0, 0};
  psg_cluster_result *result = NULL;
  psg_cluster_index_query(index, &city, &result);
  psg_cluster_item item;
  CHECK(psg_cluster_result_item(result, 0, &item) == PSG_OK && item.kind == PSG_ITEM_CLUSTER, "the pair clusters");
  double sizes[][2] = {{44, 44}, {500, 40}, {40, 500}, {45, 45}, {390, 844}};
  for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
    psg_camera zoomed;
    psg_status s = psg_cluster_index_zoom_camera(index, item.cluster_id, sizes[i][0], sizes[i][1], &zoomed);
    CHECK(s == PSG_OK, "%gx%g: %s", sizes[i][0], sizes[i][1], psg_cluster_index_last_error(index));
    if (s == PSG_OK && sizes[i][0] >= 390) { /* the pair fits at E only in a viewport this large */
      double z = camera_zoom(engine, &zoomed);
      CHECK(z >= item.expansion_zoom + 1e-10, "%gx%g: zoom %.15f above E = %d", sizes[i][0], sizes[i][1], z,
            item.expansion_zoom);
    }
  }
  psg_camera zoomed;
  CHECK(psg_cluster_index_zoom_camera(index, item.cluster_id, 0, 100, &zoomed) == PSG_ERR_INVALID_ARGUMENT &&
            strstr(psg_cluster_index_last_error(index), "width") != NULL,
        "a zero viewport names width: %s", psg_cluster_index_last_error(index));
  psg_cluster_result_destroy(result);
  psg_cluster_index_destroy(index);
  psg_pins_destroy(pins);
}

void test_navigation(psg_engine *engine) {
  test_below_zoom_zero();
  test_tap_to_zoom(engine);
}
