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

#endif
