/*
 * Runtime-dispatched scan kernels (see include/petspot_kernels.h). Each x86 kernel carries its own
 * `target` attribute, so the file builds with the default flags and the binary runs anywhere; the
 * CPU is asked once (cpuid + xgetbv: the instruction set and the operating system's saving of the
 * wide registers). Multiplies and adds are never fused: every kernel rounds as the portable loop
 * and the Swift reference do.
 */
#include "petspot_kernels.h"

#pragma clang fp contract(off)

#if defined(__x86_64__) || defined(_M_X64)
#define PSK_X86 1
#include <cpuid.h>
#include <immintrin.h>
#elif defined(__aarch64__)
#define PSK_ARM64 1
#include <arm_neon.h>
#endif

/* ------------------------------------------------------------------------------- portable */

/* `shape` is a constant at every call site, so each kernel is compiled once per shape. A shape is
 * LINES | MODE << 2:
 * - LINES 2 or 3: the window's lines, evaluated at each pin's dy (a rotated or tilted view); 0: a
 *   window whose lines all have slope 0 (every flat view whose heading is a multiple of 90°), its
 *   bounds lo[0] and hi[0] the same for every pin (prepared by prepare_shape below), so the per-pin
 *   multiplies, adds and maxima drop out;
 * - MODE_COPIES: the pin's x and its world copies ±1 tried (the general test); MODE_WRAPPED: only
 *   its own, the copies cannot be in view; MODE_PLAIN: no wrap into [−½, ½) either, it cannot change
 *   the answer; MODE_ALL_X (constant bounds only): a view as wide as the world, only y decides.
 * The proofs are at prepare_shape. */
#define MODE_COPIES 0
#define MODE_WRAPPED 1
#define MODE_PLAIN 2
#define MODE_ALL_X 3
#define SHAPE(lines, mode) ((lines) | ((mode) << 2))
#define LINES(shape) ((shape) & 3)
#define MODE(shape) ((shape) >> 2)

static inline int visible(double x, double y, const psk_window *w, int shape) {
  double lo = w->lo[0], hi = w->hi[0];
  if (LINES(shape) != 0) {
    double dy = y - w->center_y;
    lo = w->lo[0] + w->k[0] * dy, hi = w->hi[0] + w->m[0] * dy;
    for (int i = 1; i < LINES(shape); i++) {
      double a = w->lo[i] + w->k[i] * dy, b = w->hi[i] + w->m[i] * dy;
      lo = lo < a ? a : lo;
      hi = b < hi ? b : hi;
    }
  }
  double dx = x - w->center_x;
  int in_x;
  if (MODE(shape) == MODE_ALL_X) {
    in_x = x == x;
  } else if (MODE(shape) == MODE_PLAIN) {
    in_x = dx >= lo && dx <= hi;
  } else {
    if (dx >= 0.5) dx = dx - 1;
    if (dx < -0.5) dx = dx + 1;
    double up = dx + 1, down = dx - 1;
    in_x = (dx >= lo && dx <= hi);
    if (MODE(shape) == MODE_COPIES) in_x = in_x || (up >= lo && up <= hi) || (down >= lo && down <= hi);
  }
  return in_x && y >= w->min_y && y <= w->max_y;
}

static inline size_t scan_portable_shape(const double *xs, const double *ys, size_t start, size_t end,
                                         const psk_window *w, uint32_t *out, int shape) {
  size_t count = 0;
  for (size_t i = start; i < end; i++) {
    out[count] = (uint32_t)i;
    count += (size_t)visible(xs[i], ys[i], w, shape);
  }
  return count;
}

/* One switch per kernel over the shapes, each a call with the shape as a constant. */
#define SHAPE_CASE(kernel, lines, mode)                                                                                \
  case SHAPE(lines, mode): return kernel(xs, ys, start, end, w, out, SHAPE(lines, mode));
#define DISPATCH_SHAPE(kernel, xs, ys, start, end, w, out)                                                              \
  switch ((w)->lines) {                                                                                                \
    SHAPE_CASE(kernel, 0, MODE_COPIES)                                                                                 \
    SHAPE_CASE(kernel, 0, MODE_WRAPPED)                                                                                \
    SHAPE_CASE(kernel, 0, MODE_PLAIN)                                                                                  \
    SHAPE_CASE(kernel, 0, MODE_ALL_X)                                                                                  \
    SHAPE_CASE(kernel, 2, MODE_WRAPPED)                                                                                \
    SHAPE_CASE(kernel, 2, MODE_PLAIN)                                                                                  \
    SHAPE_CASE(kernel, 3, MODE_COPIES)                                                                                 \
    SHAPE_CASE(kernel, 3, MODE_WRAPPED)                                                                                \
    SHAPE_CASE(kernel, 3, MODE_PLAIN)                                                                                  \
  default: return kernel(xs, ys, start, end, w, out, SHAPE(2, MODE_COPIES));                                          \
  }

static size_t scan_portable(const double *xs, const double *ys, size_t start, size_t end, const psk_window *w,
                            uint32_t *out) {
  DISPATCH_SHAPE(scan_portable_shape, xs, ys, start, end, w, out)
}

/* Line i's lower and upper bounds at dy, as the per-pin test computes them. */
static inline double lower_at(const psk_window *w, int i, double dy) { return w->lo[i] + w->k[i] * dy; }
static inline double upper_at(const psk_window *w, int i, double dy) { return w->hi[i] + w->m[i] * dy; }

/* Narrows [*d0, *d1] (dy = y − center_y of the pins passing the y test; ±∞ for a rotated view, whose
 * y range its lines imply) to rows outside which no pin can be visible, or returns 0. Beyond a row
 * D above which a non-decreasing lower line i (k[i] ≥ 0) lies above a non-increasing upper line j
 * (m[j] ≤ 0) — lower_at(i, D) > upper_at(j, D) — every row keeps lo ≥ lower_at(i) > upper_at(j) ≥ hi
 * (each line's rounded value is monotone in dy), so no x is in [lo, hi]; below a row, the mirror
 * image. D is where the two lines cross, nudged outwards until the computed values confirm it. */
static int rows_in_view(const psk_window *w, int lines, double *d0, double *d1) {
  double top = __builtin_inf(), bottom = -__builtin_inf();
  for (int i = 0; i < lines; i++) {
    for (int j = 0; j < lines; j++) {
      double slope = w->k[i] - w->m[j];
      if (!(slope > 0 || slope < 0)) continue;
      double cross = (w->hi[j] - w->lo[i]) / slope;
      if (!__builtin_isfinite(cross)) continue;
      double d = cross + (__builtin_fabs(cross) * 0x1p-40 + 0x1p-60) * (slope > 0 ? 1 : -1);
      if (slope > 0 && w->k[i] >= 0 && w->m[j] <= 0 && lower_at(w, i, d) > upper_at(w, j, d)) {
        top = d < top ? d : top;  /* rows above d show nothing */
      }
      if (slope < 0 && w->k[i] <= 0 && w->m[j] >= 0 && lower_at(w, i, d) > upper_at(w, j, d)) {
        bottom = d > bottom ? d : bottom;  /* rows below d show nothing */
      }
    }
  }
  *d0 = *d0 > bottom ? *d0 : bottom;
  *d1 = *d1 < top ? *d1 : top;
  return __builtin_isfinite(*d0) && __builtin_isfinite(*d1) && *d0 <= *d1;
}

/* A bound over the rows [d0, d1] of lo (upper = 0: a value lo never falls below) or of hi (upper = 1:
 * a value hi never exceeds). The rows are cut at the ends and where two lower (upper) lines cross;
 * on each piece [a, b] every line's rounded value lies between its values at a and b (it is
 * monotone in dy), and lo, the largest of the lines, is at least the largest of their smaller end
 * values (hi, the smallest, at most the smallest of their larger end values). Any cuts give a valid
 * bound; cutting at the crossings makes it tight (the piece's largest line is then one line). */
static double bound_over_rows(const psk_window *w, int lines, double d0, double d1, int upper) {
  const double *base = upper ? w->hi : w->lo, *slope = upper ? w->m : w->k;
  double rows[8] = {d0, d1};
  int n = 2;
  for (int i = 0; i < lines; i++) {
    for (int j = i + 1; j < lines; j++) {
      double s = slope[i] - slope[j];
      if (!(s > 0 || s < 0)) continue;
      double cross = (base[j] - base[i]) / s;
      if (cross > d0 && cross < d1) rows[n++] = cross;
    }
  }
  for (int i = 1; i < n; i++) { /* insertion sort of at most five rows */
    double row = rows[i];
    int j = i;
    for (; j > 0 && rows[j - 1] > row; j--) rows[j] = rows[j - 1];
    rows[j] = row;
  }
  double bound = upper ? -__builtin_inf() : __builtin_inf();
  for (int r = 0; r + 1 < n; r++) {
    double best = upper ? __builtin_inf() : -__builtin_inf();
    for (int p = 0; p < lines; p++) {
      double a = base[p] + slope[p] * rows[r], b = base[p] + slope[p] * rows[r + 1];
      double v = upper ? (a < b ? b : a) : (a < b ? a : b);
      best = upper ? (v < best ? v : best) : (best < v ? v : best);
    }
    bound = upper ? (bound < best ? best : bound) : (best < bound ? best : bound);
  }
  return bound;
}

/* The shape a window is scanned with, in `prepared->lines` (the window itself unchanged otherwise,
 * but for constant bounds, kept in lo[0] and hi[0]). Every shape decides exactly what the general
 * test does, for x in [0, 1] or NaN (a pin set's Mercator x) and center_x in [0, 1]. Only pins
 * passing the y test matter (the others are not visible whatever their bounds); with center_y finite
 * their dy = fl(y − center_y) lies in [d0, d1] = [fl(min_y − center_y), fl(max_y − center_y)],
 * rounding being monotone — narrowed by rows_in_view to the rows where a pin can be visible at all
 * (a rotated view has no y bounds of its own).
 * - Constant bounds: when k[i] and m[i] are zero for every line, the bounds at such a dy are
 *   lo[i] + 0·dy = lo[i] (±0 compare equal). Their maximum and minimum are taken here in index
 *   order, as the per-pin test takes them.
 * - Otherwise lo is at least lo_min and hi at most hi_max over the rows (bound_over_rows).
 * - WRAPPED, when lo_min > −½ and hi_max < ½: x − center_x lies in [−1, 1], so after the wrap dx lies
 *   in [−½, ½) (both wrap steps are exact there), dx + 1 ≥ ½ > hi and dx − 1 ≤ −½ < lo: no copy ±1 is
 *   in view.
 * - PLAIN, when also hi_max < fl(1 − center_x) and fl(fl(1 − center_x) − 1) < lo_min: a dx in
 *   [lo, hi] is not wrapped; a dx wrapped down from dx_raw ≥ ½ is dx_raw − 1 ≤ fl(1 − center_x) − 1 <
 *   lo (x ≤ 1), and one wrapped up from dx_raw < −½ is dx_raw + 1 ≥ 1 − center_x, so (a double) ≥
 *   fl(1 − center_x) > hi: the wrap never puts a pin in view, and dx = x − center_x decides.
 * - ALL_X, constant bounds with lo ≤ −½ and hi ≥ ½: every wrapped dx, in [−½, ½), lies in [lo, hi];
 *   only a NaN x is out.
 */
static void prepare_shape(const psk_window *w, psk_window *prepared) {
  *prepared = *w;
  int lines = w->lines;
  if (lines != 2 && lines != 3) return;
  if (__builtin_isnan(w->min_y) || __builtin_isnan(w->max_y) || !__builtin_isfinite(w->center_y)) return;
  int constant = 1;
  for (int i = 0; i < lines; i++) {
    if (__builtin_isnan(w->lo[i]) || __builtin_isnan(w->hi[i])) return;
    if (!__builtin_isfinite(w->k[i]) || !__builtin_isfinite(w->m[i])) return;
    constant &= w->k[i] == 0 && w->m[i] == 0;
  }
  double lo_min, hi_max;
  if (constant) {
    if (!__builtin_isfinite(w->min_y) || !__builtin_isfinite(w->max_y)) return;
    double lo = w->lo[0], hi = w->hi[0];
    for (int i = 1; i < lines; i++) {
      lo = lo < w->lo[i] ? w->lo[i] : lo;
      hi = w->hi[i] < hi ? w->hi[i] : hi;
    }
    prepared->lo[0] = lo;
    prepared->hi[0] = hi;
    lines = 0;
    lo_min = lo;
    hi_max = hi;
  } else {
    double d0 = w->min_y - w->center_y, d1 = w->max_y - w->center_y;
    if (!rows_in_view(w, lines, &d0, &d1)) return;
    lo_min = bound_over_rows(w, lines, d0, d1, 0);
    hi_max = bound_over_rows(w, lines, d0, d1, 1);
  }
  prepared->lines = SHAPE(lines, MODE_COPIES);
  double cx = w->center_x;
  if (!(cx >= 0 && cx <= 1)) return;
  if (lines == 0 && lo_min <= -0.5 && hi_max >= 0.5) {
    prepared->lines = SHAPE(0, MODE_ALL_X);
    return;
  }
  if (!(lo_min > -0.5 && hi_max < 0.5)) return;
  prepared->lines = SHAPE(lines, MODE_WRAPPED);
  double right = 1 - cx;
  if (hi_max < right && right - 1 < lo_min) prepared->lines = SHAPE(lines, MODE_PLAIN);
}

/* Writes the indices base + lane of the lanes set in an 8-bit mask. */
static inline __attribute__((unused)) size_t emit8(unsigned mask, size_t base, uint32_t *out, size_t count) {
  while (mask) {
    out[count++] = (uint32_t)(base + (size_t)__builtin_ctz(mask));
    mask &= mask - 1;
  }
  return count;
}

/* ------------------------------------------------------------------------------- x86-64 */

#ifdef PSK_X86

/* For each 8-lane mask, the lanes to keep in order (then zeros): a permutevar8x32 compress. */
static const uint32_t compress_lanes[256][8] = {
    {0,0,0,0,0,0,0,0}, {0,0,0,0,0,0,0,0}, {1,0,0,0,0,0,0,0}, {0,1,0,0,0,0,0,0},
    {2,0,0,0,0,0,0,0}, {0,2,0,0,0,0,0,0}, {1,2,0,0,0,0,0,0}, {0,1,2,0,0,0,0,0},
    {3,0,0,0,0,0,0,0}, {0,3,0,0,0,0,0,0}, {1,3,0,0,0,0,0,0}, {0,1,3,0,0,0,0,0},
    {2,3,0,0,0,0,0,0}, {0,2,3,0,0,0,0,0}, {1,2,3,0,0,0,0,0}, {0,1,2,3,0,0,0,0},
    {4,0,0,0,0,0,0,0}, {0,4,0,0,0,0,0,0}, {1,4,0,0,0,0,0,0}, {0,1,4,0,0,0,0,0},
    {2,4,0,0,0,0,0,0}, {0,2,4,0,0,0,0,0}, {1,2,4,0,0,0,0,0}, {0,1,2,4,0,0,0,0},
    {3,4,0,0,0,0,0,0}, {0,3,4,0,0,0,0,0}, {1,3,4,0,0,0,0,0}, {0,1,3,4,0,0,0,0},
    {2,3,4,0,0,0,0,0}, {0,2,3,4,0,0,0,0}, {1,2,3,4,0,0,0,0}, {0,1,2,3,4,0,0,0},
    {5,0,0,0,0,0,0,0}, {0,5,0,0,0,0,0,0}, {1,5,0,0,0,0,0,0}, {0,1,5,0,0,0,0,0},
    {2,5,0,0,0,0,0,0}, {0,2,5,0,0,0,0,0}, {1,2,5,0,0,0,0,0}, {0,1,2,5,0,0,0,0},
    {3,5,0,0,0,0,0,0}, {0,3,5,0,0,0,0,0}, {1,3,5,0,0,0,0,0}, {0,1,3,5,0,0,0,0},
    {2,3,5,0,0,0,0,0}, {0,2,3,5,0,0,0,0}, {1,2,3,5,0,0,0,0}, {0,1,2,3,5,0,0,0},
    {4,5,0,0,0,0,0,0}, {0,4,5,0,0,0,0,0}, {1,4,5,0,0,0,0,0}, {0,1,4,5,0,0,0,0},
    {2,4,5,0,0,0,0,0}, {0,2,4,5,0,0,0,0}, {1,2,4,5,0,0,0,0}, {0,1,2,4,5,0,0,0},
    {3,4,5,0,0,0,0,0}, {0,3,4,5,0,0,0,0}, {1,3,4,5,0,0,0,0}, {0,1,3,4,5,0,0,0},
    {2,3,4,5,0,0,0,0}, {0,2,3,4,5,0,0,0}, {1,2,3,4,5,0,0,0}, {0,1,2,3,4,5,0,0},
    {6,0,0,0,0,0,0,0}, {0,6,0,0,0,0,0,0}, {1,6,0,0,0,0,0,0}, {0,1,6,0,0,0,0,0},
    {2,6,0,0,0,0,0,0}, {0,2,6,0,0,0,0,0}, {1,2,6,0,0,0,0,0}, {0,1,2,6,0,0,0,0},
    {3,6,0,0,0,0,0,0}, {0,3,6,0,0,0,0,0}, {1,3,6,0,0,0,0,0}, {0,1,3,6,0,0,0,0},
    {2,3,6,0,0,0,0,0}, {0,2,3,6,0,0,0,0}, {1,2,3,6,0,0,0,0}, {0,1,2,3,6,0,0,0},
    {4,6,0,0,0,0,0,0}, {0,4,6,0,0,0,0,0}, {1,4,6,0,0,0,0,0}, {0,1,4,6,0,0,0,0},
    {2,4,6,0,0,0,0,0}, {0,2,4,6,0,0,0,0}, {1,2,4,6,0,0,0,0}, {0,1,2,4,6,0,0,0},
    {3,4,6,0,0,0,0,0}, {0,3,4,6,0,0,0,0}, {1,3,4,6,0,0,0,0}, {0,1,3,4,6,0,0,0},
    {2,3,4,6,0,0,0,0}, {0,2,3,4,6,0,0,0}, {1,2,3,4,6,0,0,0}, {0,1,2,3,4,6,0,0},
    {5,6,0,0,0,0,0,0}, {0,5,6,0,0,0,0,0}, {1,5,6,0,0,0,0,0}, {0,1,5,6,0,0,0,0},
    {2,5,6,0,0,0,0,0}, {0,2,5,6,0,0,0,0}, {1,2,5,6,0,0,0,0}, {0,1,2,5,6,0,0,0},
    {3,5,6,0,0,0,0,0}, {0,3,5,6,0,0,0,0}, {1,3,5,6,0,0,0,0}, {0,1,3,5,6,0,0,0},
    {2,3,5,6,0,0,0,0}, {0,2,3,5,6,0,0,0}, {1,2,3,5,6,0,0,0}, {0,1,2,3,5,6,0,0},
    {4,5,6,0,0,0,0,0}, {0,4,5,6,0,0,0,0}, {1,4,5,6,0,0,0,0}, {0,1,4,5,6,0,0,0},
    {2,4,5,6,0,0,0,0}, {0,2,4,5,6,0,0,0}, {1,2,4,5,6,0,0,0}, {0,1,2,4,5,6,0,0},
    {3,4,5,6,0,0,0,0}, {0,3,4,5,6,0,0,0}, {1,3,4,5,6,0,0,0}, {0,1,3,4,5,6,0,0},
    {2,3,4,5,6,0,0,0}, {0,2,3,4,5,6,0,0}, {1,2,3,4,5,6,0,0}, {0,1,2,3,4,5,6,0},
    {7,0,0,0,0,0,0,0}, {0,7,0,0,0,0,0,0}, {1,7,0,0,0,0,0,0}, {0,1,7,0,0,0,0,0},
    {2,7,0,0,0,0,0,0}, {0,2,7,0,0,0,0,0}, {1,2,7,0,0,0,0,0}, {0,1,2,7,0,0,0,0},
    {3,7,0,0,0,0,0,0}, {0,3,7,0,0,0,0,0}, {1,3,7,0,0,0,0,0}, {0,1,3,7,0,0,0,0},
    {2,3,7,0,0,0,0,0}, {0,2,3,7,0,0,0,0}, {1,2,3,7,0,0,0,0}, {0,1,2,3,7,0,0,0},
    {4,7,0,0,0,0,0,0}, {0,4,7,0,0,0,0,0}, {1,4,7,0,0,0,0,0}, {0,1,4,7,0,0,0,0},
    {2,4,7,0,0,0,0,0}, {0,2,4,7,0,0,0,0}, {1,2,4,7,0,0,0,0}, {0,1,2,4,7,0,0,0},
    {3,4,7,0,0,0,0,0}, {0,3,4,7,0,0,0,0}, {1,3,4,7,0,0,0,0}, {0,1,3,4,7,0,0,0},
    {2,3,4,7,0,0,0,0}, {0,2,3,4,7,0,0,0}, {1,2,3,4,7,0,0,0}, {0,1,2,3,4,7,0,0},
    {5,7,0,0,0,0,0,0}, {0,5,7,0,0,0,0,0}, {1,5,7,0,0,0,0,0}, {0,1,5,7,0,0,0,0},
    {2,5,7,0,0,0,0,0}, {0,2,5,7,0,0,0,0}, {1,2,5,7,0,0,0,0}, {0,1,2,5,7,0,0,0},
    {3,5,7,0,0,0,0,0}, {0,3,5,7,0,0,0,0}, {1,3,5,7,0,0,0,0}, {0,1,3,5,7,0,0,0},
    {2,3,5,7,0,0,0,0}, {0,2,3,5,7,0,0,0}, {1,2,3,5,7,0,0,0}, {0,1,2,3,5,7,0,0},
    {4,5,7,0,0,0,0,0}, {0,4,5,7,0,0,0,0}, {1,4,5,7,0,0,0,0}, {0,1,4,5,7,0,0,0},
    {2,4,5,7,0,0,0,0}, {0,2,4,5,7,0,0,0}, {1,2,4,5,7,0,0,0}, {0,1,2,4,5,7,0,0},
    {3,4,5,7,0,0,0,0}, {0,3,4,5,7,0,0,0}, {1,3,4,5,7,0,0,0}, {0,1,3,4,5,7,0,0},
    {2,3,4,5,7,0,0,0}, {0,2,3,4,5,7,0,0}, {1,2,3,4,5,7,0,0}, {0,1,2,3,4,5,7,0},
    {6,7,0,0,0,0,0,0}, {0,6,7,0,0,0,0,0}, {1,6,7,0,0,0,0,0}, {0,1,6,7,0,0,0,0},
    {2,6,7,0,0,0,0,0}, {0,2,6,7,0,0,0,0}, {1,2,6,7,0,0,0,0}, {0,1,2,6,7,0,0,0},
    {3,6,7,0,0,0,0,0}, {0,3,6,7,0,0,0,0}, {1,3,6,7,0,0,0,0}, {0,1,3,6,7,0,0,0},
    {2,3,6,7,0,0,0,0}, {0,2,3,6,7,0,0,0}, {1,2,3,6,7,0,0,0}, {0,1,2,3,6,7,0,0},
    {4,6,7,0,0,0,0,0}, {0,4,6,7,0,0,0,0}, {1,4,6,7,0,0,0,0}, {0,1,4,6,7,0,0,0},
    {2,4,6,7,0,0,0,0}, {0,2,4,6,7,0,0,0}, {1,2,4,6,7,0,0,0}, {0,1,2,4,6,7,0,0},
    {3,4,6,7,0,0,0,0}, {0,3,4,6,7,0,0,0}, {1,3,4,6,7,0,0,0}, {0,1,3,4,6,7,0,0},
    {2,3,4,6,7,0,0,0}, {0,2,3,4,6,7,0,0}, {1,2,3,4,6,7,0,0}, {0,1,2,3,4,6,7,0},
    {5,6,7,0,0,0,0,0}, {0,5,6,7,0,0,0,0}, {1,5,6,7,0,0,0,0}, {0,1,5,6,7,0,0,0},
    {2,5,6,7,0,0,0,0}, {0,2,5,6,7,0,0,0}, {1,2,5,6,7,0,0,0}, {0,1,2,5,6,7,0,0},
    {3,5,6,7,0,0,0,0}, {0,3,5,6,7,0,0,0}, {1,3,5,6,7,0,0,0}, {0,1,3,5,6,7,0,0},
    {2,3,5,6,7,0,0,0}, {0,2,3,5,6,7,0,0}, {1,2,3,5,6,7,0,0}, {0,1,2,3,5,6,7,0},
    {4,5,6,7,0,0,0,0}, {0,4,5,6,7,0,0,0}, {1,4,5,6,7,0,0,0}, {0,1,4,5,6,7,0,0},
    {2,4,5,6,7,0,0,0}, {0,2,4,5,6,7,0,0}, {1,2,4,5,6,7,0,0}, {0,1,2,4,5,6,7,0},
    {3,4,5,6,7,0,0,0}, {0,3,4,5,6,7,0,0}, {1,3,4,5,6,7,0,0}, {0,1,3,4,5,6,7,0},
    {2,3,4,5,6,7,0,0}, {0,2,3,4,5,6,7,0}, {1,2,3,4,5,6,7,0}, {0,1,2,3,4,5,6,7},
};

__attribute__((target("avx2"))) static inline unsigned mask4_avx2(__m256d x, __m256d y, const psk_window *w,
                                                                  int shape) {
  const __m256d one = _mm256_set1_pd(1.0), half = _mm256_set1_pd(0.5), mhalf = _mm256_set1_pd(-0.5);
  __m256d lo = _mm256_set1_pd(w->lo[0]), hi = _mm256_set1_pd(w->hi[0]);
  if (LINES(shape) != 0) {
    __m256d dy = _mm256_sub_pd(y, _mm256_set1_pd(w->center_y));
    lo = _mm256_add_pd(lo, _mm256_mul_pd(_mm256_set1_pd(w->k[0]), dy));
    hi = _mm256_add_pd(hi, _mm256_mul_pd(_mm256_set1_pd(w->m[0]), dy));
    for (int i = 1; i < LINES(shape); i++) {
      __m256d a = _mm256_add_pd(_mm256_set1_pd(w->lo[i]), _mm256_mul_pd(_mm256_set1_pd(w->k[i]), dy));
      __m256d b = _mm256_add_pd(_mm256_set1_pd(w->hi[i]), _mm256_mul_pd(_mm256_set1_pd(w->m[i]), dy));
      lo = _mm256_blendv_pd(lo, a, _mm256_cmp_pd(lo, a, _CMP_LT_OQ));
      hi = _mm256_blendv_pd(hi, b, _mm256_cmp_pd(b, hi, _CMP_LT_OQ));
    }
  }
  __m256d dx = _mm256_sub_pd(x, _mm256_set1_pd(w->center_x));
  if (MODE(shape) != MODE_PLAIN && MODE(shape) != MODE_ALL_X) {
    dx = _mm256_blendv_pd(dx, _mm256_sub_pd(dx, one), _mm256_cmp_pd(dx, half, _CMP_GE_OQ));
    dx = _mm256_blendv_pd(dx, _mm256_add_pd(dx, one), _mm256_cmp_pd(dx, mhalf, _CMP_LT_OQ));
  }
  __m256d in_x = MODE(shape) == MODE_ALL_X
                     ? _mm256_cmp_pd(x, x, _CMP_ORD_Q)
                     : _mm256_and_pd(_mm256_cmp_pd(dx, lo, _CMP_GE_OQ), _mm256_cmp_pd(dx, hi, _CMP_LE_OQ));
  if (MODE(shape) == MODE_COPIES) {
    __m256d up = _mm256_add_pd(dx, one), down = _mm256_sub_pd(dx, one);
    __m256d in1 = _mm256_and_pd(_mm256_cmp_pd(up, lo, _CMP_GE_OQ), _mm256_cmp_pd(up, hi, _CMP_LE_OQ));
    __m256d in2 = _mm256_and_pd(_mm256_cmp_pd(down, lo, _CMP_GE_OQ), _mm256_cmp_pd(down, hi, _CMP_LE_OQ));
    in_x = _mm256_or_pd(_mm256_or_pd(in_x, in1), in2);
  }
  __m256d in_y = _mm256_and_pd(_mm256_cmp_pd(y, _mm256_set1_pd(w->min_y), _CMP_GE_OQ),
                               _mm256_cmp_pd(y, _mm256_set1_pd(w->max_y), _CMP_LE_OQ));
  return (unsigned)_mm256_movemask_pd(_mm256_and_pd(in_x, in_y));
}

/* Both x86 kernels take sixteen pins a step and compress their indices into `out` only when one of
 * them is visible: a view holding few pins skips the compress (a branch rarely taken), one holding
 * many takes it on most steps; a branch per eight pins was mispredicted often when a fraction of
 * scattered pins is visible, and no branch at all cost views holding few pins a compress per step. */
__attribute__((target("avx2"))) static inline size_t scan_avx2_shape(const double *xs, const double *ys, size_t start,
                                                                     size_t end, const psk_window *w, uint32_t *out,
                                                                     int shape) {
  size_t count = 0, i = start;
  const __m256i step = _mm256_set1_epi32(8);
  __m256i idx = _mm256_add_epi32(_mm256_set1_epi32((int)start), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
  for (; i + 16 <= end; i += 16) {
    unsigned m = 0;
    for (unsigned k = 0; k < 16; k += 4) {
      m |= mask4_avx2(_mm256_loadu_pd(xs + i + k), _mm256_loadu_pd(ys + i + k), w, shape) << k;
    }
    if (m) {
      /* Eight indices stored whatever the mask: out has room for end − start, and count ≤ i − start. */
      __m256i lanes = _mm256_loadu_si256((const __m256i *)compress_lanes[m & 0xFF]);
      _mm256_storeu_si256((__m256i *)(out + count), _mm256_permutevar8x32_epi32(idx, lanes));
      count += (size_t)__builtin_popcount(m & 0xFF);
      lanes = _mm256_loadu_si256((const __m256i *)compress_lanes[m >> 8]);
      _mm256_storeu_si256((__m256i *)(out + count), _mm256_permutevar8x32_epi32(_mm256_add_epi32(idx, step), lanes));
      count += (size_t)__builtin_popcount(m >> 8);
    }
    idx = _mm256_add_epi32(idx, _mm256_add_epi32(step, step));
  }
  return count + scan_portable_shape(xs, ys, i, end, w, out + count, shape);
}

__attribute__((target("avx2"))) static size_t scan_avx2(const double *xs, const double *ys, size_t start, size_t end,
                                                        const psk_window *w, uint32_t *out) {
  DISPATCH_SHAPE(scan_avx2_shape, xs, ys, start, end, w, out)
}

/* The visible lanes of eight pins. */
__attribute__((target("avx512f,avx512vl"))) static inline __mmask8 mask8_avx512(__m512d x, __m512d y,
                                                                                const psk_window *w, int shape) {
  const __m512d one = _mm512_set1_pd(1.0);
  __m512d lo = _mm512_set1_pd(w->lo[0]), hi = _mm512_set1_pd(w->hi[0]);
  if (LINES(shape) != 0) {
    __m512d dy = _mm512_sub_pd(y, _mm512_set1_pd(w->center_y));
    lo = _mm512_add_pd(lo, _mm512_mul_pd(_mm512_set1_pd(w->k[0]), dy));
    hi = _mm512_add_pd(hi, _mm512_mul_pd(_mm512_set1_pd(w->m[0]), dy));
    for (int l = 1; l < LINES(shape); l++) {
      __m512d a = _mm512_add_pd(_mm512_set1_pd(w->lo[l]), _mm512_mul_pd(_mm512_set1_pd(w->k[l]), dy));
      __m512d b = _mm512_add_pd(_mm512_set1_pd(w->hi[l]), _mm512_mul_pd(_mm512_set1_pd(w->m[l]), dy));
      lo = _mm512_mask_mov_pd(lo, _mm512_cmp_pd_mask(lo, a, _CMP_LT_OQ), a);
      hi = _mm512_mask_mov_pd(hi, _mm512_cmp_pd_mask(b, hi, _CMP_LT_OQ), b);
    }
  }
  __m512d dx = _mm512_sub_pd(x, _mm512_set1_pd(w->center_x));
  if (MODE(shape) != MODE_PLAIN && MODE(shape) != MODE_ALL_X) {
    dx = _mm512_mask_sub_pd(dx, _mm512_cmp_pd_mask(dx, _mm512_set1_pd(0.5), _CMP_GE_OQ), dx, one);
    dx = _mm512_mask_add_pd(dx, _mm512_cmp_pd_mask(dx, _mm512_set1_pd(-0.5), _CMP_LT_OQ), dx, one);
  }
  __mmask8 in_x = MODE(shape) == MODE_ALL_X
                      ? _mm512_cmp_pd_mask(x, x, _CMP_ORD_Q)
                      : _mm512_cmp_pd_mask(dx, lo, _CMP_GE_OQ) & _mm512_cmp_pd_mask(dx, hi, _CMP_LE_OQ);
  if (MODE(shape) == MODE_COPIES) {
    __m512d up = _mm512_add_pd(dx, one), down = _mm512_sub_pd(dx, one);
    in_x |= (__mmask8)((_mm512_cmp_pd_mask(up, lo, _CMP_GE_OQ) & _mm512_cmp_pd_mask(up, hi, _CMP_LE_OQ)) |
                       (_mm512_cmp_pd_mask(down, lo, _CMP_GE_OQ) & _mm512_cmp_pd_mask(down, hi, _CMP_LE_OQ)));
  }
  return in_x & _mm512_cmp_pd_mask(y, _mm512_set1_pd(w->min_y), _CMP_GE_OQ) &
         _mm512_cmp_pd_mask(y, _mm512_set1_pd(w->max_y), _CMP_LE_OQ);
}

__attribute__((target("avx512f,avx512vl"))) static inline size_t scan_avx512_shape(const double *xs, const double *ys,
                                                                                   size_t start, size_t end,
                                                                                   const psk_window *w, uint32_t *out,
                                                                                   int shape) {
  const __m256i step = _mm256_set1_epi32(8);
  __m256i idx = _mm256_add_epi32(_mm256_set1_epi32((int)start), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
  size_t count = 0, i = start;
  /* The indices are compressed in a register and all eight lanes stored (out has room for end −
   * start, and count ≤ i − start), never compressed straight to memory: that form is slow on AMD
   * Zen 4 (a country view at 1M pins took 2.6 ms with it, 0.43 ms without). */
  if (MODE(shape) == MODE_ALL_X) {
    /* Nearly every pin visible: no branch, eight at a time. (Sixteen a step measured 2× slower
     * here at 10M pins on an AMD EPYC with AVX-512, though not with AVX2 or at 1M; cause not found.) */
    for (; i + 8 <= end; i += 8) {
      __mmask8 m = mask8_avx512(_mm512_loadu_pd(xs + i), _mm512_loadu_pd(ys + i), w, shape);
      _mm256_storeu_si256((__m256i *)(out + count), _mm256_maskz_compress_epi32(m, idx));
      count += (size_t)__builtin_popcount(m);
      idx = _mm256_add_epi32(idx, step);
    }
  }
  for (; i + 16 <= end; i += 16) {
    __mmask8 m0 = mask8_avx512(_mm512_loadu_pd(xs + i), _mm512_loadu_pd(ys + i), w, shape);
    __mmask8 m1 = mask8_avx512(_mm512_loadu_pd(xs + i + 8), _mm512_loadu_pd(ys + i + 8), w, shape);
    if (m0 | m1) {
      _mm256_storeu_si256((__m256i *)(out + count), _mm256_maskz_compress_epi32(m0, idx));
      count += (size_t)__builtin_popcount(m0);
      _mm256_storeu_si256((__m256i *)(out + count), _mm256_maskz_compress_epi32(m1, _mm256_add_epi32(idx, step)));
      count += (size_t)__builtin_popcount(m1);
    }
    idx = _mm256_add_epi32(idx, _mm256_add_epi32(step, step));
  }
  return count + scan_portable_shape(xs, ys, i, end, w, out + count, shape);
}

__attribute__((target("avx512f,avx512vl"))) static size_t scan_avx512(const double *xs, const double *ys, size_t start,
                                                                      size_t end, const psk_window *w, uint32_t *out) {
  DISPATCH_SHAPE(scan_avx512_shape, xs, ys, start, end, w, out)
}

static unsigned x86_kernels(void) {
  unsigned a, b, c, d, kernels = 1u << PSK_KERNEL_PORTABLE;
  if (!__get_cpuid(1, &a, &b, &c, &d)) return kernels;
  int osxsave = (c >> 27) & 1, avx = (c >> 28) & 1;
  if (!osxsave || !avx) return kernels;
  unsigned xcr0_lo, xcr0_hi;
  __asm__ volatile("xgetbv" : "=a"(xcr0_lo), "=d"(xcr0_hi) : "c"(0));
  if ((xcr0_lo & 0x6) != 0x6) return kernels; /* the OS saves SSE and AVX state */
  if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return kernels;
  if ((b >> 5) & 1) kernels |= 1u << PSK_KERNEL_AVX2;
  if (((b >> 16) & 1) && ((b >> 31) & 1) && (xcr0_lo & 0xE6) == 0xE6) kernels |= 1u << PSK_KERNEL_AVX512;
  return kernels;
}
#endif

/* ------------------------------------------------------------------------------- arm64 */

#ifdef PSK_ARM64
static inline unsigned mask2_neon(float64x2_t x, float64x2_t y, const psk_window *w, int shape) {
  const float64x2_t one = vdupq_n_f64(1.0);
  float64x2_t lo = vdupq_n_f64(w->lo[0]), hi = vdupq_n_f64(w->hi[0]);
  if (LINES(shape) != 0) {
    float64x2_t dy = vsubq_f64(y, vdupq_n_f64(w->center_y));
    lo = vaddq_f64(lo, vmulq_f64(vdupq_n_f64(w->k[0]), dy));
    hi = vaddq_f64(hi, vmulq_f64(vdupq_n_f64(w->m[0]), dy));
    for (int i = 1; i < LINES(shape); i++) {
      float64x2_t a = vaddq_f64(vdupq_n_f64(w->lo[i]), vmulq_f64(vdupq_n_f64(w->k[i]), dy));
      float64x2_t b = vaddq_f64(vdupq_n_f64(w->hi[i]), vmulq_f64(vdupq_n_f64(w->m[i]), dy));
      lo = vbslq_f64(vcltq_f64(lo, a), a, lo);
      hi = vbslq_f64(vcltq_f64(b, hi), b, hi);
    }
  }
  float64x2_t dx = vsubq_f64(x, vdupq_n_f64(w->center_x));
  if (MODE(shape) != MODE_PLAIN && MODE(shape) != MODE_ALL_X) {
    dx = vbslq_f64(vcgeq_f64(dx, vdupq_n_f64(0.5)), vsubq_f64(dx, one), dx);
    dx = vbslq_f64(vcltq_f64(dx, vdupq_n_f64(-0.5)), vaddq_f64(dx, one), dx);
  }
  uint64x2_t in = MODE(shape) == MODE_ALL_X ? vceqq_f64(x, x) : vandq_u64(vcgeq_f64(dx, lo), vcleq_f64(dx, hi));
  if (MODE(shape) == MODE_COPIES) {
    float64x2_t up = vaddq_f64(dx, one), down = vsubq_f64(dx, one);
    in = vorrq_u64(vorrq_u64(in, vandq_u64(vcgeq_f64(up, lo), vcleq_f64(up, hi))),
                   vandq_u64(vcgeq_f64(down, lo), vcleq_f64(down, hi)));
  }
  in = vandq_u64(in, vandq_u64(vcgeq_f64(y, vdupq_n_f64(w->min_y)), vcleq_f64(y, vdupq_n_f64(w->max_y))));
  return (unsigned)(vgetq_lane_u64(in, 0) & 1) | (unsigned)((vgetq_lane_u64(in, 1) & 1) << 1);
}

static inline size_t scan_neon_shape(const double *xs, const double *ys, size_t start, size_t end,
                                     const psk_window *w, uint32_t *out, int shape) {
  size_t count = 0, i = start;
  for (; i + 8 <= end; i += 8) {
    unsigned m = 0;
    for (unsigned k = 0; k < 8; k += 2) m |= mask2_neon(vld1q_f64(xs + i + k), vld1q_f64(ys + i + k), w, shape) << k;
    if (m) count = emit8(m, i, out, count);
  }
  return count + scan_portable_shape(xs, ys, i, end, w, out + count, shape);
}

static size_t scan_neon(const double *xs, const double *ys, size_t start, size_t end, const psk_window *w,
                        uint32_t *out) {
  DISPATCH_SHAPE(scan_neon_shape, xs, ys, start, end, w, out)
}
#endif

/* ------------------------------------------------------------------------------- dispatch */

unsigned psk_available_kernels(void) {
  static _Atomic unsigned cached = 0; /* 0: not asked yet (the portable bit is always set) */
  unsigned kernels = cached;
  if (kernels) return kernels;
#if defined(PSK_X86)
  kernels = x86_kernels();
#elif defined(PSK_ARM64)
  kernels = (1u << PSK_KERNEL_PORTABLE) | (1u << PSK_KERNEL_NEON);
#else
  kernels = 1u << PSK_KERNEL_PORTABLE;
#endif
  cached = kernels;
  return kernels;
}

int psk_best_kernel(void) {
  unsigned k = psk_available_kernels();
  if (k & (1u << PSK_KERNEL_AVX512)) return PSK_KERNEL_AVX512;
  if (k & (1u << PSK_KERNEL_AVX2)) return PSK_KERNEL_AVX2;
  if (k & (1u << PSK_KERNEL_NEON)) return PSK_KERNEL_NEON;
  return PSK_KERNEL_PORTABLE;
}

const char *psk_kernel_name(int kernel) {
  switch (kernel) {
  case PSK_KERNEL_PORTABLE: return "portable";
  case PSK_KERNEL_AVX2: return "avx2";
  case PSK_KERNEL_AVX512: return "avx512";
  case PSK_KERNEL_NEON: return "neon";
  default: return "unknown";
  }
}

int psk_window_cost_class(const psk_window *w) {
  if (!w) return 0;
  psk_window prepared;
  prepare_shape(w, &prepared);
  int shape = prepared.lines;
  if (MODE(shape) == MODE_COPIES) return 0;
  return LINES(shape) == 0 ? 2 : 1;
}

void psk_prepare_window(const psk_window *w, psk_window *prepared) { prepare_shape(w, prepared); }

size_t psk_scan_narrow(int kernel, const double *xs, const double *ys, size_t start, size_t end, const psk_window *w,
                       uint32_t *out) {
  psk_window prepared;
  prepare_shape(w, &prepared);
  return psk_scan_prepared(kernel, xs, ys, start, end, &prepared, out);
}

size_t psk_scan_prepared(int kernel, const double *xs, const double *ys, size_t start, size_t end,
                         const psk_window *w, uint32_t *out) {
  if (start >= end) return 0;
  if (kernel < 0) kernel = psk_best_kernel();
  if (kernel > 31 || !(psk_available_kernels() & (1u << kernel))) kernel = PSK_KERNEL_PORTABLE;
  switch (kernel) {
#if defined(PSK_X86)
  case PSK_KERNEL_AVX512: return scan_avx512(xs, ys, start, end, w, out);
  case PSK_KERNEL_AVX2: return scan_avx2(xs, ys, start, end, w, out);
#elif defined(PSK_ARM64)
  case PSK_KERNEL_NEON: return scan_neon(xs, ys, start, end, w, out);
#endif
  default: return scan_portable(xs, ys, start, end, w, out);
  }
}
