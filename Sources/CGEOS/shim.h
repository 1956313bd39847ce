// Only the reentrant (_r) GEOS C API is visible to Swift: no global GEOS state.
#define GEOS_USE_ONLY_R_API
#include <geos_c.h>
