/* The memory-bandwidth baseline for pruning: the same visibility test as petspot-geo's scan
   (VisibilityWindow, narrow form) over the same float64 Mercator arrays, written in C and built
   with -O3 -march=native. */
#ifndef PSG_C_BASELINE_H
#define PSG_C_BASELINE_H
#include <stddef.h>
#include <stdint.h>

/** The prepared window (see Sources/PetSpotCore/Visibility/VisibilityWindow.swift). */
typedef struct psg_baseline_window {
  double center_x, center_y, min_y, max_y;
  double lo1, hi1, k1, lo2, hi2, k2;
} psg_baseline_window;

/** AVX-512 compare, matching indices compressed in a register and stored; returns the count written to out
 * (may write up to eight entries from that count on: out has room for n). */
size_t psg_baseline_filter_avx512(const double *x, const double *y, size_t n, const psg_baseline_window *w,
                                  uint32_t *out);

/** Plain branchless C loop (the compiler vectorises the compares, not the compress). */
size_t psg_baseline_filter_scalar(const double *x, const double *y, size_t n, const psg_baseline_window *w,
                                  uint32_t *out);

/** AVX2 (+ FMA where built for it) compare, compress by a permutation table; returns the count. */
size_t psg_baseline_filter_avx2(const double *x, const double *y, size_t n, const psg_baseline_window *w,
                                uint32_t *out);

/**
 * The physical limit of a prune that finds `hits` pins among `n`: every coordinate read once
 * (16 bytes per pin, summed so that the reads stay) and `hits` indices written (4 bytes each), one
 * thread, no test. Writes out[0..<hits] = 0..<hits and returns `hits` (the sum goes to `sink`).
 */
size_t psg_baseline_limit(const double *x, const double *y, size_t n, size_t hits, uint32_t *out, double *sink);

/** Whether this build runs the AVX2 kernel (built with -march=native on an AVX2 machine). */
int psg_baseline_has_avx2(void);

/** Whether this CPU runs the AVX-512 kernel (AVX512F + VL). */
int psg_baseline_has_avx512(void);
#endif
