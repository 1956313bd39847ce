/*
 * Filters from C: psg_cluster_index_set_filter on an index with a species counts aggregate. Every
 * item holds only pins the filter shows (worked out here from the arrays), every shown pin that
 * psg_pins_visible reports is held by exactly one item, counts and status counts add up; the
 * filter survives changes, transitions between filters relate every item once, bad clauses are
 * refused naming the problem with the filter in use kept.
 */
#include <math.h>
#include <petspot_geo.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "capi_check.h"

#define ROWS 600
static const char *const SPECIES[] = {"CAT", "DOG", "BIRD", NULL};
static const char *const STATUSES[] = {"MISSING", "FOUND", "CLOSED", NULL};
static const char *species[ROWS];
static const char *statuses[ROWS];
static double lat[ROWS], lng[ROWS];
static int removed[ROWS];

/* Which pins a filter shows: statuses in `shown_statuses` (NULL: any), species in `shown_species`. */
typedef struct {
  const char *statuses[4];
  size_t status_count; /* 0: any */
  const char *species[4];
  size_t species_count; /* 0: any */
} filter_t;

static int same(const char *a, const char *b) { return (a == NULL && b == NULL) || (a && b && strcmp(a, b) == 0); }

static int shows(const filter_t *f, size_t row) {
  int ok = f->status_count == 0, sp = f->species_count == 0;
  for (size_t k = 0; k < f->status_count; k++) ok |= same(f->statuses[k], statuses[row]);
  for (size_t k = 0; k < f->species_count; k++) sp |= same(f->species[k], species[row]);
  return ok && sp && !removed[row];
}

/* Checks one query against the filter; returns the result (caller destroys). */
static psg_cluster_result *check_query(psg_cluster_index *index, const filter_t *f, const char *what) {
  psg_camera camera = {45.0, 5.0, 0.5, 0.5, 390, 844, 0, 0};
  psg_cluster_result *result = NULL;
  CHECK(psg_cluster_index_query(index, &camera, &result) == PSG_OK, "%s: query", what);
  psg_pins *pins = NULL;
  CHECK(psg_pins_create(lat, lng, statuses, ROWS, NULL, &pins) == PSG_OK, "%s: pins", what);
  static uint32_t visible[ROWS], leaves[ROWS];
  size_t nvisible = 0;
  CHECK(psg_pins_visible(pins, &camera, 0, visible, ROWS, &nvisible) == PSG_OK, "%s: visible", what);
  psg_pins_destroy(pins);
  static int held[ROWS];
  memset(held, 0, sizeof held);
  size_t bad = 0;
  for (size_t i = 0; i < psg_cluster_result_count(result); i++) {
    psg_cluster_item item;
    psg_cluster_result_item(result, i, &item);
    size_t n = 0;
    psg_cluster_result_leaves(result, i, 0, leaves, ROWS, &n);
    uint32_t missing = 0, found = 0, closed = 0;
    for (size_t j = 0; j < n; j++) {
      if (!shows(f, leaves[j])) bad++;
      held[leaves[j]]++;
      missing += same(statuses[leaves[j]], "MISSING");
      found += same(statuses[leaves[j]], "FOUND");
      closed += same(statuses[leaves[j]], "CLOSED");
    }
    if (item.kind == PSG_ITEM_CLUSTER &&
        (item.count != n || n < 2 || item.missing != missing || item.found != found || item.closed != closed))
      bad++;
    if (item.kind == PSG_ITEM_CLUSTER) { /* by id too: the handle knows the filtered cluster */
      static uint32_t by_id[ROWS];
      size_t m = 0;
      int32_t zoom = -1;
      if (psg_cluster_index_leaves(index, item.cluster_id, 0, by_id, ROWS, &m) != PSG_OK || m != n ||
          psg_cluster_index_expansion_zoom(index, item.cluster_id, &zoom) != PSG_OK || zoom != item.expansion_zoom)
        bad++;
    }
  }
  for (size_t k = 0; k < nvisible; k++) {
    if (removed[visible[k]]) continue;
    if (shows(f, visible[k]) ? held[visible[k]] != 1 : held[visible[k]] != 0) bad++;
  }
  CHECK(bad == 0 && psg_cluster_result_count(result) > 0, "%s: %zu problems over %zu items", what, bad,
        psg_cluster_result_count(result));
  return result;
}

/* Every item of both results in exactly one transition. */
static void check_transitions(const psg_cluster_result *a, const psg_cluster_result *b, const char *what) {
  psg_cluster_transitions *t = NULL;
  CHECK(psg_cluster_result_transitions(a, b, &t) == PSG_OK, "%s: transitions", what);
  static int from[ROWS], to[ROWS];
  memset(from, 0, sizeof from);
  memset(to, 0, sizeof to);
  for (size_t k = 0; k < psg_cluster_transitions_count(t); k++) {
    psg_cluster_transition one;
    psg_cluster_transitions_get(t, k, &one);
    for (uint32_t j = 0; j < one.from_count; j++) from[one.from[j]]++;
    for (uint32_t j = 0; j < one.to_count; j++) to[one.to[j]]++;
  }
  size_t bad = 0;
  for (size_t i = 0; i < psg_cluster_result_count(a); i++) bad += from[i] != 1;
  for (size_t i = 0; i < psg_cluster_result_count(b); i++) bad += to[i] != 1;
  CHECK(bad == 0, "%s: %zu items not in exactly one transition", what, bad);
  psg_cluster_transitions_destroy(t);
}

void test_filter(void) {
  uint32_t state = 777;
  for (size_t i = 0; i < ROWS; i++) {
    lat[i] = 45.0 + capi_next_unit(&state) * 0.4 - 0.2;
    lng[i] = 5.0 + capi_next_unit(&state) * 0.4 - 0.2;
    if (i % 50 == 7) lng[i] = lng[i - 1]; /* duplicates */
    if (i % 50 == 7) lat[i] = lat[i - 1];
    species[i] = SPECIES[(state >> 4) % 4];
    statuses[i] = STATUSES[(state >> 9) % 4];
  }
  psg_pins *pins = NULL;
  CHECK(psg_pins_create(lat, lng, statuses, ROWS, NULL, &pins) == PSG_OK, "create pins");
  CHECK(psg_pins_set_property(pins, "species", species, ROWS) == PSG_OK, "species");
  const char *aggregates[] = {"species:counts"};
  psg_cluster_index *index = NULL;
  CHECK(psg_cluster_index_create_ex(pins, NULL, aggregates, 1, &index) == PSG_OK, "create_ex");
  psg_pins_destroy(pins);

  filter_t all = {{0}, 0, {0}, 0};
  psg_cluster_result *before = check_query(index, &all, "unfiltered");

  const char *clauses[] = {"status=MISSING,", "species=DOG,CAT"};
  CHECK(psg_cluster_index_set_filter(index, clauses, 2) == PSG_OK, "set filter: %s",
        psg_cluster_index_last_error(index));
  filter_t missing_dogs = {{"MISSING", NULL}, 2, {"DOG", "CAT"}, 2};
  psg_cluster_result *filtered = check_query(index, &missing_dogs, "status MISSING or none, DOG or CAT");
  check_transitions(before, filtered, "unfiltered to filtered");
  check_transitions(filtered, before, "filtered to unfiltered");

  /* Refused: the filter in use stays. */
  const char *bad_clause[] = {"status"};
  const char *bad_property[] = {"colour=red"};
  const char *null_clause[] = {NULL};
  CHECK(psg_cluster_index_set_filter(index, bad_clause, 1) == PSG_ERR_INVALID_ARGUMENT &&
            strstr(psg_cluster_index_last_error(index), "NAME=VALUE") != NULL,
        "a clause without '=': %s", psg_cluster_index_last_error(index));
  CHECK(psg_cluster_index_set_filter(index, bad_property, 1) == PSG_ERR_INVALID_ARGUMENT &&
            strstr(psg_cluster_index_last_error(index), "colour") != NULL,
        "a property without a counts aggregate: %s", psg_cluster_index_last_error(index));
  CHECK(psg_cluster_index_set_filter(index, null_clause, 1) == PSG_ERR_INVALID_ARGUMENT &&
            psg_cluster_index_set_filter(index, NULL, 1) == PSG_ERR_INVALID_ARGUMENT &&
            psg_cluster_index_set_filter(NULL, clauses, 2) == PSG_ERR_INVALID_ARGUMENT,
        "NULL clause, clauses or index");
  psg_cluster_result_destroy(check_query(index, &missing_dogs, "after refused filters"));

  /* Changes keep the filter. */
  CHECK(psg_cluster_index_set_property(index, 10, "species", "DOG") == PSG_OK &&
            psg_cluster_index_update(index, 11, 45.01, 5.01, "MISSING") == PSG_OK &&
            psg_cluster_index_remove(index, 12) == PSG_OK,
        "changes under a filter: %s", psg_cluster_index_last_error(index));
  species[10] = "DOG";
  lat[11] = 45.01;
  lng[11] = 5.01;
  statuses[11] = "MISSING";
  removed[12] = 1;
  psg_cluster_result *changed = check_query(index, &missing_dogs, "after changes");
  check_transitions(filtered, changed, "across changes");

  CHECK(psg_cluster_index_set_filter(index, NULL, 0) == PSG_OK, "clear the filter");
  psg_cluster_result *cleared = check_query(index, &all, "cleared");
  check_transitions(changed, cleared, "filtered to cleared");
  psg_cluster_result_destroy(before);
  psg_cluster_result_destroy(filtered);
  psg_cluster_result_destroy(changed);
  psg_cluster_result_destroy(cleared);
  psg_cluster_index_destroy(index);
}
