// Shared by the C code generator's files (not a public header): C type names and the interface
// between the scalar emitter (codegen_c.cc) and the vector-expression emitter
// (codegen_c_vector.cc).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "tirgen/arith/analyzer.h"
#include "tirgen/tir/stmt.h"

namespace tirgen {
namespace codegen {
namespace internal {

/// C type used for storage (buffers) of an element type.
std::string StorageType(DataType t);
/// C type of a value of `t` inside expressions (half types are computed in float).
std::string ValueType(DataType t);

/// What the vector emitter needs from the scalar one.
class ScalarEmitter {
 public:
  virtual ~ScalarEmitter() = default;
  /// A scalar C expression; for a vector expression the value of lane `lane` (a C expression).
  virtual std::string Expr(const tir::PrimExpr& e, const std::string& lane) = 0;
  /// Pointer expression to a buffer's elements in its dtype.
  virtual std::string Ptr(const tir::Buffer& b) = 0;
  /// Flat element index of a buffer access, for lane `lane` of vector indices.
  virtual std::string Index(const tir::Buffer& b, const std::vector<tir::PrimExpr>& idx, const std::string& lane) = 0;
  /// A fresh local name ("tg_t<N>"), for temporaries of statement expressions.
  virtual std::string Temp() = 0;
  /// Bounds of an integer scalar expression under the enclosing loops' and lets' ranges.
  virtual arith::ConstBound Bound(const tir::PrimExpr& e) = 0;
};

/// The GCC vector types a translation unit uses: "tg_f32x16" (natural alignment) and
/// "tg_f32x16_u" (element alignment, for loads/stores at any element offset).
class VectorTypes {
 public:
  /// Name of the vector type of `t` (lanes > 1, VectorEmitter::Supported), recorded for Typedefs.
  std::string Use(DataType t, bool unaligned = false);
  /// typedefs of every recorded type, in name order.
  std::string Typedefs() const;

 private:
  std::map<std::string, std::string> typedefs_;
};

/// Emits GCC vector-extension C for vector TIR expressions (Ramp/Broadcast lanes > 1) whose
/// every part has a vector form; the scalar emitter keeps the lane-by-lane loop for the rest.
/// A statement wider than the target's SIMD registers is split into register-wide chunks: GCC
/// lowers wider vector types through memory (measured: a 16-lane float kernel ran 20x slower
/// than its 4-lane form with SSE, and than the plain lane loop).
class VectorEmitter {
 public:
  VectorEmitter(ScalarEmitter* scalar, VectorTypes* types, int vector_bits)
      : s_(scalar), types_(types), vector_bits_(vector_bits) {}
  /// Element type and lane count with a GCC vector type here: (u)int8..64, float32/64; lanes a
  /// power of two >= 2. Not bool (C vector comparisons give -1) nor float16/bfloat16 (stored as
  /// bits, computed in float).
  static bool Supported(DataType t);
  /// The C statement storing a vector value, "" when the store needs the lane loop.
  std::string Store(const tir::BufferStoreNode* n);

  // ---- lane guards (`if` with a vector condition, see VectorizeLoop) ----------------------
  /// True when `cond` holds for every lane exactly when it holds for the first and the last:
  /// a conjunction of comparisons between expressions linear in the lane.
  static bool EndpointsDecide(const tir::PrimExpr& cond);
  /// True when computing `value` on a lane that does not hold could trap (an integer division
  /// by a non-constant) or is not understood: then only a lane loop is safe.
  static bool MayTrap(const tir::PrimExpr& value);
  /// The statement computing a guarded store's value as vectors (its loads checked, see
  /// Load) and storing only the lanes where `cond` holds: a blend with the old contents when
  /// the destination is private to the thread (`private_dst`), else lane by lane. "" when the
  /// value or the condition has no vector form, or a lane could trap.
  std::string GuardedStore(const tir::BufferStoreNode* n, const tir::PrimExpr& cond, bool private_dst);

 private:
  /// `e` (a vector expression) has a vector form; *max_bits grows to its widest element type.
  bool CanVector(const tir::PrimExpr& e, int* max_bits) const;
  /// The vector C expression of lanes [offset, offset + lanes) of `e` (CanVector(e)).
  std::string Vec(const tir::PrimExpr& e, int offset, int lanes);
  std::string Load(const tir::BufferLoadNode* n, DataType t, int offset, int lanes);
  std::string Splat(DataType t, const std::string& scalar);
  std::string Lanes(DataType t, const std::string& first, const std::string& step);
  std::string Blend(DataType t, const std::string& mask, const std::string& a, const std::string& b);
  std::string IfThenElse(const tir::CallNode* n, DataType t, int offset, int lanes);
  std::string PlainLoad(const tir::BufferLoadNode* n, DataType t, int offset, int lanes);
  /// A boolean vector expression as an integer mask of `bits`-wide lanes (-1 where true).
  bool CanMask(const tir::PrimExpr& e, int* max_bits) const;
  std::string Mask(const tir::PrimExpr& e, int offset, int lanes, int bits);
  ScalarEmitter* s_;
  VectorTypes* types_;
  int vector_bits_;  // the target's widest SIMD register
  /// Conditions of the lanes being computed (a guarded store, a side of an if_then_else):
  /// a load reads a lane only where all hold when the vector could leave its buffer.
  std::vector<tir::PrimExpr> guards_;
};

}  // namespace internal
}  // namespace codegen
}  // namespace tirgen
