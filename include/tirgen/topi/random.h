// Threefry random numbers (TVM's topi.random: threefry_generate, threefry_split, uniform,
// normal, multinomial). A key is a (10,) uint64 tensor laid out as TVM's: words 0-3 the
// Threefry key, 4-5 the split path, 6-7 the counter, 8-9 the path's next bit. TVM writes
// the generator with ir_builder (one sequential loop of 20 in-place rounds per 4-word
// block, inside te.extern); here each round is a TE compute over (blocks, 4) that
// CreatePrimFunc turns into ordinary blocks and loops, so the bits are TVM's: 4x64 Threefry
// with key injections before rounds 0, 4, 8, 12 and 16 (TVM leaves out the final injection
// of the published cipher), every counter word offset by the block index, as in TVM.
#pragma once

#include <string>
#include <vector>

#include "tirgen/te/tensor.h"

namespace tirgen {
namespace topi {

using te::Tensor;

/// TVM's threefry_key(seed): the 256-bit little-endian seed in words 0-3 (`seed_words`),
/// path and counter zero, 1 << 63 in word 8.
std::vector<uint64_t> threefry_key(const std::vector<uint64_t>& seed_words);

/// {new key, bits (out_shape, uint64)}. When the counter has no room for the request, the
/// path is extended and the counter reset, as in TVM (whose new-key branch for a full path is
/// dead code: see random.cc).
std::vector<Tensor> threefry_generate(const Tensor& key, const std::vector<int64_t>& out_shape);

/// {left key, right key}: the path extended by 0 and by 1 (as TVM: never a new key).
std::vector<Tensor> threefry_split(const Tensor& key);

/// {new key, values}: uniform on [low, high) (0-d tensors of `dtype`, float32 or float64)
/// from the top 23 (52) bits of the low 32 (all 64) bits of each random word, as TVM. TVM
/// chains topi stages (astype, right_shift, full, left_shift, bitwise_or, reinterpret,
/// subtract, multiply, add); here they are one elementwise stage, same operations in the same
/// order, so the same values.
std::vector<Tensor> uniform(const Tensor& key, const Tensor& low, const Tensor& high,
                            const std::vector<int64_t>& out_shape, DataType dtype);

/// {new key, values}: Box-Muller over uniform (2, out_shape): sqrt(-2 log(1 - u0)) *
/// sin(2 pi u1) * scale + mean.
std::vector<Tensor> normal(const Tensor& key, const Tensor& mean, const Tensor& scale,
                           const std::vector<int64_t>& out_shape, DataType dtype);

/// {new key, indices (probs' shape with the last axis num_samples, int32)}: negative
/// probabilities clipped to 0, each row normalized and scanned (float32), and each sample is
/// the first index whose cumulative probability exceeds a uniform draw (TVM's argmin rule).
std::vector<Tensor> multinomial(const Tensor& key, const Tensor& probs, int64_t num_samples);

}  // namespace topi
}  // namespace tirgen
