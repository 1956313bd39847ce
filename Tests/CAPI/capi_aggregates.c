/*
 * Aggregates from C: a pin set gains properties by creation row, the index keeps counts and a
 * maximum date per cluster, and every item's JSON equals what its leaves give (computed here from
 * the same arrays), before and after psg_cluster_index_set_property and the other changes.
 */
#include <math.h>
#include <petspot_geo.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "capi_check.h"

#define ROWS 400
static const char *const SPECIES[] = {"CAT", "DOG", "BIRD", NULL, "FERRET"};
static const char *species[ROWS];
static char dates[ROWS][32];
static const char *date_values[ROWS];

/* What item i of `result` should say, from its leaves and the arrays (dates compare as text: one
 * fixed format). */
static void expected_json(const psg_cluster_result *result, size_t i, size_t aggregate, char *out) {
  uint32_t leaves[ROWS];
  size_t n = 0;
  psg_cluster_result_leaves(result, i, 0, leaves, ROWS, &n);
  if (aggregate == 0) {
    const char *names[] = {"BIRD", "CAT", "DOG", "FERRET", "OTTER"}; /* byte order */
    strcpy(out, "{");
    for (size_t k = 0; k < 5; k++) {
      size_t count = 0;
      for (size_t j = 0; j < n; j++) count += species[leaves[j]] && strcmp(species[leaves[j]], names[k]) == 0;
      if (count > 0) sprintf(out + strlen(out), "%s\"%s\":%zu", strlen(out) > 1 ? "," : "", names[k], count);
    }
    strcat(out, "}");
  } else {
    const char *best = NULL;
    for (size_t j = 0; j < n; j++) {
      const char *d = date_values[leaves[j]];
      if (d && (!best || strcmp(d, best) > 0)) best = d;
    }
    if (best) sprintf(out, "\"%s\"", best); else strcpy(out, "null");
  }
}

/* Every item's two aggregates against its leaves; returns the number of clusters seen. */
static size_t check_items(psg_cluster_index *index, const char *what) {
  psg_camera camera = {45.0, 5.0, 0.6, 0.6, 390, 844, 0, 0};
  psg_cluster_result *result = NULL;
  CHECK(psg_cluster_index_query(index, &camera, &result) == PSG_OK, "%s: query", what);
  size_t clusters = 0, bad = 0;
  for (size_t i = 0; i < psg_cluster_result_count(result); i++) {
    psg_cluster_item item;
    psg_cluster_result_item(result, i, &item);
    clusters += item.kind == PSG_ITEM_CLUSTER;
    for (size_t a = 0; a < 2; a++) {
      char got[512], want[512];
      size_t length = 0;
      psg_status s = psg_cluster_result_aggregate(result, i, a, got, sizeof got, &length);
      expected_json(result, i, a, want);
      if (s != PSG_OK || strcmp(got, want) != 0 || length != strlen(want)) {
        if (bad++ < 3) fprintf(stderr, "%s: item %zu aggregate %zu: got %s want %s\n", what, i, a, got, want);
      }
    }
  }
  CHECK(bad == 0 && clusters > 0, "%s: %zu of %zu items' aggregates differ from their leaves (%zu clusters)", what,
        bad, psg_cluster_result_count(result), clusters);
  size_t needed = 0;
  CHECK(psg_cluster_result_aggregate(result, 0, 0, NULL, 0, &needed) == PSG_ERR_BUFFER_TOO_SMALL && needed >= 2,
        "%s: capacity 0 gives the length", what);
  char small[2];
  CHECK(psg_cluster_result_aggregate(result, 0, 1, small, 1, &needed) == PSG_ERR_BUFFER_TOO_SMALL,
        "%s: a short buffer is too small", what);
  CHECK(psg_cluster_result_aggregate(result, 0, 2, small, 2, &needed) == PSG_ERR_INVALID_ARGUMENT &&
            psg_cluster_result_aggregate(result, 99999, 0, small, 2, &needed) == PSG_ERR_INVALID_ARGUMENT &&
            psg_cluster_result_aggregate(result, 0, 0, small, 2, NULL) == PSG_ERR_INVALID_ARGUMENT,
        "%s: aggregate or item out of range, NULL out_length", what);
  psg_cluster_result_destroy(result);
  return clusters;
}

void test_aggregates(void) {
  double lat[ROWS], lng[ROWS];
  uint32_t state = 12345;
  for (size_t i = 0; i < ROWS; i++) {
    lat[i] = 45.0 + capi_next_unit(&state) * 0.5 - 0.25;
    lng[i] = 5.0 + capi_next_unit(&state) * 0.5 - 0.25;
    if (i % 97 == 13) lat[i] = NAN; /* kept out: values must still follow rows */
    species[i] = SPECIES[(state >> 4) % 5];
    sprintf(dates[i], "2026-%02u-%02uT%02u:00:00Z", 1 + (state >> 3) % 12, 1 + (state >> 7) % 28, (state >> 11) % 24);
    date_values[i] = (state >> 15) % 6 == 0 ? NULL : dates[i];
  }
  psg_pins *pins = NULL;
  CHECK(psg_pins_create(lat, lng, NULL, ROWS, NULL, &pins) == PSG_OK, "create pins");
  size_t rows = psg_pins_count(pins) + psg_pins_invalid_count(pins);
  CHECK(rows == ROWS && psg_pins_invalid_count(pins) > 0, "rows kept out are counted");
  CHECK(psg_pins_set_property(pins, "species", species, ROWS - 1) == PSG_ERR_INVALID_ARGUMENT &&
            strstr(psg_pins_last_error(pins), "one value per row") != NULL,
        "a count other than the rows is refused: %s", psg_pins_last_error(pins));
  CHECK(psg_pins_set_property(pins, NULL, species, ROWS) == PSG_ERR_INVALID_ARGUMENT &&
            psg_pins_set_property(pins, "species", NULL, ROWS) == PSG_ERR_INVALID_ARGUMENT &&
            psg_pins_set_property(NULL, "species", species, ROWS) == PSG_ERR_INVALID_ARGUMENT,
        "NULL pins, name or values");
  CHECK(psg_pins_set_property(pins, "species", species, ROWS) == PSG_OK &&
            psg_pins_set_property(pins, "seen", date_values, ROWS) == PSG_OK,
        "set properties: %s", psg_pins_last_error(pins));

  const char *bad_lists[][1] = {{"species:avg"}, {"age:counts"}, {"species:max"}, {NULL}};
  const char *named[] = {"species:avg", "age", "CAT", "aggregates[0]"};
  for (size_t k = 0; k < 4; k++) {
    psg_cluster_index *index = NULL;
    CHECK(psg_cluster_index_create_ex(pins, NULL, bad_lists[k], 1, &index) == PSG_ERR_INVALID_ARGUMENT &&
              index == NULL && strstr(psg_pins_last_error(pins), named[k]) != NULL,
          "bad aggregate %zu refused naming '%s': %s", k, named[k], psg_pins_last_error(pins));
  }
  psg_cluster_index *none = NULL;
  CHECK(psg_cluster_index_create_ex(pins, NULL, NULL, 1, &none) == PSG_ERR_INVALID_ARGUMENT,
        "NULL aggregates with a count");

  const char *aggregates[] = {"species:counts", "seen:max"};
  psg_cluster_index *index = NULL;
  CHECK(psg_cluster_index_create_ex(pins, NULL, aggregates, 2, &index) == PSG_OK, "create_ex: %s",
        psg_pins_last_error(pins));
  psg_pins_destroy(pins);
  check_items(index, "built");

  /* Changes: properties, then a move and a removal. */
  for (uint32_t pin = 0; pin < ROWS; pin += 7) {
    if (pin % 97 == 13) {
      CHECK(psg_cluster_index_set_property(index, pin, "species", "OTTER") == PSG_ERR_INVALID_ARGUMENT,
            "a row kept out has no pin");
      continue;
    }
    species[pin] = pin % 2 ? "OTTER" : NULL;
    CHECK(psg_cluster_index_set_property(index, pin, "species", species[pin]) == PSG_OK, "set species of %u: %s", pin,
          psg_cluster_index_last_error(index));
    sprintf(dates[pin], "2027-01-%02uT00:00:00Z", 1 + pin % 28);
    date_values[pin] = dates[pin];
    CHECK(psg_cluster_index_set_property(index, pin, "seen", dates[pin]) == PSG_OK, "set date of %u", pin);
  }
  check_items(index, "after set_property");
  CHECK(psg_cluster_index_set_property(index, 1, "seen", "yesterday") == PSG_ERR_INVALID_ARGUMENT &&
            strstr(psg_cluster_index_last_error(index), "yesterday") != NULL,
        "a value max cannot order is refused: %s", psg_cluster_index_last_error(index));
  CHECK(psg_cluster_index_set_property(index, 1, NULL, "x") == PSG_ERR_INVALID_ARGUMENT &&
            psg_cluster_index_set_property(NULL, 1, "seen", "x") == PSG_ERR_INVALID_ARGUMENT &&
            psg_cluster_index_set_property(index, 99999, "seen", NULL) == PSG_ERR_INVALID_ARGUMENT,
        "NULL index or name, unknown pin");
  CHECK(psg_cluster_index_update(index, 2, 45.01, 5.01, "FOUND") == PSG_OK && psg_cluster_index_remove(index, 3) == PSG_OK,
        "update and remove");
  lat[3] = NAN;
  species[3] = NULL;
  date_values[3] = NULL; /* removed: in no item's leaves any more */
  check_items(index, "after update and remove");
  psg_cluster_index_destroy(index);
}
