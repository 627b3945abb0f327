// Programs the tuner tests share.
#pragma once

#include <string>

namespace tirgen {
namespace tuner {
namespace testing {

/// C[i, j] = sum_k A[i, k] * B[k, j] for an m x k times k x n product as TVMScript, the k loop
/// written as `k_loop` ("range", "T.unroll", ...) inside the i, j grid.
inline std::string MatmulScript(int m, int n, int k, const std::string& k_loop = "range") {
  std::string M = std::to_string(m), N = std::to_string(n), K = std::to_string(k);
  return "@T.prim_func\n"
         "def main(A: T.Buffer((" + M + ", " + K + "), \"float32\"), B: T.Buffer((" + K + ", " + N +
         "), \"float32\"), C: T.Buffer((" + M + ", " + N + "), \"float32\")):\n"
         "    for i, j in T.grid(" + M + ", " + N + "):\n"
         "        for k in " + k_loop + "(" + K + "):\n"
         "            with T.block(\"C\"):\n"
         "                vi, vj, vk = T.axis.remap(\"SSR\", [i, j, k])\n"
         "                T.reads(A[vi, vk], B[vk, vj])\n"
         "                T.writes(C[vi, vj])\n"
         "                with T.init():\n"
         "                    C[vi, vj] = T.float32(0)\n"
         "                C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vk, vj]\n";
}

}  // namespace testing
}  // namespace tuner
}  // namespace tirgen
