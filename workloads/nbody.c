/*
 * nbody.c - STEPS steps of an all-pairs gravitational N-body simulation in
 * single precision (softened forces, leapfrog-style update).
 *
 * Body i goes to thread i mod n. A step has two phases separated by
 * barriers: every thread sums the accelerations on its bodies from all N
 * bodies (the j loop is the same for every lane: convergent, and every
 * lane loads the same body j: broadcast loads), then updates their
 * velocities and positions. One 1/sqrt per pair: fsqrt.s and fdiv.s with
 * F, libm and soft-float calls without.
 *
 * Check (workloads/README.md, "FP workloads"): after the region of
 * interest, every thread reruns the simulation in double precision for a
 * share of the bodies (body N-1-i where the kernel did i; the same
 * barriers), from the initial state regenerated from its seeds; thread 0
 * compares.
 * Tolerance: every final coordinate of position and velocity is within
 * TOL = 1e-5 of the reference, relative to the largest magnitude of that
 * quantity (a float step loses about 2^-24; the measured error after STEPS
 * steps is about 1e-7).
 */
#include <math.h>
#include "workload.h"

#ifndef N
#define N 64
#endif
#ifndef STEPS
#define STEPS 3
#endif
#define DT 0.01f
#define EPS2 0.01f /* softening: no pair force is singular */
#define TOL 1e-5

typedef struct {
    float x[N], y[N], z[N];
} vec3s_t;

static vec3s_t pos WL_ALIGNED, vel WL_ALIGNED, acc WL_ALIGNED;
static float mass[N] WL_ALIGNED;

static float init(uint32_t seed, uint32_t i)
{
    return (float)((int32_t)(wl_rand(seed, i) >> 8) - (1 << 23)) * (1.0f / (1 << 23));
}

/* Masses in [0.25, 1.25) / N. */
static float mass_of(uint32_t i)
{
    return (1.0f + init(7, i)) * (0.5f / N) + 0.25f / N;
}

/* The reference (double). */
static double ref_x[N], ref_y[N], ref_z[N], ref_vx[N], ref_vy[N], ref_vz[N], ref_ax[N],
    ref_ay[N], ref_az[N];

int main(void)
{
    unsigned tid = simty_tid(), n = simty_nthreads();

    for (unsigned i = tid; i < N; i += n) {
        pos.x[i] = init(1, i);
        pos.y[i] = init(2, i);
        pos.z[i] = init(3, i);
        vel.x[i] = 0.1f * init(4, i);
        vel.y[i] = 0.1f * init(5, i);
        vel.z[i] = 0.1f * init(6, i);
        mass[i] = mass_of(i);
    }
    wl_begin();
    for (unsigned s = 0; s < STEPS; s++) {
        for (unsigned i = tid; i < N; i += n) {
            float xi = pos.x[i], yi = pos.y[i], zi = pos.z[i];
            float ax = 0.0f, ay = 0.0f, az = 0.0f;
            for (unsigned j = 0; j < N; j++) {
                float dx = pos.x[j] - xi, dy = pos.y[j] - yi, dz = pos.z[j] - zi;
                float r2 = dx * dx + dy * dy + dz * dz + EPS2;
                float inv = 1.0f / sqrtf(r2);
                float f = mass[j] * inv * inv * inv;
                ax += f * dx;
                ay += f * dy;
                az += f * dz;
            }
            acc.x[i] = ax;
            acc.y[i] = ay;
            acc.z[i] = az;
        }
        simty_barrier(); /* every acceleration reads the old positions */
        for (unsigned i = tid; i < N; i += n) {
            vel.x[i] += DT * acc.x[i];
            vel.y[i] += DT * acc.y[i];
            vel.z[i] += DT * acc.z[i];
            pos.x[i] += DT * vel.x[i];
            pos.y[i] += DT * vel.y[i];
            pos.z[i] += DT * vel.z[i];
        }
        simty_barrier();
    }
    if (!wl_end_all())
        return 0;

    for (unsigned b = tid; b < N; b += n) {
        unsigned i = N - 1 - b;
        ref_x[i] = init(1, i);
        ref_y[i] = init(2, i);
        ref_z[i] = init(3, i);
        ref_vx[i] = 0.1f * init(4, i);
        ref_vy[i] = 0.1f * init(5, i);
        ref_vz[i] = 0.1f * init(6, i);
    }
    simty_barrier();
    for (unsigned s = 0; s < STEPS; s++) {
        for (unsigned b = tid; b < N; b += n) {
            unsigned i = N - 1 - b;
            double ax = 0.0, ay = 0.0, az = 0.0;
            for (unsigned j = 0; j < N; j++) {
                double dx = ref_x[j] - ref_x[i], dy = ref_y[j] - ref_y[i],
                       dz = ref_z[j] - ref_z[i];
                double r2 = dx * dx + dy * dy + dz * dz + (double)EPS2;
                double f = mass_of(j) / (r2 * sqrt(r2));
                ax += f * dx;
                ay += f * dy;
                az += f * dz;
            }
            ref_ax[i] = ax;
            ref_ay[i] = ay;
            ref_az[i] = az;
        }
        simty_barrier();
        for (unsigned b = tid; b < N; b += n) {
            unsigned i = N - 1 - b;
            ref_vx[i] += (double)DT * ref_ax[i];
            ref_vy[i] += (double)DT * ref_ay[i];
            ref_vz[i] += (double)DT * ref_az[i];
            ref_x[i] += (double)DT * ref_vx[i];
            ref_y[i] += (double)DT * ref_vy[i];
            ref_z[i] += (double)DT * ref_vz[i];
        }
        simty_barrier();
    }
    if (!wl_check_done())
        return 0;

    /* Errors relative to the largest |position| and |velocity|. */
    double pmax = 0.0, vmax = 0.0, perr = 0.0, verr = 0.0;
    for (unsigned i = 0; i < N; i++) {
        pmax = fmax(pmax, fmax(fabs(ref_x[i]), fmax(fabs(ref_y[i]), fabs(ref_z[i]))));
        vmax = fmax(vmax, fmax(fabs(ref_vx[i]), fmax(fabs(ref_vy[i]), fabs(ref_vz[i]))));
        perr = fmax(perr, fmax(fabs(pos.x[i] - ref_x[i]),
                               fmax(fabs(pos.y[i] - ref_y[i]), fabs(pos.z[i] - ref_z[i]))));
        verr = fmax(verr, fmax(fabs(vel.x[i] - ref_vx[i]),
                               fmax(fabs(vel.y[i] - ref_vy[i]), fabs(vel.z[i] - ref_vz[i]))));
    }
    int ok = perr <= TOL * pmax && verr <= TOL * vmax;
    return wl_report("nbody", ok,
                     "%u bodies, %u steps, relative error %.3g (position) %.3g (velocity), "
                     "tolerance %g",
                     N, STEPS, perr / pmax, verr / vmax, TOL);
}
