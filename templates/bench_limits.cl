/* bench_limits.cl: the micro-benchmarks of `picl bench --device-limits` (tooling/devlimits.c),
 * the two numbers a roofline needs: memory bandwidth (McCalpin's STREAM triad) and peak flop
 * rate (independent chains of fused multiply-adds). Not part of any run's program. */

/* a = b + s c: 3 values moved (2 read, 1 written) and 2 flops per item */
#define DEFINE_TRIAD(T)                                                                                   \
    __kernel void triad_##T(__global T *a, __global const T *b, __global const T *c, const T s)          \
    {                                                                                                     \
        const size_t i = get_global_id(0);                                                                \
        a[i] = b[i] + s * c[i];                                                                           \
    }

/* The flop rate: CHAINS independent chains of `iter` fused multiply-adds, each chain a
 * vector of the device's preferred width (VW_DOUBLE, VW_FLOAT: the host passes
 * CL_DEVICE_PREFERRED_VECTOR_WIDTH_*), so that every FMA the core issues is a full-width one
 * and enough of them are independent to cover latency x pipes (Zen 4: 4 cycles x 2 pipes of
 * 256 bits, a 512-bit FMA taking both; 8 or 12 chains). The kernel does not rely on the
 * driver vectorising across work items: PoCL 3.1 does that for scalar chains only at half the
 * width in double and a quarter in float (the former kernel of scalar chains measured 57
 * GFlop/s in both on a machine whose peak is 115 double, 230 float). Launched with work-groups
 * of one item. 2 W CHAINS iter flops per work item; the sum written at the end keeps
 * the compiler from dropping the chains. */
#ifndef VW_DOUBLE
#define VW_DOUBLE 4
#endif
#ifndef VW_FLOAT
#define VW_FLOAT 8
#endif
#define BL_CAT2(a, b) a##b
#define BL_CAT(a, b) BL_CAT2(a, b)
#define DEFINE_FMA(T, W, CHAINS)                                                                          \
    __kernel void fma##CHAINS##_##T(__global T *out, const T a, const T b, const int iter)               \
    {                                                                                                     \
        typedef BL_CAT(T, W) V;                                                                           \
        V x[CHAINS];                                                                                      \
        _Pragma("unroll") for (int c = 0; c < CHAINS; c++) x[c] = (V)((T)get_global_id(0) * (T)1e-7 + (T)c); \
        for (int i = 0; i < iter; i++) {                                                                  \
            _Pragma("unroll") for (int c = 0; c < CHAINS; c++) x[c] = fma(x[c], (V)a, (V)b);              \
        }                                                                                                 \
        V s = 0;                                                                                          \
        _Pragma("unroll") for (int c = 0; c < CHAINS; c++) s += x[c];                                     \
        T lanes[W];                                                                                       \
        BL_CAT(vstore, W)(s, 0, lanes);                                                                   \
        T sum = 0;                                                                                        \
        for (int l = 0; l < W; l++)                                                                       \
            sum += lanes[l];                                                                              \
        out[get_global_id(0)] = sum;                                                                      \
    }

DEFINE_TRIAD(float)
DEFINE_FMA(float, VW_FLOAT, 8)
DEFINE_FMA(float, VW_FLOAT, 12)
DEFINE_FMA(float, VW_FLOAT, 16)
#if defined(cl_khr_fp64)
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
DEFINE_TRIAD(double)
DEFINE_FMA(double, VW_DOUBLE, 8)
DEFINE_FMA(double, VW_DOUBLE, 12)
DEFINE_FMA(double, VW_DOUBLE, 16)
#endif
