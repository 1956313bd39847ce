/*
 * The scan's compare-and-compress kernels, chosen at run time for the CPU the default build runs on
 * (AVX-512, AVX2 or plain C on x86-64; NEON on arm64). Internal to petspot-geo: the Swift scan in
 * PetSpotCore calls them, and its own SIMD loop stays the reference they are tested against.
 */
#ifndef PETSPOT_KERNELS_H
#define PETSPOT_KERNELS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The narrow visibility test (VisibilityWindow and, tilted, QuadWindow in Swift): a pin at Mercator
 * (x, y) is visible when y lies in [min_y, max_y] and x − center_x, wrapped into [−½, ½), or that
 * ± 1 lies in [max over i of lo[i] + k[i]·dy, min over i of hi[i] + m[i]·dy] with dy = y − center_y,
 * i < lines (2 for a flat view, whose m is its k; 3 for a tilted one). The maxima and minima are
 * taken in index order, as the Swift tests do. NaN is never visible. A window whose lines all have
 * slope 0 (a flat view whose heading is a multiple of 90°) is scanned without evaluating them per
 * pin, and any window without the world copies or the wrap where they cannot matter: that relies on
 * every x lying in [0, 1] and every y being finite (or NaN), center_x in [0, 1], as a pin set's
 * Mercator coordinates do; other coordinates may be decided otherwise. */
typedef struct psk_window {
  double center_x, center_y, min_y, max_y;
  double lo[3], k[3];
  double hi[3], m[3];
  int lines;
} psk_window;

/* Kernels. */
#define PSK_KERNEL_PORTABLE 0 /* plain C: any CPU */
#define PSK_KERNEL_AVX2 1     /* x86-64 with AVX2 */
#define PSK_KERNEL_AVX512 2   /* x86-64 with AVX-512 F and VL */
#define PSK_KERNEL_NEON 3     /* arm64 */

/* Bit k set when this CPU (and its operating system) can run kernel k. */
unsigned psk_available_kernels(void);

/* The kernel psk_scan_narrow uses for kernel −1: the best available (AVX-512, AVX2, NEON, portable). */
int psk_best_kernel(void);

/* A kernel's name ("avx2"), or "unknown". */
const char *psk_kernel_name(int kernel);

/* How psk_scan_narrow tests `w` (for the prune plan's estimate of its cost): 2 when the bounds are
 * the same for every pin and only the pin's own world copy is tried (the cheapest shapes), 1 when
 * only its own copy is tried with bounds evaluated per pin (a rotated or tilted view), 0 otherwise. */
int psk_window_cost_class(const psk_window *w);

/* Writes, in ascending order, the indices i in [start, end) whose pin (xs[i], ys[i]) is visible,
 * to out (room for end − start indices), and returns how many. kernel: −1 for the best one, or
 * one of PSK_KERNEL_* that psk_available_kernels lists (another falls back to the portable one).
 * Every kernel computes exactly what the portable one does (no fused multiply-add). */
size_t psk_scan_narrow(int kernel, const double *xs, const double *ys, size_t start, size_t end, const psk_window *w,
                       uint32_t *out);

/* The shape psk_scan_narrow works out for `w`, once: `prepared` is `w` with its shape (and constant
 * bounds) filled in, for repeated psk_scan_prepared calls over chunks of one scan. */
void psk_prepare_window(const psk_window *w, psk_window *prepared);

/* psk_scan_narrow for a window psk_prepare_window prepared (an unprepared one is scanned by the
 * general test, still exactly). */
size_t psk_scan_prepared(int kernel, const double *xs, const double *ys, size_t start, size_t end,
                         const psk_window *prepared, uint32_t *out);

#ifdef __cplusplus
}
#endif

#endif
