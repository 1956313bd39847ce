/* Compiles the public header as a C consumer would; the Makefile also builds it with
   -std=c99 -pedantic -Wall -Wextra -Werror. Exports nothing. */
#include "petspot_geo.h"

static __attribute__((unused)) int header_check_camera_fields(void) {
  psg_camera camera = {52.2297, 21.0122, 0.05, 0.08, 390, 844, 0, 0};
  return (int)(sizeof camera / sizeof(double));
}
