/*
 * The map controller with clustering from C: a display after every event (as a cluster result),
 * transitions relating consecutive states, and a selected pin hidden by a zoom-out revealed once
 * with a camera that shows it alone.
 */
#include <math.h>
#include <petspot_geo.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "capi_check.h"

static int has_effect(const psg_controller *c, int32_t type, size_t *at) {
  for (size_t i = 0; i < psg_controller_effect_count(c); i++) {
    if (psg_controller_effect_type(c, i) == type) {
      if (at) *at = i;
      return 1;
    }
  }
  return 0;
}

/* Every item of the previous and of the current display in exactly one transition. */
static void check_transitions(psg_controller *c, size_t before, const char *what) {
  psg_cluster_result *display = NULL;
  psg_cluster_transitions *t = NULL;
  CHECK(psg_controller_display(c, &display) == PSG_OK && psg_controller_display_transitions(c, &t) == PSG_OK,
        "%s: display and transitions", what);
  size_t now = psg_cluster_result_count(display), from = 0, to = 0;
  for (size_t k = 0; k < psg_cluster_transitions_count(t); k++) {
    psg_cluster_transition tr;
    psg_cluster_transitions_get(t, k, &tr);
    from += tr.from_count;
    to += tr.to_count;
  }
  CHECK(from == before && to == now, "%s: transitions cover %zu → %zu items (%zu, %zu)", what, before, now, from, to);
  psg_cluster_transitions_destroy(t);
  psg_cluster_result_destroy(display);
}

static size_t display_count(psg_controller *c) {
  psg_cluster_result *display = NULL;
  if (psg_controller_display(c, &display) != PSG_OK) return 0;
  size_t n = psg_cluster_result_count(display);
  psg_cluster_result_destroy(display);
  return n;
}

void test_controller_display(void) {
  psg_engine *engine = NULL;
  psg_engine_create(NULL, &engine);
  psg_controller *plain = NULL, *c = NULL;
  psg_cluster_options bad;
  psg_cluster_options_init(&bad);
  bad.max_zoom = 23;
  CHECK(psg_controller_create_clustered(engine, NULL, &bad, &c) == PSG_ERR_INVALID_ARGUMENT && c == NULL &&
            psg_controller_create_clustered(NULL, NULL, NULL, &c) == PSG_ERR_INVALID_ARGUMENT,
        "bad clustering options, NULL engine");
  CHECK(psg_controller_create(engine, NULL, &plain) == PSG_OK, "plain controller");
  psg_camera close = {52.23, 21.01, 0.001, 0.001, 390, 844, 0, 0};
  psg_camera wide = {52.23, 21.01, 0.05, 0.05, 390, 844, 0, 0};
  psg_cluster_result *none = NULL;
  psg_controller_appear(plain, &close, NAN);
  CHECK(psg_controller_display(plain, &none) == PSG_ERR_INVALID_ARGUMENT && none == NULL &&
            psg_controller_selection_item(plain) == -1,
        "clustering off: no display");
  psg_controller_destroy(plain);

  CHECK(psg_controller_create_clustered(engine, NULL, NULL, &c) == PSG_OK, "clustered controller");
  CHECK(psg_controller_display(c, &none) == PSG_ERR_INVALID_ARGUMENT, "no display before a camera");
  psg_controller_appear(c, &close, 0);
  CHECK(has_effect(c, PSG_EFFECT_DISPLAY_CHANGED, NULL) && display_count(c) == 0, "appear: an empty display");
  const char *body =
      "[{\"id\":\"a1\",\"lastSeenLatitude\":52.23,\"lastSeenLongitude\":21.01,\"status\":\"MISSING\"},"
      "{\"id\":\"a2\",\"lastSeenLatitude\":52.2302,\"lastSeenLongitude\":21.0102},"
      "{\"id\":\"a3\",\"lastSeenLatitude\":52.2295,\"lastSeenLongitude\":21.0098}]";
  CHECK(psg_controller_fetch_succeeded(c, 1, body, 1) == PSG_OK && display_count(c) == 3, "three pins shown alone");
  check_transitions(c, 0, "fetched");
  CHECK(psg_controller_tap_pin(c, "a1", 2) == PSG_OK && psg_controller_selection_item(c) >= 0 &&
            psg_controller_selection_hidden(c) == 0 && !has_effect(c, PSG_EFFECT_DISPLAY_CHANGED, NULL),
        "selected, shown alone, display unchanged");
  check_transitions(c, 3, "tap: every item stays");
  size_t at = 0;
  CHECK(psg_controller_gesture_ended(c, &wide, 3) == PSG_OK && has_effect(c, PSG_EFFECT_DISPLAY_CHANGED, NULL) &&
            has_effect(c, PSG_EFFECT_REVEAL_SELECTION, &at),
        "zoom-out: display changed, selection revealed");
  check_transitions(c, 3, "zoom-out: merged");
  CHECK(psg_controller_selection_hidden(c) == 1 && psg_controller_selection_item(c) == 0 && display_count(c) == 1 &&
            strcmp(psg_controller_selected_id(c), "a1") == 0,
        "the selection stays, hidden in the one cluster");
  psg_camera_ex reveal;
  CHECK(psg_controller_effect_camera(c, at, &reveal) == PSG_OK && reveal.lat_delta < 0.01 &&
            psg_controller_effect_camera(c, 0, NULL) == PSG_ERR_INVALID_ARGUMENT &&
            psg_controller_effect_camera(c, 99, &reveal) == PSG_ERR_INVALID_ARGUMENT,
        "the reveal camera (and misuse)");
  psg_callout_placement placement;
  CHECK(psg_controller_callout_placement(c, &placement) == PSG_OK, "the callout is placed on the cluster");
  CHECK(psg_controller_gesture_ended_ex(c, &reveal, 4) == PSG_OK && psg_controller_selection_hidden(c) == 0 &&
            !has_effect(c, PSG_EFFECT_REVEAL_SELECTION, NULL),
        "at the reveal camera it is shown alone");
  CHECK(strstr(psg_controller_state_json(c), "\"display\":{") != NULL &&
            strstr(psg_controller_state_json(c), "\"selection\":{") != NULL,
        "the state JSON has the display and the selection");
  CHECK(psg_controller_display(NULL, &none) == PSG_ERR_INVALID_ARGUMENT &&
            psg_controller_display_transitions(c, NULL) == PSG_ERR_INVALID_ARGUMENT &&
            psg_controller_selection_item(NULL) == -1 && psg_controller_selection_hidden(NULL) == 0,
        "NULL arguments");
  psg_controller_destroy(c);
  psg_engine_destroy(engine);
}
