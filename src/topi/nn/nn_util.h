// Small helpers shared by the nn computes (private to src/topi/nn/).
#pragma once

#include <string>
#include <vector>

#include "tirgen/tir/op.h"

namespace tirgen {
namespace topi {
namespace nn_util {

inline tir::PrimExpr I32(int64_t v) { return tir::IntImm(DataType::Int(32), v); }
inline int64_t Dim(const tir::PrimExpr& e) {
  const int64_t* v = tir::as_const_int(e);
  TIRGEN_CHECK(v) << "dynamic shapes are not supported";
  return *v;
}
inline std::vector<std::string> Names(const char* prefix, size_t n) {
  std::vector<std::string> v;
  for (size_t i = 0; i < n; ++i) v.push_back(prefix + std::to_string(i));
  return v;
}

}  // namespace nn_util
}  // namespace topi
}  // namespace tirgen
