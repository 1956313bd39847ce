#include "c_baseline.h"

#include <immintrin.h>

static inline int visible(double x, double y, const psg_baseline_window *w) {
  double dy = y - w->center_y;
  double a = w->lo1 + w->k1 * dy, b = w->lo2 + w->k2 * dy;
  double lo = a > b ? a : b;
  double c = w->hi1 + w->k1 * dy, d = w->hi2 + w->k2 * dy;
  double hi = c < d ? c : d;
  double dx = x - w->center_x;
  dx = dx >= 0.5 ? dx - 1 : dx;
  dx = dx < -0.5 ? dx + 1 : dx;
  int in_y = (y >= w->min_y) & (y <= w->max_y);
  int in_x = ((dx >= lo) & (dx <= hi)) | ((dx + 1 >= lo) & (dx + 1 <= hi)) | ((dx - 1 >= lo) & (dx - 1 <= hi));
  return in_y & in_x;
}

/* The pins from i on, one at a time, after `count` already written; returns the new count. */
static inline size_t tail(const double *x, const double *y, size_t i, size_t n, const psg_baseline_window *w,
                          uint32_t *out, size_t count) {
  for (; i < n; i++) {
    out[count] = (uint32_t)i;
    count += (size_t)visible(x[i], y[i], w);
  }
  return count;
}

size_t psg_baseline_filter_scalar(const double *x, const double *y, size_t n, const psg_baseline_window *w,
                                  uint32_t *out) {
  return tail(x, y, 0, n, w, out, 0);
}

size_t psg_baseline_limit(const double *x, const double *y, size_t n, size_t hits, uint32_t *out, double *sink) {
  /* Thirty-two independent sums, so that the reads are the bound and not the latency of the adds
   * (-O3 -march=native vectorises them into several accumulators; with four, an AMD EPYC with its
   * coordinates in cache was held to 285 µs per million pins by the adds instead of 193 µs). */
  double s[32] = {0};
  size_t i = 0;
  for (; i + 32 <= n; i += 32) {
    for (int k = 0; k < 32; k++) s[k] += x[i + k] + y[i + k];
  }
  for (; i < n; i++) s[0] += x[i] + y[i];
  for (size_t k = 0; k < hits; k++) out[k] = (uint32_t)k;
  double total = 0;
  for (int k = 0; k < 32; k++) total += s[k];
  *sink = total;
  return hits;
}

int psg_baseline_has_avx2(void) {
#if defined(__AVX2__)
  return 1;
#else
  return 0;
#endif
}

#if defined(__AVX2__)
/* Four lanes: the visible ones as a 4-bit mask (fused multiply-adds where the machine has them). */
static inline unsigned mask4(__m256d vx, __m256d vy, const psg_baseline_window *w) {
  const __m256d one = _mm256_set1_pd(1.0);
  __m256d dy = _mm256_sub_pd(vy, _mm256_set1_pd(w->center_y));
#if defined(__FMA__)
  __m256d lo = _mm256_max_pd(_mm256_fmadd_pd(_mm256_set1_pd(w->k1), dy, _mm256_set1_pd(w->lo1)),
                             _mm256_fmadd_pd(_mm256_set1_pd(w->k2), dy, _mm256_set1_pd(w->lo2)));
  __m256d hi = _mm256_min_pd(_mm256_fmadd_pd(_mm256_set1_pd(w->k1), dy, _mm256_set1_pd(w->hi1)),
                             _mm256_fmadd_pd(_mm256_set1_pd(w->k2), dy, _mm256_set1_pd(w->hi2)));
#else
  __m256d lo = _mm256_max_pd(_mm256_add_pd(_mm256_set1_pd(w->lo1), _mm256_mul_pd(_mm256_set1_pd(w->k1), dy)),
                             _mm256_add_pd(_mm256_set1_pd(w->lo2), _mm256_mul_pd(_mm256_set1_pd(w->k2), dy)));
  __m256d hi = _mm256_min_pd(_mm256_add_pd(_mm256_set1_pd(w->hi1), _mm256_mul_pd(_mm256_set1_pd(w->k1), dy)),
                             _mm256_add_pd(_mm256_set1_pd(w->hi2), _mm256_mul_pd(_mm256_set1_pd(w->k2), dy)));
#endif
  __m256d dx = _mm256_sub_pd(vx, _mm256_set1_pd(w->center_x));
  dx = _mm256_sub_pd(dx, _mm256_and_pd(_mm256_cmp_pd(dx, _mm256_set1_pd(0.5), _CMP_GE_OQ), one));
  dx = _mm256_add_pd(dx, _mm256_and_pd(_mm256_cmp_pd(dx, _mm256_set1_pd(-0.5), _CMP_LT_OQ), one));
  __m256d up = _mm256_add_pd(dx, one), down = _mm256_sub_pd(dx, one);
  __m256d in = _mm256_or_pd(
      _mm256_or_pd(_mm256_and_pd(_mm256_cmp_pd(dx, lo, _CMP_GE_OQ), _mm256_cmp_pd(dx, hi, _CMP_LE_OQ)),
                   _mm256_and_pd(_mm256_cmp_pd(up, lo, _CMP_GE_OQ), _mm256_cmp_pd(up, hi, _CMP_LE_OQ))),
      _mm256_and_pd(_mm256_cmp_pd(down, lo, _CMP_GE_OQ), _mm256_cmp_pd(down, hi, _CMP_LE_OQ)));
  in = _mm256_and_pd(in, _mm256_and_pd(_mm256_cmp_pd(vy, _mm256_set1_pd(w->min_y), _CMP_GE_OQ),
                                       _mm256_cmp_pd(vy, _mm256_set1_pd(w->max_y), _CMP_LE_OQ)));
  return (unsigned)_mm256_movemask_pd(in);
}

/* Compress by a table: for each 8-lane mask, the lanes to keep in order (permutevar8x32). */
static uint32_t compress_table[256][8];
static int compress_table_ready = 0;

static void fill_compress_table(void) {
  for (unsigned m = 0; m < 256; m++) {
    unsigned k = 0;
    for (unsigned lane = 0; lane < 8; lane++) {
      if (m & (1u << lane)) compress_table[m][k++] = lane;
    }
    while (k < 8) compress_table[m][k++] = 0;
  }
  compress_table_ready = 1;
}

size_t psg_baseline_filter_avx2(const double *x, const double *y, size_t n, const psg_baseline_window *w,
                                uint32_t *out) {
  if (!compress_table_ready) fill_compress_table();
  __m256i idx = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
  const __m256i eight = _mm256_set1_epi32(8);
  size_t count = 0, i = 0;
  for (; i + 8 <= n; i += 8) {
    unsigned m = mask4(_mm256_loadu_pd(x + i), _mm256_loadu_pd(y + i), w) |
                 (mask4(_mm256_loadu_pd(x + i + 4), _mm256_loadu_pd(y + i + 4), w) << 4);
    if (m) {
      __m256i perm = _mm256_loadu_si256((const __m256i *)compress_table[m]);
      _mm256_storeu_si256((__m256i *)(out + count), _mm256_permutevar8x32_epi32(idx, perm));
      count += (size_t)__builtin_popcount(m);
    }
    idx = _mm256_add_epi32(idx, eight);
  }
  return tail(x, y, i, n, w, out, count);
}
#else
size_t psg_baseline_filter_avx2(const double *x, const double *y, size_t n, const psg_baseline_window *w,
                                uint32_t *out) {
  return psg_baseline_filter_scalar(x, y, n, w, out);
}
#endif

int psg_baseline_has_avx512(void) {
#if defined(__AVX512F__) && defined(__AVX512VL__)
  return 1;
#else
  return 0;
#endif
}

#if defined(__AVX512F__) && defined(__AVX512VL__)
size_t psg_baseline_filter_avx512(const double *x, const double *y, size_t n, const psg_baseline_window *w,
                                  uint32_t *out) {
  const __m512d cx = _mm512_set1_pd(w->center_x), cy = _mm512_set1_pd(w->center_y);
  const __m512d miny = _mm512_set1_pd(w->min_y), maxy = _mm512_set1_pd(w->max_y);
  const __m512d lo1 = _mm512_set1_pd(w->lo1), hi1 = _mm512_set1_pd(w->hi1), k1 = _mm512_set1_pd(w->k1);
  const __m512d lo2 = _mm512_set1_pd(w->lo2), hi2 = _mm512_set1_pd(w->hi2), k2 = _mm512_set1_pd(w->k2);
  const __m512d half = _mm512_set1_pd(0.5), mhalf = _mm512_set1_pd(-0.5), one = _mm512_set1_pd(1.0);
  __m256i idx = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
  const __m256i eight = _mm256_set1_epi32(8);
  size_t count = 0, i = 0;
  for (; i + 8 <= n; i += 8) {
    __m512d vx = _mm512_loadu_pd(x + i), vy = _mm512_loadu_pd(y + i);
    __m512d dy = _mm512_sub_pd(vy, cy);
    __m512d lo = _mm512_max_pd(_mm512_fmadd_pd(k1, dy, lo1), _mm512_fmadd_pd(k2, dy, lo2));
    __m512d hi = _mm512_min_pd(_mm512_fmadd_pd(k1, dy, hi1), _mm512_fmadd_pd(k2, dy, hi2));
    __m512d dx = _mm512_sub_pd(vx, cx);
    dx = _mm512_mask_sub_pd(dx, _mm512_cmp_pd_mask(dx, half, _CMP_GE_OQ), dx, one);
    dx = _mm512_mask_add_pd(dx, _mm512_cmp_pd_mask(dx, mhalf, _CMP_LT_OQ), dx, one);
    __mmask8 m = _mm512_cmp_pd_mask(vy, miny, _CMP_GE_OQ) & _mm512_cmp_pd_mask(vy, maxy, _CMP_LE_OQ);
    __m512d dxp = _mm512_add_pd(dx, one), dxm = _mm512_sub_pd(dx, one);
    __mmask8 in0 = _mm512_cmp_pd_mask(dx, lo, _CMP_GE_OQ) & _mm512_cmp_pd_mask(dx, hi, _CMP_LE_OQ);
    __mmask8 in1 = _mm512_cmp_pd_mask(dxp, lo, _CMP_GE_OQ) & _mm512_cmp_pd_mask(dxp, hi, _CMP_LE_OQ);
    __mmask8 in2 = _mm512_cmp_pd_mask(dxm, lo, _CMP_GE_OQ) & _mm512_cmp_pd_mask(dxm, hi, _CMP_LE_OQ);
    m &= (__mmask8)(in0 | in1 | in2);
    /* Compressed in a register, then all eight lanes stored (out has room for n: count + 8 <= i + 8
     * <= n): the store form of the compress is several times slower on AMD Zen 4. */
    _mm256_storeu_si256((__m256i *)(out + count), _mm256_maskz_compress_epi32(m, idx));
    count += (size_t)__builtin_popcount(m);
    idx = _mm256_add_epi32(idx, eight);
  }
  return tail(x, y, i, n, w, out, count);
}
#else
size_t psg_baseline_filter_avx512(const double *x, const double *y, size_t n, const psg_baseline_window *w,
                                  uint32_t *out) {
  return psg_baseline_filter_scalar(x, y, n, w, out);
}
#endif
