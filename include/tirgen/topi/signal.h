// The discrete Fourier transform along the last axis (TVM's topi.dft). TVM writes it with
// ir_builder inside te.extern: a parallel loop over the rows, for each output bin a
// sequential loop accumulating into the output buffer in place, then a scale by 1/n when
// inverse. Here each part is a TE reduction over the input bins (one block per output,
// CreatePrimFunc's ordinary loops). Two differences from TVM's numbers: the twiddle angle is
// taken from (n * k) mod n_fft, so it stays within one turn however long the axis (TVM
// computes 2 pi n k / n_fft in float32 and loses accuracy as n * k grows), and for float64
// data it is computed in float64 (TVM: float32, then cast).
#pragma once

#include <string>
#include <vector>

#include "tirgen/te/tensor.h"

namespace tirgen {
namespace topi {

/// {re, im} of the DFT (inverse: e^{+i...} and scaled by 1/n) of re_data + i im_data along
/// the last axis; both inputs of one shape and float dtype.
std::vector<te::Tensor> dft(const te::Tensor& re_data, const te::Tensor& im_data, bool inverse);

}  // namespace topi
}  // namespace tirgen
