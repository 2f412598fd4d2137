/*
 * omp_roi.h - optional region-of-interest marks for the OpenMP programs.
 *
 * The programs are plain OpenMP C: they build with the host's gcc -fopenmp
 * as they are. bench/omp_cost.py builds them for simty with -DSIMTY_ROI,
 * and then ROI_BEGIN()/ROI_END() (called by the initial thread, outside
 * any parallel region) mark the kernel for --stats-json's "roi" object;
 * otherwise they are empty.
 */
#ifndef OMP_ROI_H
#define OMP_ROI_H

#if defined(SIMTY_ROI) && defined(__riscv)
#include <simty.h>
#define ROI_BEGIN() simty_roi_begin()
#define ROI_END() simty_roi_end()
#else
#define ROI_BEGIN() ((void)0)
#define ROI_END() ((void)0)
#endif

#endif
