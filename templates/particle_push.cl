/* particle_push.cl: one species' step in one kernel: field gather at x^n, momentum push
 * u^{n-1/2} -> u^{n+1/2}, position update x^n -> x^{n+1}, current deposition from the two
 * positions, and the hand-over of particles that left their box. Each particle is read once and
 * written once per step; no per-particle E or B is stored (paper, section 3.1). The gather,
 * pusher and deposition come from the templates the generator chose (gather_*.cl, push_*.cl,
 * deposit_*.cl). Included once per species with its SP_ macros. */
#ifndef PICL_PRELUDE
#include "defaults.cl"
#include "common.cl"
#include "shape.cl"
#include "gather_energy.cl"
#include "push_boris.cl"
#include "deposit_esirkepov.cl"
#endif

/* One work item per box walks the box's particles in order: it alone writes the box's J (no
 * atomics, a deterministic sum) and it compacts the particles that stay, in place, while those
 * that left go to the box's outbox with their destination; particle_move.cl delivers them. */
__kernel void PICL_CAT(push_deposit, SP_SUFFIX)(__global real *F, __global real *px, __global real *py,
                                                __global real *pz, __global real *pux, __global real *puy,
                                                __global real *puz, __global real *pw, __global ulong *pid,
                                                __global int *pdest, __global long *boxes)
{
    const int b = (int)get_global_id(0);
    __global long *box = boxes + b * BOX_TABLE_STRIDE;
    const long start = box[BT_START], out_start = box[BT_OUT_START];
    const long n = box[BT_COUNT], out_cap = box[BT_OUT_CAP];
    const real ox = (real)((b % NBX) * NX), oy = (real)((b / NBX) % NBY * NY), oz = (real)(b / (NBX * NBY) * NZ);
    long kept = 0, out = 0;
    for (long k = 0; k < n; k++) {
        const long ip = start + k;
        const real xo[3] = {px[ip] - ox, py[ip] - oy, pz[ip] - oz};
        real E[3], B[3], u[3] = {pux[ip], puy[ip], puz[ip]};
        gather_fields(F, b, xo[0], xo[1], xo[2], E, B);
        push_u(u, E, B, SP_QDT_2M);
        const real inv_gamma = rsqrt(1 + (u[0] * u[0] + u[1] * u[1] + u[2] * u[2]) * INV_C2);
        const real xn[3] = {xo[0] + u[0] * inv_gamma * DT_DX, xo[1] + u[1] * inv_gamma * DT_DY,
                            xo[2] + u[2] * inv_gamma * DT_DZ};
        const real w = pw[ip];
        const real v[3] = {u[0] * inv_gamma, u[1] * inv_gamma, u[2] * inv_gamma};
        deposit_current(F, b, xo, xn, v, SP_Q * w);
        const real gx = wrap(xn[0] + ox, CELLS_X), gy = wrap(xn[1] + oy, CELLS_Y), gz = wrap(xn[2] + oz, CELLS_Z);
        /* after the periodic wrap: with one box along an axis, a particle crossing the domain's
         * edge stays in its box */
        real l0, l1, l2;
        const int dest = box_of(gx, gy, gz, &l0, &l1, &l2);
        const int stays = dest == b;
        long to;
        if (stays || out == out_cap) {
            to = start + kept++; /* a full outbox is flagged below; the run stops after this step */
        } else {
            to = out_start + out++;
            pdest[to] = dest;
        }
        px[to] = gx;
        py[to] = gy;
        pz[to] = gz;
        pux[to] = u[0];
        puy[to] = u[1];
        puz[to] = u[2];
        pw[to] = w;
        pid[to] = pid[ip];
        if (!stays && to < out_start)
            box[BT_OVERFLOW] = 1;
    }
    box[BT_COUNT] = kept;
    box[BT_OUT_COUNT] = out;
}

/* Start-up: u^0 -> u^{-1/2} with the fields at x^0, as WarpX does, so that the leapfrog
 * starts centred. */
__kernel void PICL_CAT(push_back, SP_SUFFIX)(__global const real *F, __global const real *px,
                                             __global const real *py, __global const real *pz, __global real *pux,
                                             __global real *puy, __global real *puz, __global const long *boxes)
{
    const int b = (int)get_global_id(0);
    __global const long *box = boxes + b * BOX_TABLE_STRIDE;
    const real ox = (real)((b % NBX) * NX), oy = (real)((b / NBX) % NBY * NY), oz = (real)(b / (NBX * NBY) * NZ);
    for (long ip = box[BT_START]; ip < box[BT_START] + box[BT_COUNT]; ip++) {
        real E[3], B[3], u[3] = {pux[ip], puy[ip], puz[ip]};
        gather_fields(F, b, px[ip] - ox, py[ip] - oy, pz[ip] - oz, E, B);
        push_u(u, E, B, -(real)0.5 * SP_QDT_2M);
        pux[ip] = u[0];
        puy[ip] = u[1];
        puz[ip] = u[2];
    }
}
