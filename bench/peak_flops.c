// Peak fp32 FMA throughput of this machine, the ceiling the benchmark reports compare against.
//   cc -O2 -march=native -fopenmp bench/peak_flops.c -o peak_flops && ./peak_flops [threads...]
// Each thread runs ACC independent chains acc = acc * m + c on the widest SIMD vectors the
// compiler targets (GCC vector extensions: zmm with AVX-512, ymm with AVX2), enough chains to
// cover FMA latency x FMA pipes. Prints one JSON line per thread count:
// {"threads": T, "gflops": ..., "gflops_cpu": ..., "vector_bits": ...}: gflops from wall-clock
// time (best of 10 repetitions), gflops_cpu from each thread's CPU time (what the cores deliver
// when they run, the idle-machine figure when other processes share the cores).
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#if defined(__AVX512F__)
#define LANES 16
#elif defined(__AVX__)
#define LANES 8
#else
#define LANES 4
#endif
#define ACC 16
typedef float vec __attribute__((vector_size(LANES * 4)));

static long kIters = 5000000;

static double ThreadCpuSeconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

// Returns a value depending on every accumulator so the loop cannot be removed.
static float Chains(long iters) {
  vec acc[ACC];
  vec m, c;
  for (int l = 0; l < LANES; ++l) m[l] = 0.9999999f, c[l] = 1e-7f;
  for (int i = 0; i < ACC; ++i)
    for (int l = 0; l < LANES; ++l) acc[i][l] = (float)(i + l);
  for (long k = 0; k < iters; ++k) {
#pragma GCC unroll 16
    for (int i = 0; i < ACC; ++i) acc[i] = acc[i] * m + c;  // contracted to one FMA
  }
  float s = 0;
  for (int i = 0; i < ACC; ++i)
    for (int l = 0; l < LANES; ++l) s += acc[i][l];
  return s;
}

int main(int argc, char** argv) {
  int counts[8] = {1, 2};
  int n = 2;
  if (argc > 1) {
    n = 0;
    for (int i = 1; i < argc && n < 8; ++i) counts[n++] = atoi(argv[i]);
  }
  volatile float sink = 0;
  for (int k = 0; k < n; ++k) {
    int t = counts[k];
    double flops = 2.0 * LANES * ACC * (double)kIters * t;
    double best = 0, best_cpu = 0;
    for (int rep = 0; rep < 10; ++rep) {
      double cpu = 0;  // summed over the threads
      double start = omp_get_wtime();
#pragma omp parallel num_threads(t)
      {
        double c0 = ThreadCpuSeconds();
        float s = Chains(kIters);
        double c = ThreadCpuSeconds() - c0;
#pragma omp atomic
        sink += s;
#pragma omp atomic
        cpu += c;
      }
      double sec = omp_get_wtime() - start;
      if (flops / sec > best) best = flops / sec;
      if (flops * t / cpu > best_cpu) best_cpu = flops * t / cpu;
    }
    printf("{\"threads\": %d, \"gflops\": %.1f, \"gflops_cpu\": %.1f, \"vector_bits\": %d}\n", t,
           best / 1e9, best_cpu / 1e9, LANES * 32);
  }
  return 0;
}
