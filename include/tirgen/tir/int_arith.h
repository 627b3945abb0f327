// Integer constant arithmetic on int64 as the generated C computes it: what the constant folder
// (tir::TryConstFold) folds with, and what the ONNX importer's shape evaluator computes with, so
// both wrap and divide alike. Floor division is FloorDivInt / FloorModInt (tir/op.h).
#pragma once

#include <cstdint>
#include <optional>

#include "tirgen/ir/dtype.h"

namespace tirgen {
namespace tir {

/// Two's-complement int64 arithmetic: the wrapped result, as C's unsigned arithmetic gives it,
/// never signed-overflow UB.
int64_t AddWrap(int64_t a, int64_t b);
int64_t SubWrap(int64_t a, int64_t b);
int64_t MulWrap(int64_t a, int64_t b);
/// C's a / b and a % b (truncating) with INT64_MIN / -1 -> INT64_MIN and INT64_MIN % -1 -> 0;
/// b != 0.
int64_t TruncDivInt(int64_t a, int64_t b);
int64_t TruncModInt(int64_t a, int64_t b);
/// `v` converted to the integer type `t` as C converts: wrapped into its range (two's
/// complement); bool is v != 0.
int64_t WrapToDType(int64_t v, DataType t);
/// The real `v` truncated toward zero as C converts it to int64, or nullopt when int64 cannot
/// hold it (NaN, an infinity, |v| >= 2^63), where C's conversion is undefined behaviour.
std::optional<int64_t> TruncToInt64(double v);

}  // namespace tir
}  // namespace tirgen
