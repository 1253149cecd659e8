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

/* FMA_CHAINS independent chains of FMA_ITER multiply-adds each: enough chains to hide the
 * latency on CPUs (per SIMD lane) and GPUs. 2 FMA_CHAINS FMA_ITER flops per work item; the sum
 * written at the end keeps the compiler from dropping the chains. Both fma() and mad() are
 * built, and the host takes the faster: drivers differ in which one they vectorize (PoCL 3.1
 * on x86: fma() in float, mad() in double). */
#ifndef FMA_ITER
#define FMA_ITER 512
#endif
#define FMA_CHAINS 16
#define DEFINE_FMA(T, OP)                                                                                 \
    __kernel void OP##_##T(__global T *out, const T a, const T b)                                         \
    {                                                                                                     \
        T x[FMA_CHAINS];                                                                                  \
        _Pragma("unroll") for (int c = 0; c < FMA_CHAINS; c++) x[c] = (T)get_global_id(0) * (T)1e-7 + (T)c; \
        for (int i = 0; i < FMA_ITER; i++) {                                                              \
            _Pragma("unroll") for (int c = 0; c < FMA_CHAINS; c++) x[c] = OP(x[c], a, b);                 \
        }                                                                                                 \
        T sum = 0;                                                                                        \
        _Pragma("unroll") for (int c = 0; c < FMA_CHAINS; c++) sum += x[c];                               \
        out[get_global_id(0)] = sum;                                                                      \
    }

DEFINE_TRIAD(float)
DEFINE_FMA(float, fma)
DEFINE_FMA(float, mad)
#if defined(cl_khr_fp64)
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
DEFINE_TRIAD(double)
DEFINE_FMA(double, fma)
DEFINE_FMA(double, mad)
#endif
