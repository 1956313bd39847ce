// PROJ's context-based API (proj.h) and Karney's geodesic routines (geodesic.h).
#include <proj.h>
#include <geodesic.h>
