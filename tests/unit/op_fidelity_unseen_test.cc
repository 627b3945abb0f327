// Rules of TVM v0.14's lowering that unseen cases exposed, each re-derived from TVM's source
// (the comment above a case names the lines that decide it): Python TOPI computes name their axes
// after the lambda's parameters, float32 constants fold in float precision, floor/round of a
// constant fold, truncated division and modulo have integer bounds, SimplifyExpr drops casts a
// clip makes redundant, and index-map lambdas in traces may use TVMScript's `T.` calls.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "schedule_test_util.h"
#include "tirgen/lower/constant_evaluator.h"
#include "tirgen/lower/lower.h"
#include "tirgen/relay/expr_functor.h"
#include "tirgen/relay/text.h"
#include "tirgen/relay/transforms.h"
#include "tirgen/script/parser.h"
#include "tirgen/script/printer.h"
#include "tirgen/tir/op.h"
#include "tirgen/tir/schedule/index_map.h"
#include "tirgen/tir/schedule/trace.h"

namespace tirgen {
namespace {

// The printed primitive functions `def @main(<params>) { <body> }` optimizes into, in order.
std::string LowerAll(const std::string& params, const std::string& body) {
  std::string text = "#[version = \"0.0.5\"]\ndef @main(" + params + ") {\n  " + body + "\n}\n";
  IRModule mod = relay::Optimize(relay::ParseModule(text, "op_fidelity_unseen"), {}, lower::DefaultOptimizeConfig());
  std::string out;
  relay::PostOrderVisit(mod.Lookup("main").cast<relay::Expr>(), [&](const relay::Expr& x) {
    if (const auto* f = x.as<relay::FunctionNode>())
      if (f->IsPrimitive()) out += script::Print(lower::LowerToPrimFunc(x.cast<relay::Function>()));
  });
  return out;
}

const char* kResizeHeader = R"(# from tvm.script import tir as T

@T.prim_func
)";

// python/tvm/topi/image/resize.py: resize2d is `te.compute(output_shape, compute_func)` with
// `def compute_func(*indices)`, so te.compute (python/tvm/te/operation.py, varargs branch) names
// the axes i0..i3 and CreatePrimFunc the block vars v_i0... half_pixel: get_inx builds
// scale = te.div(4.0f, 6.0f), folded by TryConstFold<Div> in float precision (const_fold.h) to
// 0.66666668653488159; in_x = (x + 0.5) * scale - 0.5 (x cast to float by BinaryOpMatchTypes).
// round_prefer_ceil: floor(in_x + 0.5) cast to int32 (get_closest_index); get_2d_pixel clamps
// with max(min(y, 3), 0), and IndexDataTypeNormalizer turns the int32 cast into an int64 one.
TEST(OpFidelityUnseen, Resize2DNearestHalfPixelRoundPreferCeil) {
  EXPECT_EQ(LowerAll("%a: Tensor[(1, 1, 4, 4), float32]",
                     "image.resize2d(%a, size=[6, 8], roi=[0f, 0f, 0f, 0f], method=\"nearest_neighbor\", "
                     "coordinate_transformation_mode=\"half_pixel\", rounding_method=\"round_prefer_ceil\")"),
            std::string(kResizeHeader) + R"(def main(p0: T.Buffer((T.int64(1), T.int64(1), T.int64(4), T.int64(4)), "float32"), resize: T.Buffer((T.int64(1), T.int64(1), T.int64(6), T.int64(8)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for i0, i1, i2, i3 in T.grid(T.int64(1), T.int64(1), T.int64(6), T.int64(8)):
        with T.block("resize"):
            v_i0, v_i1, v_i2, v_i3 = T.axis.remap("SSSS", [i0, i1, i2, i3])
            T.reads(p0[v_i0, v_i1, T.max(T.min(T.Cast("int64", T.floor((T.Cast("float32", v_i2) + T.float32(0.5)) * T.float32(0.66666668653488159) - T.float32(0.5) + T.float32(0.5))), T.int64(3)), T.int64(0)), T.max(T.min(T.Cast("int64", T.floor((T.Cast("float32", v_i3) + T.float32(0.5)) * T.float32(0.5) - T.float32(0.5) + T.float32(0.5))), T.int64(3)), T.int64(0))])
            T.writes(resize[v_i0, v_i1, v_i2, v_i3])
            resize[v_i0, v_i1, v_i2, v_i3] = p0[v_i0, v_i1, T.max(T.min(T.Cast("int64", T.floor((T.Cast("float32", v_i2) + T.float32(0.5)) * T.float32(0.66666668653488159) - T.float32(0.5) + T.float32(0.5))), T.int64(3)), T.int64(0)), T.max(T.min(T.Cast("int64", T.floor((T.Cast("float32", v_i3) + T.float32(0.5)) * T.float32(0.5) - T.float32(0.5) + T.float32(0.5))), T.int64(3)), T.int64(0))]
)");
}

// tf_half_pixel_for_nn: in_x = (x + 0.5) * scale (get_inx); the default rounding for a mode other
// than align_corners is "floor", which adds epsilon 1e-5 (a Python float: a float32 FloatImm
// holding the double 1e-5, include/tvm/ir/expr.h PackedFuncValueConverter<PrimExpr>).
// 3 / 5 folds in float to 0.60000002384185791.
TEST(OpFidelityUnseen, Resize2DNearestTfHalfPixelForNN) {
  EXPECT_EQ(LowerAll("%a: Tensor[(1, 1, 3, 3), float32]",
                     "image.resize2d(%a, size=[5, 2], roi=[0f, 0f, 0f, 0f], method=\"nearest_neighbor\", "
                     "coordinate_transformation_mode=\"tf_half_pixel_for_nn\", rounding_method=\"\")"),
            std::string(kResizeHeader) + R"(def main(p0: T.Buffer((T.int64(1), T.int64(1), T.int64(3), T.int64(3)), "float32"), resize: T.Buffer((T.int64(1), T.int64(1), T.int64(5), T.int64(2)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for i0, i1, i2, i3 in T.grid(T.int64(1), T.int64(1), T.int64(5), T.int64(2)):
        with T.block("resize"):
            v_i0, v_i1, v_i2, v_i3 = T.axis.remap("SSSS", [i0, i1, i2, i3])
            T.reads(p0[v_i0, v_i1, T.max(T.min(T.Cast("int64", T.floor((T.Cast("float32", v_i2) + T.float32(0.5)) * T.float32(0.60000002384185791) + T.float32(1.0000000000000001e-05))), T.int64(2)), T.int64(0)), T.max(T.min(T.Cast("int64", T.floor((T.Cast("float32", v_i3) + T.float32(0.5)) * T.float32(1.5) + T.float32(1.0000000000000001e-05))), T.int64(2)), T.int64(0))])
            T.writes(resize[v_i0, v_i1, v_i2, v_i3])
            resize[v_i0, v_i1, v_i2, v_i3] = p0[v_i0, v_i1, T.max(T.min(T.Cast("int64", T.floor((T.Cast("float32", v_i2) + T.float32(0.5)) * T.float32(0.60000002384185791) + T.float32(1.0000000000000001e-05))), T.int64(2)), T.int64(0)), T.max(T.min(T.Cast("int64", T.floor((T.Cast("float32", v_i3) + T.float32(0.5)) * T.float32(1.5) + T.float32(1.0000000000000001e-05))), T.int64(2)), T.int64(0))]
)");
}

// pytorch_half_pixel to a height of 1: te.if_then_else(target > 1, ...) folds to 0.0 (tir
// if_then_else on a constant condition), floor(0.0) folds (src/tir/op/op.cc floor), its int32 cast
// to 0, so the row index is the constant 0 and y_lerp = 0.0 - 0 folds to 0.0. _lerp(top, bottom,
// 0.0) = top * 1.0 + bottom * 0.0 folds to `top` (TryConstFold<Mul>: x * 1 -> x, x * 0 -> 0;
// TryConstFold<Add>: x + 0 -> x): only the two reads of row 0 stay.
TEST(OpFidelityUnseen, Resize2DLinearPytorchHalfPixelToOneRow) {
  std::string got = LowerAll("%a: Tensor[(1, 1, 4, 4), float32]",
                             "image.resize2d(%a, size=[1, 3], roi=[0f, 0f, 0f, 0f], method=\"linear\", "
                             "coordinate_transformation_mode=\"pytorch_half_pixel\", rounding_method=\"\")");
  const std::string in_x = "(T.Cast(\"float32\", v_i3) + T.float32(0.5)) * T.float32(1.3333333730697632) - T.float32(0.5)";
  const std::string x0 = "T.Cast(\"int64\", T.floor(" + in_x + "))";
  const std::string lerp = in_x + " - T.Cast(\"float32\", T.Cast(\"int32\", T.floor(" + in_x + ")))";
  EXPECT_EQ(got, std::string(kResizeHeader) + R"(def main(p0: T.Buffer((T.int64(1), T.int64(1), T.int64(4), T.int64(4)), "float32"), resize: T.Buffer((T.int64(1), T.int64(1), T.int64(1), T.int64(3)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for i0, i1, i2, i3 in T.grid(T.int64(1), T.int64(1), T.int64(1), T.int64(3)):
        with T.block("resize"):
            v_i0, v_i1, v_i2, v_i3 = T.axis.remap("SSSS", [i0, i1, i2, i3])
            T.reads(p0[v_i0, v_i1, T.int64(0), T.int64(0):T.int64(4)])
            T.writes(resize[v_i0, v_i1, v_i2, v_i3])
            resize[v_i0, v_i1, v_i2, v_i3] = p0[v_i0, v_i1, T.int64(0), T.max(T.min()" + x0 + R"(, T.int64(3)), T.int64(0))] * (T.float32(1) - ()" + lerp + R"()) + p0[v_i0, v_i1, T.int64(0), T.max(T.min()" + x0 + R"( + T.int64(1), T.int64(3)), T.int64(0))] * ()" + lerp + R"()
)");
}

// topi::where (include/tvm/topi/transform.h) selects on `c != 0`. tvm::tir has no
// (PrimExpr, int) overload of !=, so 0 becomes an int32 IntImm and BinaryOpMatchTypes
// (src/tir/op/op.cc) casts: int8 -> T.Cast("int32", c) != 0, which Simplify keeps (the cast's
// bounds [-128, 127] decide nothing); uint32 vs int32 has equal widths, so the int32 0 becomes
// T.uint32(0), and no integer rule touches a uint32 comparison (IsIndexType is int32/int64).
TEST(OpFidelityUnseen, WhereConditionCastsLikeTvm) {
  std::string got = LowerAll("%c: Tensor[(3), int8], %d: Tensor[(3), uint32], %x: Tensor[(3), float32], %y: Tensor[(3), float32]",
                             "%0 = where(%c, %x, %y);\n  where(%d, %0, %y)");
  EXPECT_NE(got.find("T_where_1[v_ax0] = T.Select(T.Cast(\"int32\", p0[v_ax0]) != 0, p1[v_ax0], p2[v_ax0])"),
            std::string::npos) << got;
  EXPECT_NE(got.find("T_where[v_ax0] = T.Select(p3[v_ax0] != T.uint32(0), T_where_1[v_ax0], p2[v_ax0])"),
            std::string::npos) << got;
}

// tf_crop_and_resize (python/tvm/topi/image/resize.py get_inx): in_y = start * (h - 1) + y * (end -
// start) * float(h - 1) / (target - 1). roi holds float32 values; the constant products fold in
// float (0.1f * 3 = 0.30000001192092896, 0.9f - 0.1f = 0.79999995231628418), the division by
// the float 2.0 stays until CreatePrimFunc's Simplify rewrites it to * 0.5 (RewriteSimplifier
// Div: x / c -> x * (1 / c)). A target width of 1 folds in_x to 0.5 * (0.2f + 0.7f) * 3, a
// constant column 1 with both range checks folded away; the row keeps
// if_then_else(in_y < 0, ext, if_then_else(in_y > h - 1, ext, value)) with `a > b` printed b < a.
TEST(OpFidelityUnseen, Resize2DTfCropAndResize) {
  const std::string in_y = "T.float32(0.30000001192092896) + T.Cast(\"float32\", v_i2) * T.float32(0.79999995231628418) * T.float32(3) * T.float32(0.5)";
  EXPECT_EQ(LowerAll("%a: Tensor[(1, 1, 4, 4), float32]",
                     "image.resize2d(%a, size=[3, 1], roi=[0.1f, 0.2f, 0.9f, 0.7f], method=\"nearest_neighbor\", "
                     "coordinate_transformation_mode=\"tf_crop_and_resize\", rounding_method=\"\", extrapolation_value=-1f)"),
            std::string(kResizeHeader) + R"(def main(p0: T.Buffer((T.int64(1), T.int64(1), T.int64(4), T.int64(4)), "float32"), resize: T.Buffer((T.int64(1), T.int64(1), T.int64(3), T.int64(1)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for i0, i1, i2, i3 in T.grid(T.int64(1), T.int64(1), T.int64(3), T.int64(1)):
        with T.block("resize"):
            v_i0, v_i1, v_i2, v_i3 = T.axis.remap("SSSS", [i0, i1, i2, i3])
            T.reads(p0[v_i0, v_i1, T.max(T.min(T.Cast("int64", T.floor()" + in_y + R"( + T.float32(1.0000000000000001e-05))), T.int64(3)), T.int64(0)), T.int64(1)])
            T.writes(resize[v_i0, v_i1, v_i2, v_i3])
            resize[v_i0, v_i1, v_i2, v_i3] = T.if_then_else()" + in_y + R"( < T.float32(0), T.float32(-1), T.if_then_else(T.float32(3) < )" + in_y + R"(, T.float32(-1), p0[v_i0, v_i1, T.max(T.min(T.Cast("int64", T.floor()" + in_y + R"( + T.float32(1.0000000000000001e-05))), T.int64(3)), T.int64(0)), T.int64(1)]))
)");
}

// TryConstFold<Add/Sub/Mul/Div> (src/arith/const_fold.h): float32 operands combine in float
// precision (GetFoldResultDoubleRepr), float64 in double, other widths are not folded.
// floor/ceil/round (src/tir/op/op.cc) return an integer operand as is and fold a constant.
TEST(OpFidelityUnseen, FloatConstantFolding) {
  using namespace tir;  // NOLINT
  auto f32 = [](double v) { return FloatImm(DataType::Float(32), v); };
  EXPECT_EQ(script::PrintExpr(div(f32(4), f32(6))), "T.float32(0.66666668653488159)");
  EXPECT_EQ(script::PrintExpr(mul(f32(0.1), f32(3))), "T.float32(0.30000001192092896)");
  EXPECT_EQ(script::PrintExpr(add(f32(0.1), f32(0.2))), "T.float32(0.30000001192092896)");
  EXPECT_EQ(script::PrintExpr(sub(f32(1), f32(0.1))), "T.float32(0.89999997615814209)");
  EXPECT_EQ(script::PrintExpr(div(FloatImm(DataType::Float(64), 4), FloatImm(DataType::Float(64), 6))),
            "T.float64(0.66666666666666663)");
  EXPECT_EQ(script::PrintExpr(add(FloatImm(DataType::Float(16), 1), FloatImm(DataType::Float(16), 2))),
            "T.float16(1) + T.float16(2)");
  EXPECT_EQ(script::PrintExpr(floor(f32(-2.5))), "T.float32(-3)");
  EXPECT_EQ(script::PrintExpr(round(f32(2.5))), "T.float32(2)");  // nearbyint: ties to even
  EXPECT_EQ(script::PrintExpr(ceil(f32(2.25))), "T.float32(3)");
  Var i("i", DataType::Int(32));
  EXPECT_EQ(script::PrintExpr(floor(i)), "i");
}

// SimplifyClipAndConsecutiveCast (src/relay/transforms/simplify_expr.cc, in SimplifyExpr's list
// before SimplifyClip): casts after a clip whose dtype holds [a_min, a_max]
// (CheckDataTypeMaxMinValue mode 1) are dropped; when the remaining chain would end in another
// dtype, one cast to the chain's dtype is added. clip(int32, 0, 255) -> uint8 -> int32 is the
// clip alone: one primitive function `fused_clip` with one block.
TEST(OpFidelityUnseen, ClipThenCastsToWiderTypesAreDropped) {
  EXPECT_EQ(LowerAll("%a: Tensor[(2, 3), int32]",
                     "%0 = clip(%a, a_min=0f, a_max=255f);\n  %1 = cast(%0, dtype=\"uint8\");\n  cast(%1, dtype=\"int32\")"),
            R"(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(3)), "int32"), T_clip: T.Buffer((T.int64(2), T.int64(3)), "int32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_clip"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(p0[v_ax0, v_ax1])
            T.writes(T_clip[v_ax0, v_ax1])
            T_clip[v_ax0, v_ax1] = T.max(T.min(p0[v_ax0, v_ax1], 255), 0)
)");
}

// The same rule keeps a cast whose dtype cannot hold the range (int8 for [0, 1000]) and the
// final cast to the chain's dtype: clip(float32) -> int8 -> float16 keeps both casts.
TEST(OpFidelityUnseen, ClipThenNarrowingCastIsKept) {
  std::string got = LowerAll("%a: Tensor[(4), float32]",
                             "%0 = clip(%a, a_min=0f, a_max=1000f);\n  %1 = cast(%0, dtype=\"int8\");\n  cast(%1, dtype=\"float16\")");
  EXPECT_NE(got.find("T.Cast(\"int8\", T_clip[v_ax0])"), std::string::npos) << got;
  EXPECT_NE(got.find("T.Cast(\"float16\", T_cast_1[v_ax0])"), std::string::npos) << got;
}

// ConstIntBoundAnalyzer (src/arith/const_int_bound.cc): Div and FloorDiv bounds are the corners
// of the operand ranges (HandleDivision), Mod (truncmod) of a non-negative dividend lies in
// [0, min(a_max, b_max - 1)]. With the loop ranges the Simplify pass knows, the clamps of a
// nearest-neighbour resize's `T.Div(i, 2)` index go (RewriteSimplifier's Min/Max rules).
TEST(OpFidelityUnseen, SimplifyBoundsTruncatedDivisionAndModulo) {
  tir::testing::ExpectPass(tir::transform::Simplify(), R"(
@T.prim_func
def main(A: T.Buffer((3, 3), "float32"), B: T.Buffer((6, 6), "float32")):
    for i, j in T.grid(6, 6):
        B[i, j] = A[T.max(T.min(T.Div(i, 2), 2), 0), T.min(T.truncmod(j, 4), 3)]
)", R"(
@T.prim_func
def main(A: T.Buffer((3, 3), "float32"), B: T.Buffer((6, 6), "float32")):
    for i, j in T.grid(6, 6):
        B[i, j] = A[T.Div(i, 2), T.truncmod(j, 4)]
)");
}

// IndexMapNode::ToPythonString (src/tir/ir/index_map.cc) prints each final index with the
// TVMScript printer, which writes T.<Op>(a, b) where it cannot use an operator's sugar
// (src/script/printer/tir/expr.cc: e.g. operands of different dtypes) and T.int64(n) literals.
TEST(OpFidelityUnseen, IndexMapLambdaWithTCalls) {
  tir::IndexMap m = tir::IndexMap::FromPython(
      "lambda i0, i1: (T.floordiv(i0, T.int64(4)), T.FloorMod(i1, 8), T.Add(i0, T.Mul(i1, 2)), "
      "T.Cast(\"int64\", i1), T.truncdiv(i0, 2), T.min(i0, T.int64(3)),)",
      DataType::Int(64));
  EXPECT_EQ(m.ToPython(), "lambda i0, i1: (i0 // T.int64(4), i1 % T.int64(8), i0 + i1 * T.int64(2), i1, "
                          "T.Div(i0, T.int64(2)), T.min(i0, T.int64(3)),)");
  try {
    tir::IndexMap::FromPython("lambda i: (T.exp(i),)", DataType::Int(64));
    ADD_FAILURE() << "T.exp accepted";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("T.exp is not supported in an index map"), std::string::npos) << e.what();
  }
}

// nn.l2_normalize has no compute: SimplifyInference (src/relay/transforms/simplify_inference.cc
// L2NormToInferUnpack) writes x / sqrt(maximum(sum(x * x, axis, keepdims), eps)) with eps a
// float32 constant, SimplifyExpr's SimplifyRSqrt turns it into multiply(x, rsqrt(.)), and FuseOps
// makes multiply+sum (T_multiply_red, reduce axis k1) and maximum+rsqrt+multiply (rsqrt's stage is
// "tensor", 1 / sqrt). The second function's parameters come in FuseMutator's post-order: the sum
// (read by maximum) before x.
TEST(OpFidelityUnseen, L2NormalizeExpandsAsTvm) {
  EXPECT_EQ(LowerAll("%a: Tensor[(2, 3), float32]", "nn.l2_normalize(%a, eps=1e-12f, axis=[1])"),
            std::string(kResizeHeader) + R"(def main(p0: T.Buffer((T.int64(2), T.int64(1)), "float32"), p1: T.Buffer((T.int64(2), T.int64(3)), "float32"), T_multiply: T.Buffer((T.int64(2), T.int64(3)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    compile_engine_const = T.alloc_buffer(())
    T_maximum = T.alloc_buffer((T.int64(2), T.int64(1)))
    tensor = T.alloc_buffer((T.int64(2), T.int64(1)))
    with T.block("compile_engine_const"):
        vi = T.axis.spatial(T.int64(1), T.int64(0))
        T.reads()
        T.writes(compile_engine_const[()])
        compile_engine_const[()] = T.float32(9.999999960041972e-13)
    for ax0, ax1 in T.grid(T.int64(2), T.int64(1)):
        with T.block("T_maximum"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(p0[v_ax0, v_ax1], compile_engine_const[()])
            T.writes(T_maximum[v_ax0, v_ax1])
            T_maximum[v_ax0, v_ax1] = T.max(p0[v_ax0, v_ax1], compile_engine_const[()])
    for ax0, ax1 in T.grid(T.int64(2), T.int64(1)):
        with T.block("tensor"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_maximum[v_ax0, v_ax1])
            T.writes(tensor[v_ax0, v_ax1])
            tensor[v_ax0, v_ax1] = T.float32(1) / T.sqrt(T_maximum[v_ax0, v_ax1])
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_multiply"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(p1[v_ax0, v_ax1], tensor[v_ax0, T.int64(0)])
            T.writes(T_multiply[v_ax0, v_ax1])
            T_multiply[v_ax0, v_ax1] = p1[v_ax0, v_ax1] * tensor[v_ax0, T.int64(0)]
)" + kResizeHeader + R"(def main(p0: T.Buffer((T.int64(2), T.int64(3)), "float32"), T_multiply_red: T.Buffer((T.int64(2), T.int64(1)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    T_multiply = T.alloc_buffer((T.int64(2), T.int64(3)))
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_multiply"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(p0[v_ax0, v_ax1])
            T.writes(T_multiply[v_ax0, v_ax1])
            T_multiply[v_ax0, v_ax1] = p0[v_ax0, v_ax1] * p0[v_ax0, v_ax1]
    for ax0, ax1, k1 in T.grid(T.int64(2), T.int64(1), T.int64(3)):
        with T.block("T_multiply_red"):
            v_ax0, v_ax1, v_k1 = T.axis.remap("SSR", [ax0, ax1, k1])
            T.reads(T_multiply[v_ax0, v_k1])
            T.writes(T_multiply_red[v_ax0, v_ax1])
            with T.init():
                T_multiply_red[v_ax0, v_ax1] = T.float32(0)
            T_multiply_red[v_ax0, v_ax1] = T_multiply_red[v_ax0, v_ax1] + T_multiply[v_ax0, v_k1]
)");
}

// python/tvm/topi/vision/rcnn/roi_align.py and roi_pool.py end in te.compute(shape, _sample /
// _pool, tag=...) without a name: the stage is "compute", its axes the sampler's parameters
// (i, c, ph, pw). Only the names are compared: tirgen's roi ops read zeros for a batch index
// outside [0, N), which TVM's do not guard, and TVM's roi_pool has data-dependent loop extents
// (its lower_to_primfunc gives no PrimFunc).
TEST(OpFidelityUnseen, RoiOpsAreUnnamedPythonComputes) {
  for (const char* call : {"vision.roi_align(%a, %r, pooled_size=[2, 2], spatial_scale=1f, sample_ratio=2)",
                           "vision.roi_pool(%a, %r, pooled_size=[2, 2], spatial_scale=1f)"}) {
    std::string got = LowerAll("%a: Tensor[(1, 2, 4, 4), float32], %r: Tensor[(3, 5), float32]", call);
    EXPECT_NE(got.find("for i, c, ph, pw, "), std::string::npos) << got;
    EXPECT_NE(got.find("with T.block(\"compute\"):"), std::string::npos) << got;
    EXPECT_NE(got.find(", compute: T.Buffer((T.int64(3), T.int64(2), T.int64(2), T.int64(2)), \"float32\")"),
              std::string::npos)
        << got;
  }
}

// A trace's transform_layout whose lambda uses T.floordiv / T.floormod / T.int64 replays like the
// same map written with `//` and `%`.
TEST(OpFidelityUnseen, TraceTransformLayoutWithTCalls) {
  tir::PrimFunc f = script::Parse(tir::testing::ReadText(std::filesystem::path(TIRGEN_SOURCE_DIR) / "tests" / "data" /
                                                         "schedule" / "const_chain.py"))
                        .cast<tir::PrimFunc>();
  auto replay = [&](const std::string& lambda) {
    tir::Schedule sch(f);
    tir::Trace::Parse("def apply_trace(sch: tir.Schedule) -> None:\n"
                      "  b0 = sch.get_block(name=\"T_add\", func_name=\"main\")\n"
                      "  sch.transform_layout(block=b0, buffer=(\"write\", 0), index_map=" + lambda +
                          ", pad_value=None, assume_injective_transform=False)\n",
                      "<test trace>")
        .ApplyTo(sch);
    return script::Print(sch.mod());
  };
  std::string with_calls = replay("lambda i, j: (T.floordiv(j, T.int64(4)), i, T.floormod(j, T.int64(4)),)");
  EXPECT_EQ(with_calls, replay("lambda i, j: (j // 4, i, j % 4,)"));
  EXPECT_NE(with_calls.find("T_add = T.alloc_buffer((T.int64(2), T.int64(4), T.int64(4)))"), std::string::npos)
      << with_calls;
}

// Traces from tuning records mark where the postprocessors begin with `sch.enter_postproc()`
// (TVM's EnterPostprocTraits, src/tir/schedule/trace.cc lines 534-554: no inputs, attrs or
// outputs, printed by PythonAPICall as `sch.enter_postproc()`, JSON ["EnterPostproc", [], [], []]). It replays as
// a no-op, prints back as written, and the database's valid-instruction count stops at it.
TEST(OpFidelityUnseen, TraceEnterPostproc) {
  tir::PrimFunc f = script::Parse(tir::testing::ReadText(std::filesystem::path(TIRGEN_SOURCE_DIR) / "tests" / "data" /
                                                         "schedule" / "const_chain.py"))
                        .cast<tir::PrimFunc>();
  const std::string body =
      "  b0 = sch.get_block(name=\"T_add\", func_name=\"main\")\n"
      "  l1, l2 = sch.get_loops(block=b0)\n"
      "  sch.enter_postproc()\n"
      "  sch.parallel(loop=l1)";
  const std::string text = "# from tvm import tir\ndef apply_trace(sch: tir.Schedule) -> None:\n" + body;
  tir::Schedule with(f), without(f);
  tir::Trace::Parse(text, "<test trace>").ApplyTo(with);
  std::string plain = body;
  plain.erase(plain.find("  sch.enter_postproc()\n"), std::string("  sch.enter_postproc()\n").size());
  tir::Trace::Parse("def apply_trace(sch: tir.Schedule) -> None:\n" + plain, "<test trace>").ApplyTo(without);
  EXPECT_EQ(script::Print(with.mod()), script::Print(without.mod()));
  EXPECT_EQ(with.trace().Str(), text);
  EXPECT_EQ(tir::JSONDumps(with.trace().AsJSON()),
            "[[[\"GetBlock\",[],[\"T_add\",\"main\"],[\"b0\"]],[\"GetLoops\",[\"b0\"],[],[\"l1\",\"l2\"]],"
            "[\"EnterPostproc\",[],[],[]],[\"Parallel\",[\"l1\"],[],[]]],[]]");
}

}  // namespace
}  // namespace tirgen
