/* The C API tests' one assertion macro and counters (defined in capi_test.c). */
#ifndef CAPI_CHECK_H
#define CAPI_CHECK_H
#include <stdio.h>

extern int passed, failed;

#define CHECK(cond, ...)                                   \
  do {                                                     \
    if (cond) {                                            \
      passed++;                                            \
    } else {                                               \
      failed++;                                            \
      fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__); \
      fprintf(stderr, __VA_ARGS__);                        \
      fprintf(stderr, "\n");                               \
    }                                                      \
  } while (0)

/* The tests' fixed-seed generator: advances `state` (a linear congruential step) and returns a
 * value in [0, 1) with four decimal digits. */
#include <stdint.h>
static inline double capi_next_unit(uint32_t *state) {
  *state = *state * 1103515245u + 12345u;
  return ((*state >> 8) % 10000) / 10000.0;
}

/* The corner form of a pitch-form camera (centre given), from the model's formula; 0 when a corner
 * is off the map (capi_tilted.c). */
struct psg_camera_ex;
int capi_corner_form(const struct psg_camera_ex *camera, struct psg_camera_ex *out);

#endif
