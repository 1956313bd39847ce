/*
 * The cluster index's children, update and reveal from C: children partition a cluster's leaves
 * (also for a cluster a query merged), update moves a pin and changes its status without a rebuild,
 * reveal finds the item holding a pin and a camera showing it alone, and pins are found by number
 * whether the set was made with numbers or with ids.
 */
#include <math.h>
#include <petspot_geo.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "capi_check.h"

#define TOWN 40

static int compare_u32(const void *a, const void *b) {
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  return (x > y) - (x < y);
}

/* The first cluster item of a result, or -1. */
static long first_cluster(const psg_cluster_result *result, psg_cluster_item *out) {
  for (size_t i = 0; i < psg_cluster_result_count(result); i++) {
    if (psg_cluster_result_item(result, i, out) == PSG_OK && out->kind == PSG_ITEM_CLUSTER) return (long)i;
  }
  return -1;
}

/* Children of `cluster` hold exactly its leaves, each once; every child is drawn at a pin, has no
 * screen point and (for a cluster) splits later than its parent. */
static void check_children(psg_cluster_index *index, const psg_cluster_item *cluster, const char *what) {
  size_t needed = 0;
  CHECK(psg_cluster_index_children(index, cluster->cluster_id, NULL, 0, &needed) == PSG_ERR_BUFFER_TOO_SMALL &&
            needed >= 1,
        "%s: capacity 0 gives the count (%zu)", what, needed);
  psg_cluster_item *children = calloc(needed, sizeof *children);
  size_t n = 0;
  if (needed > 1) {
    CHECK(psg_cluster_index_children(index, cluster->cluster_id, children, needed - 1, &n) ==
                  PSG_ERR_BUFFER_TOO_SMALL &&
              n == needed,
          "%s: one short is too small", what);
  }
  CHECK(psg_cluster_index_children(index, cluster->cluster_id, children, needed, &n) == PSG_OK && n == needed,
        "%s: children %s", what, psg_cluster_index_last_error(index));
  uint32_t *expected = calloc(cluster->count, sizeof *expected);
  uint32_t *got = calloc(cluster->count + 1, sizeof *got);
  size_t leaves = 0, total = 0;
  CHECK(psg_cluster_index_leaves(index, cluster->cluster_id, 0, expected, cluster->count, &leaves) == PSG_OK &&
            leaves == cluster->count,
        "%s: parent leaves", what);
  for (size_t k = 0; k < n; k++) {
    const psg_cluster_item *c = &children[k];
    CHECK(isnan(c->x) && isnan(c->y) && isnan(c->anchor_x) && isnan(c->anchor_y), "%s: child %zu has no screen", what,
          k);
    CHECK(c->missing + c->found + c->closed <= c->count && c->lat >= -90 && c->lat <= 90, "%s: child %zu counts",
          what, k);
    if (c->kind == PSG_ITEM_CLUSTER) {
      CHECK(c->expansion_zoom > cluster->expansion_zoom && c->pin == UINT32_MAX, "%s: child cluster %zu splits later",
            what, k);
      size_t m = 0;
      if (total + c->count <= cluster->count) {
        psg_cluster_index_leaves(index, c->cluster_id, 0, got + total, c->count, &m);
      }
      total += c->count;
    } else {
      CHECK(c->kind == PSG_ITEM_PIN && c->count == 1 && c->expansion_zoom == -1, "%s: child pin %zu", what, k);
      if (total < cluster->count) got[total] = c->pin;
      total++;
    }
  }
  CHECK(total == cluster->count, "%s: children hold %zu of %u leaves", what, total, cluster->count);
  if (total == cluster->count) {
    qsort(expected, leaves, sizeof *expected, compare_u32);
    qsort(got, total, sizeof *got, compare_u32);
    CHECK(memcmp(expected, got, total * sizeof *got) == 0, "%s: children's leaves are the parent's", what);
  }
  free(expected);
  free(got);
  free(children);
}

static void test_children(void) {
  /* A town of TOWN pins 10-100 m apart near the equator, and one pin 50 degrees east of it. */
  double lat[TOWN + 1], lng[TOWN + 1];
  for (int i = 0; i < TOWN; i++) {
    lat[i] = 0.5 + 0.0009 * (i % 7) - 0.0004 * (i / 7);
    lng[i] = 10 + 0.0011 * (i / 7) + 0.0002 * (i % 3);
  }
  lat[TOWN] = 0, lng[TOWN] = 60;
  psg_pins *pins = NULL;
  CHECK(psg_pins_create(lat, lng, NULL, TOWN + 1, NULL, &pins) == PSG_OK, "pins");
  psg_cluster_index *index = NULL;
  CHECK(psg_cluster_index_create(pins, NULL, &index) == PSG_OK, "index");
  psg_camera region = {0.5, 10, 1.0, 1.5, 390, 844, 0, 0};
  psg_cluster_result *result = NULL;
  psg_cluster_item cluster;
  CHECK(psg_cluster_index_query(index, &region, &result) == PSG_OK && first_cluster(result, &cluster) >= 0,
        "a cluster over the town");
  check_children(index, &cluster, "town cluster");

  /* Below zoom 0 the town and the far pin merge at query time: its children are its parts'. */
  psg_camera thumbnail = {0, 0, 80, 360, 100, 100, 0, 0};
  psg_cluster_result *small = NULL;
  psg_cluster_item merged;
  CHECK(psg_cluster_index_query(index, &thumbnail, &small) == PSG_OK && psg_cluster_result_count(small) == 1 &&
            first_cluster(small, &merged) == 0 && merged.count == TOWN + 1,
        "one merged cluster in a thumbnail");
  check_children(index, &merged, "merged cluster");

  /* Reveal pin 3 of the town: the cluster holds it; the camera shows it on its own. */
  psg_camera_ex from;
  psg_camera_ex_init(&from);
  from.lat = region.lat, from.lng = region.lng, from.lat_delta = region.lat_delta, from.lng_delta = region.lng_delta;
  from.width = region.width, from.height = region.height;
  psg_pin_reveal reveal;
  long holder = first_cluster(result, &cluster);
  CHECK(psg_cluster_result_reveal(result, 3, &from, &reveal) == PSG_OK && reveal.item == holder &&
            reveal.shown_alone == 1 && reveal.level > 0 && fabs(reveal.camera.lat - lat[3]) < 1e-9 &&
            fabs(reveal.camera.lng - lng[3]) < 1e-9 && reveal.camera.width == 390 && reveal.camera.height == 844,
        "reveal pin 3: item %lld, level %d", (long long)reveal.item, reveal.level);
  psg_cluster_result *zoomed = NULL;
  int alone = 0;
  CHECK(psg_cluster_index_query_ex(index, &reveal.camera, &zoomed) == PSG_OK, "query the reveal camera");
  for (size_t i = 0; i < psg_cluster_result_count(zoomed); i++) {
    psg_cluster_item it;
    psg_cluster_result_item(zoomed, i, &it);
    if (it.pin == 3 && it.kind != PSG_ITEM_CLUSTER) alone = 1;
  }
  CHECK(alone, "the reveal camera shows pin 3 on its own");
  psg_cluster_result_destroy(zoomed);
  CHECK(psg_cluster_result_reveal(result, TOWN, &from, &reveal) == PSG_OK && reveal.item == -1 &&
            reveal.shown_alone == 1,
        "the far pin is not in view: item -1");
  CHECK(psg_cluster_result_reveal(result, 999, &from, &reveal) == PSG_ERR_INVALID_ARGUMENT, "unknown number");
  CHECK(psg_cluster_result_reveal(NULL, 3, &from, &reveal) == PSG_ERR_INVALID_ARGUMENT &&
            psg_cluster_result_reveal(result, 3, NULL, &reveal) == PSG_ERR_INVALID_ARGUMENT &&
            psg_cluster_result_reveal(result, 3, &from, NULL) == PSG_ERR_INVALID_ARGUMENT,
        "NULL arguments");
  from.struct_size = 0;
  CHECK(psg_cluster_result_reveal(result, 3, &from, &reveal) == PSG_ERR_INVALID_ARGUMENT, "an unfilled camera");

  size_t n = 0;
  psg_cluster_item one;
  CHECK(psg_cluster_index_children(NULL, cluster.cluster_id, &one, 1, &n) == PSG_ERR_INVALID_ARGUMENT, "NULL index");
  CHECK(psg_cluster_index_children(index, cluster.cluster_id, &one, 1, NULL) == PSG_ERR_INVALID_ARGUMENT,
        "NULL out_count");
  CHECK(psg_cluster_index_children(index, cluster.cluster_id, NULL, 4, &n) == PSG_ERR_INVALID_ARGUMENT,
        "NULL out_items with capacity");
  CHECK(psg_cluster_index_children(index, 12345, &one, 1, &n) == PSG_ERR_INVALID_ARGUMENT &&
            strstr(psg_cluster_index_last_error(index), "no cluster") != NULL,
        "unknown id named: %s", psg_cluster_index_last_error(index));
  psg_cluster_result_destroy(small);
  psg_cluster_result_destroy(result);
  psg_cluster_index_destroy(index);
  psg_pins_destroy(pins);
}

/* The status counts of the items of `result` summed, and the number of items. */
static void totals(const psg_cluster_result *result, uint32_t *count, uint32_t *found) {
  *count = *found = 0;
  for (size_t i = 0; i < psg_cluster_result_count(result); i++) {
    psg_cluster_item item;
    psg_cluster_result_item(result, i, &item);
    *count += item.count;
    *found += item.found;
  }
}

static void test_update(void) {
  double lat[3] = {48.8566, 48.8570, 48.8575}, lng[3] = {2.3522, 2.3530, 2.3510};
  const char *statuses[3] = {"MISSING", "MISSING", "FOUND"};
  psg_pins *pins = NULL;
  CHECK(psg_pins_create(lat, lng, statuses, 3, NULL, &pins) == PSG_OK, "pins");
  psg_cluster_index *index = NULL;
  CHECK(psg_cluster_index_create(pins, NULL, &index) == PSG_OK, "index");
  psg_camera paris = {48.8566, 2.3522, 0.05, 0.05, 390, 844, 0, 0};
  psg_cluster_result *before = NULL, *after = NULL;
  uint32_t count = 0, found = 0;
  CHECK(psg_cluster_index_query(index, &paris, &before) == PSG_OK, "query before");
  totals(before, &count, &found);
  CHECK(count == 3 && found == 1, "3 pins, 1 found before (%u, %u)", count, found);

  /* Pin 1 is found and moves to Lyon: out of the Paris view; the earlier result is a snapshot. */
  CHECK(psg_cluster_index_update(index, 1, 45.764, 4.8357, "found") == PSG_OK && psg_cluster_index_count(index) == 3,
        "update: %s", psg_cluster_index_last_error(index));
  CHECK(psg_cluster_index_query(index, &paris, &after) == PSG_OK, "query after");
  totals(after, &count, &found);
  CHECK(count == 2 && found == 1, "2 pins in Paris after the move (%u, %u)", count, found);
  totals(before, &count, &found);
  CHECK(count == 3, "the earlier result is unchanged");
  psg_cluster_result_destroy(after);
  psg_camera lyon = {45.764, 4.8357, 0.05, 0.05, 390, 844, 0, 0};
  psg_cluster_item item;
  CHECK(psg_cluster_index_query(index, &lyon, &after) == PSG_OK && psg_cluster_result_count(after) == 1 &&
            psg_cluster_result_item(after, 0, &item) == PSG_OK && item.kind == PSG_ITEM_PIN && item.pin == 1 &&
            item.found == 1 && fabs(item.lat - 45.764) < 1e-12,
        "pin 1 is in Lyon, found");
  psg_cluster_result_destroy(after);

  /* Refused changes name the problem and leave the pin where it was. */
  CHECK(psg_cluster_index_update(index, 9, 45.0, 4.0, NULL) == PSG_ERR_INVALID_ARGUMENT &&
            strstr(psg_cluster_index_last_error(index), "no pin with number 9") != NULL,
        "unknown number: %s", psg_cluster_index_last_error(index));
  CHECK(psg_cluster_index_update(index, 1, NAN, 4.0, NULL) == PSG_ERR_INVALID_ARGUMENT &&
            strstr(psg_cluster_index_last_error(index), "lat") != NULL,
        "NaN latitude: %s", psg_cluster_index_last_error(index));
  CHECK(psg_cluster_index_update(index, 1, 45.0, 181, NULL) == PSG_ERR_INVALID_ARGUMENT, "longitude 181");
  CHECK(psg_cluster_index_update(index, 1, 45.0, 4.0, "\xff") == PSG_ERR_INVALID_ARGUMENT, "non-UTF-8 status");
  CHECK(psg_cluster_index_update(NULL, 1, 45.0, 4.0, NULL) == PSG_ERR_INVALID_ARGUMENT, "NULL index");
  CHECK(psg_cluster_index_query(index, &lyon, &after) == PSG_OK && psg_cluster_result_count(after) == 1 &&
            psg_cluster_result_item(after, 0, &item) == PSG_OK && fabs(item.lat - 45.764) < 1e-12,
        "pin 1 still in Lyon after the refused changes");
  psg_cluster_result_destroy(after);

  /* NULL status: the pin has none. */
  CHECK(psg_cluster_index_update(index, 2, 48.8575, 2.3510, NULL) == PSG_OK, "clear a status");
  CHECK(psg_cluster_index_query(index, &paris, &after) == PSG_OK, "query");
  totals(after, &count, &found);
  CHECK(count == 2 && found == 0, "no found pin left in Paris (%u, %u)", count, found);
  psg_cluster_result_destroy(after);
  psg_cluster_result_destroy(before);
  psg_cluster_index_destroy(index);
  psg_pins_destroy(pins);
}

static void test_numbers_with_ids(void) {
  /* Ids that are not the numbers (one of them another pin's number): remove and update still
   * go by number. */
  double lat[3] = {10, 20, 30}, lng[3] = {10, 20, 30};
  const char *ids[3] = {"rex", "2", "tom"};
  psg_pins *pins = NULL;
  CHECK(psg_pins_create_with_ids(lat, lng, NULL, ids, 3, NULL, &pins) == PSG_OK, "pins with ids");
  psg_cluster_index *index = NULL;
  CHECK(psg_cluster_index_create(pins, NULL, &index) == PSG_OK, "index");
  CHECK(psg_cluster_index_update(index, 2, 31, 31, "FOUND") == PSG_OK, "update pin 2 (id tom): %s",
        psg_cluster_index_last_error(index));
  psg_camera around = {31, 31, 2, 2, 390, 844, 0, 0};
  psg_cluster_result *result = NULL;
  psg_cluster_item item;
  CHECK(psg_cluster_index_query(index, &around, &result) == PSG_OK && psg_cluster_result_count(result) == 1 &&
            psg_cluster_result_item(result, 0, &item) == PSG_OK && item.pin == 2 && item.found == 1,
        "pin 2 moved, not the pin whose id is \"2\"");
  psg_cluster_result_destroy(result);
  CHECK(psg_cluster_index_remove(index, 0) == PSG_OK && psg_cluster_index_count(index) == 2, "remove pin 0 (id rex)");
  CHECK(psg_cluster_index_remove(index, 0) == PSG_ERR_INVALID_ARGUMENT, "remove pin 0 twice");
  CHECK(psg_cluster_index_remove(index, 1) == PSG_OK && psg_cluster_index_count(index) == 1,
        "remove pin 1 (id \"2\")");
  CHECK(psg_cluster_index_insert(index, 7, 40, 40, NULL) == PSG_OK && psg_cluster_index_update(index, 7, 41, 41, NULL) ==
                                                                         PSG_OK,
        "an inserted pin is found by its number");
  psg_cluster_index_destroy(index);
  psg_pins_destroy(pins);
}

/* Every leaf (pin number) of item i of a result, sorted; returns the count (at most `capacity`). */
static size_t item_leaves(const psg_cluster_result *result, size_t i, uint32_t *out, size_t capacity) {
  size_t n = 0;
  psg_cluster_result_leaves(result, i, 0, out, capacity, &n);
  qsort(out, n, sizeof *out, compare_u32);
  return n;
}

static int share_a_leaf(const uint32_t *a, size_t na, const uint32_t *b, size_t nb) {
  for (size_t i = 0, j = 0; i < na && j < nb;) {
    if (a[i] == b[j]) return 1;
    if (a[i] < b[j]) i++; else j++;
  }
  return 0;
}

static void test_transitions(void) {
  double lat[TOWN], lng[TOWN];
  for (int i = 0; i < TOWN; i++) {
    lat[i] = 45.0 + 0.002 * (i % 8);
    lng[i] = 7.0 + 0.003 * (i / 8);
  }
  psg_pins *pins = NULL;
  psg_cluster_index *index = NULL;
  CHECK(psg_pins_create(lat, lng, NULL, TOWN, NULL, &pins) == PSG_OK &&
            psg_cluster_index_create(pins, NULL, &index) == PSG_OK,
        "index");
  /* Zoom in by 4 levels, then out again, then pan away. */
  psg_camera cameras[4] = {{45.007, 7.007, 0.4, 0.4, 390, 844, 0, 0},
                           {45.007, 7.007, 0.025, 0.025, 390, 844, 0, 0},
                           {45.007, 7.007, 0.4, 0.4, 390, 844, 0, 0},
                           {46.5, 9.0, 0.4, 0.4, 390, 844, 0, 0}};
  psg_cluster_result *results[4] = {NULL, NULL, NULL, NULL};
  for (int c = 0; c < 4; c++) CHECK(psg_cluster_index_query(index, &cameras[c], &results[c]) == PSG_OK, "query %d", c);
  int seen_kind[6] = {0};
  for (int c = 1; c < 4; c++) {
    psg_cluster_result *old = results[c - 1], *new = results[c];
    size_t n_old = psg_cluster_result_count(old), n_new = psg_cluster_result_count(new);
    psg_cluster_transitions *t = NULL;
    CHECK(psg_cluster_result_transitions(old, new, &t) == PSG_OK, "transitions %d", c);
    int *old_seen = calloc(n_old + 1, sizeof(int)), *new_seen = calloc(n_new + 1, sizeof(int));
    uint32_t a[TOWN], b[TOWN];
    for (size_t k = 0; k < psg_cluster_transitions_count(t); k++) {
      psg_cluster_transition tr;
      CHECK(psg_cluster_transitions_get(t, k, &tr) == PSG_OK && tr.kind >= 0 && tr.kind <= 5, "transition %zu", k);
      seen_kind[tr.kind] = 1;
      for (uint32_t f = 0; f < tr.from_count; f++) old_seen[tr.from[f]]++;
      for (uint32_t g = 0; g < tr.to_count; g++) new_seen[tr.to[g]]++;
      CHECK((tr.kind == PSG_TRANSITION_APPEAR) == (tr.from_count == 0) &&
                (tr.kind == PSG_TRANSITION_DISAPPEAR) == (tr.to_count == 0),
            "appear has no source, disappear no target");
      if (tr.kind == PSG_TRANSITION_SPLIT || tr.kind == PSG_TRANSITION_MERGE || tr.kind == PSG_TRANSITION_STAY) {
        /* One side is a single item sharing pins with every item of the other side. */
        int one_old = tr.from_count == 1;
        size_t single = item_leaves(one_old ? old : new, one_old ? tr.from[0] : tr.to[0], a, TOWN);
        uint32_t others = one_old ? tr.to_count : tr.from_count;
        for (uint32_t o = 0; o < others; o++) {
          size_t m = item_leaves(one_old ? new : old, one_old ? tr.to[o] : tr.from[o], b, TOWN);
          CHECK(share_a_leaf(a, single, b, m), "kind %d: related items share a pin", tr.kind);
        }
      }
    }
    for (size_t i = 0; i < n_old; i++) CHECK(old_seen[i] == 1, "old item %zu in exactly one transition", i);
    for (size_t j = 0; j < n_new; j++) CHECK(new_seen[j] == 1, "new item %zu in exactly one transition", j);
    free(old_seen);
    free(new_seen);
    psg_cluster_transitions_destroy(t);
  }
  CHECK(seen_kind[PSG_TRANSITION_SPLIT] && seen_kind[PSG_TRANSITION_MERGE] && seen_kind[PSG_TRANSITION_DISAPPEAR],
        "zooming in splits, zooming out merges, panning away makes items disappear");

  psg_cluster_transitions *first = NULL;
  psg_cluster_transition tr;
  CHECK(psg_cluster_result_transitions(NULL, results[0], &first) == PSG_OK &&
            psg_cluster_transitions_count(first) == psg_cluster_result_count(results[0]) &&
            psg_cluster_transitions_get(first, 0, &tr) == PSG_OK && tr.kind == PSG_TRANSITION_APPEAR &&
            tr.to_count == 1 && tr.to[0] == 0,
        "no previous result: every item appears");
  CHECK(psg_cluster_transitions_get(first, 9999, &tr) == PSG_ERR_INVALID_ARGUMENT &&
            psg_cluster_transitions_get(first, 0, NULL) == PSG_ERR_INVALID_ARGUMENT &&
            psg_cluster_transitions_get(NULL, 0, &tr) == PSG_ERR_INVALID_ARGUMENT &&
            psg_cluster_transitions_count(NULL) == 0,
        "out of range and NULL");
  CHECK(psg_cluster_result_transitions(results[0], NULL, &first) == PSG_ERR_INVALID_ARGUMENT &&
            psg_cluster_result_transitions(results[0], results[1], NULL) == PSG_ERR_INVALID_ARGUMENT,
        "NULL new result or out pointer");
  psg_cluster_transitions_destroy(first);
  psg_cluster_transitions_destroy(NULL);
  for (int c = 0; c < 4; c++) psg_cluster_result_destroy(results[c]);
  psg_cluster_index_destroy(index);
  psg_pins_destroy(pins);
}

void test_changes(void) {
  test_transitions();
  test_children();
  test_update();
  test_numbers_with_ids();
}
