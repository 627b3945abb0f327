// Printed TVMScript of the elementwise, broadcast, reduction and transform operators that no
// TVM golden case covers: each program is optimized and lowered like `tirgen lower` does, and
// its one primitive function must print what TVM v0.14's lower_to_primfunc prints. The
// expected texts follow TVM's TOPI computes (include/tvm/topi/{broadcast,elemwise,reduction,
// transform}.h), CreatePrimFunc's body Simplify and IndexDataTypeNormalizer; each case says
// which rule it pins down.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tirgen/lower/lower.h"
#include "tirgen/relay/expr_functor.h"
#include "tirgen/relay/text.h"
#include "tirgen/relay/transforms.h"
#include "tirgen/script/printer.h"

namespace tirgen {
namespace {

// The printed PrimFunc of the single primitive function `main` optimizes into.
std::string LowerOnly(const std::string& body) {
  std::string text = "#[version = \"0.0.5\"]\n" + body;
  IRModule mod = relay::Optimize(relay::ParseModule(text, "op_fidelity.relay"));
  std::vector<relay::Function> fns;
  relay::PostOrderVisit(mod.Lookup("main").cast<relay::Expr>(), [&](const relay::Expr& x) {
    if (const auto* f = x.as<relay::FunctionNode>())
      if (f->IsPrimitive()) fns.push_back(x.cast<relay::Function>());
  });
  if (fns.size() != 1) return "expected one primitive function, got " + std::to_string(fns.size());
  return script::Print(lower::LowerToPrimFunc(fns[0]));
}

// bitwise_and/or/xor, left/right_shift, bitwise_not: tir.bitwise_* / tir.shift_* calls (TVM's TOPI_DEFINE_BCAST_OP rules), printed T.<name>(...)
TEST(OpFidelityTransform, BitwiseOpsAndShifts) {
  EXPECT_EQ(LowerOnly(R"(def @main(%a: Tensor[(2, 3), int32], %b: Tensor[(3), int32]) {
  %0 = bitwise_and(%a, %b);
  %1 = bitwise_or(%0, %b);
  %2 = bitwise_xor(%1, %b);
  %3 = left_shift(%2, %b);
  %4 = right_shift(%3, %b);
  bitwise_not(%4)
})"),
            R"(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(3)), "int32"), p1: T.Buffer((T.int64(3),), "int32"), T_bitwise_not: T.Buffer((T.int64(2), T.int64(3)), "int32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    T_bitwise_and = T.alloc_buffer((T.int64(2), T.int64(3)), "int32")
    T_bitwise_or = T.alloc_buffer((T.int64(2), T.int64(3)), "int32")
    T_bitwise_xor = T.alloc_buffer((T.int64(2), T.int64(3)), "int32")
    T_left_shift = T.alloc_buffer((T.int64(2), T.int64(3)), "int32")
    T_right_shift = T.alloc_buffer((T.int64(2), T.int64(3)), "int32")
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_bitwise_and"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(p0[v_ax0, v_ax1], p1[v_ax1])
            T.writes(T_bitwise_and[v_ax0, v_ax1])
            T_bitwise_and[v_ax0, v_ax1] = T.bitwise_and(p0[v_ax0, v_ax1], p1[v_ax1])
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_bitwise_or"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_bitwise_and[v_ax0, v_ax1], p1[v_ax1])
            T.writes(T_bitwise_or[v_ax0, v_ax1])
            T_bitwise_or[v_ax0, v_ax1] = T.bitwise_or(T_bitwise_and[v_ax0, v_ax1], p1[v_ax1])
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_bitwise_xor"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_bitwise_or[v_ax0, v_ax1], p1[v_ax1])
            T.writes(T_bitwise_xor[v_ax0, v_ax1])
            T_bitwise_xor[v_ax0, v_ax1] = T.bitwise_xor(T_bitwise_or[v_ax0, v_ax1], p1[v_ax1])
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_left_shift"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_bitwise_xor[v_ax0, v_ax1], p1[v_ax1])
            T.writes(T_left_shift[v_ax0, v_ax1])
            T_left_shift[v_ax0, v_ax1] = T.shift_left(T_bitwise_xor[v_ax0, v_ax1], p1[v_ax1])
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_right_shift"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_left_shift[v_ax0, v_ax1], p1[v_ax1])
            T.writes(T_right_shift[v_ax0, v_ax1])
            T_right_shift[v_ax0, v_ax1] = T.shift_right(T_left_shift[v_ax0, v_ax1], p1[v_ax1])
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_bitwise_not"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_right_shift[v_ax0, v_ax1])
            T.writes(T_bitwise_not[v_ax0, v_ax1])
            T_bitwise_not[v_ax0, v_ax1] = T.bitwise_not(T_right_shift[v_ax0, v_ax1])
)");
}

// logical_xor is `a ^ b`: a tir.bitwise_xor call on bool
TEST(OpFidelityTransform, LogicalXorIsBitwiseXor) {
  EXPECT_EQ(LowerOnly(R"(def @main(%a: Tensor[(2, 3), bool], %b: Tensor[(2, 3), bool]) {
  logical_xor(%a, %b)
})"),
            R"(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(3)), "bool"), p1: T.Buffer((T.int64(2), T.int64(3)), "bool"), T_logical_xor: T.Buffer((T.int64(2), T.int64(3)), "bool")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_logical_xor"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(p0[v_ax0, v_ax1], p1[v_ax0, v_ax1])
            T.writes(T_logical_xor[v_ax0, v_ax1])
            T_logical_xor[v_ax0, v_ax1] = T.bitwise_xor(p0[v_ax0, v_ax1], p1[v_ax0, v_ax1])
)");
}

// all: CommReducer And, identity T.bool(True)
TEST(OpFidelityTransform, AllKeepdims) {
  EXPECT_EQ(LowerOnly(R"(def @main(%a: Tensor[(2, 3), bool]) {
  all(%a, axis=[1], keepdims=True)
})"),
            R"(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(3)), "bool"), p0_red: T.Buffer((T.int64(2), T.int64(1)), "bool")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for ax0, ax1, k1 in T.grid(T.int64(2), T.int64(1), T.int64(3)):
        with T.block("p0_red"):
            v_ax0, v_ax1, v_k1 = T.axis.remap("SSR", [ax0, ax1, k1])
            T.reads(p0[v_ax0, v_k1])
            T.writes(p0_red[v_ax0, v_ax1])
            with T.init():
                p0_red[v_ax0, v_ax1] = T.bool(True)
            p0_red[v_ax0, v_ax1] = p0_red[v_ax0, v_ax1] and p0[v_ax0, v_k1]
)");
}

// any with no axis: every axis reduced into a 0-d buffer, identity T.bool(False)
TEST(OpFidelityTransform, AnyAllAxes) {
  EXPECT_EQ(LowerOnly(R"(def @main(%a: Tensor[(2, 3), bool]) {
  any(%a)
})"),
            R"(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(3)), "bool"), p0_red: T.Buffer((), "bool")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for k0, k1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("p0_red"):
            v_k0, v_k1 = T.axis.remap("RR", [k0, k1])
            T.reads(p0[v_k0, v_k1])
            T.writes(p0_red[()])
            with T.init():
                p0_red[()] = T.bool(False)
            p0_red[()] = p0_red[()] or p0[v_k0, v_k1]
)");
}

// topi::sum of a bool tensor reduces with tvm::any
TEST(OpFidelityTransform, SumOfBoolIsAny) {
  EXPECT_EQ(LowerOnly(R"(def @main(%a: Tensor[(2, 3), bool]) {
  sum(%a, axis=[0])
})"),
            R"(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(3)), "bool"), p0_red: T.Buffer((T.int64(3),), "bool")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for ax0, k0 in T.grid(T.int64(3), T.int64(2)):
        with T.block("p0_red"):
            v_ax0, v_k0 = T.axis.remap("SR", [ax0, k0])
            T.reads(p0[v_k0, v_ax0])
            T.writes(p0_red[v_ax0])
            with T.init():
                p0_red[v_ax0] = T.bool(False)
            p0_red[v_ax0] = p0_red[v_ax0] or p0[v_k0, v_ax0]
)");
}

// mean of float16: cast to float32, sum, divide (x / 3 simplified to x * (1/3) in double), cast back
TEST(OpFidelityTransform, MeanFloat16SumsInFloat32) {
  EXPECT_EQ(LowerOnly(R"(def @main(%x: Tensor[(2, 3), float16]) {
  mean(%x, axis=[1])
})"),
            R"(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(3)), "float16"), T_cast: T.Buffer((T.int64(2),), "float16")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    T_cast_1 = T.alloc_buffer((T.int64(2), T.int64(3)))
    T_cast_red = T.alloc_buffer((T.int64(2),))
    T_divide = T.alloc_buffer((T.int64(2),))
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_cast"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(p0[v_ax0, v_ax1])
            T.writes(T_cast_1[v_ax0, v_ax1])
            T_cast_1[v_ax0, v_ax1] = T.Cast("float32", p0[v_ax0, v_ax1])
    for ax0, k1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_cast_red"):
            v_ax0, v_k1 = T.axis.remap("SR", [ax0, k1])
            T.reads(T_cast_1[v_ax0, v_k1])
            T.writes(T_cast_red[v_ax0])
            with T.init():
                T_cast_red[v_ax0] = T.float32(0)
            T_cast_red[v_ax0] = T_cast_red[v_ax0] + T_cast_1[v_ax0, v_k1]
    for ax0 in range(T.int64(2)):
        with T.block("T_divide"):
            v_ax0 = T.axis.spatial(T.int64(2), ax0)
            T.reads(T_cast_red[v_ax0])
            T.writes(T_divide[v_ax0])
            T_divide[v_ax0] = T_cast_red[v_ax0] * T.float32(0.33333333333333331)
    for ax0 in range(T.int64(2)):
        with T.block("T_cast_1"):
            v_ax0 = T.axis.spatial(T.int64(2), ax0)
            T.reads(T_divide[v_ax0])
            T.writes(T_cast[v_ax0])
            T_cast[v_ax0] = T.Cast("float16", T_divide[v_ax0])
)");
}

// mean over two axes: k0, k1 reduce vars; count 6
TEST(OpFidelityTransform, MeanTwoAxes) {
  EXPECT_EQ(LowerOnly(R"(def @main(%x: Tensor[(2, 3, 4), float32]) {
  mean(%x, axis=[0, 1])
})"),
            R"(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(3), T.int64(4)), "float32"), T_divide: T.Buffer((T.int64(4),), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    p0_red = T.alloc_buffer((T.int64(4),))
    for ax0, k0, k1 in T.grid(T.int64(4), T.int64(2), T.int64(3)):
        with T.block("p0_red"):
            v_ax0, v_k0, v_k1 = T.axis.remap("SRR", [ax0, k0, k1])
            T.reads(p0[v_k0, v_k1, v_ax0])
            T.writes(p0_red[v_ax0])
            with T.init():
                p0_red[v_ax0] = T.float32(0)
            p0_red[v_ax0] = p0_red[v_ax0] + p0[v_k0, v_k1, v_ax0]
    for ax0 in range(T.int64(4)):
        with T.block("T_divide"):
            v_ax0 = T.axis.spatial(T.int64(4), ax0)
            T.reads(p0_red[v_ax0])
            T.writes(T_divide[v_ax0])
            T_divide[v_ax0] = p0_red[v_ax0] * T.float32(0.16666666666666666)
)");
}

// variance unbiased: count - 1 = 2 -> * 0.5
TEST(OpFidelityTransform, VarianceUnbiasedKeepdims) {
  EXPECT_EQ(LowerOnly(R"(def @main(%x: Tensor[(2, 3, 4), float32], %m: Tensor[(2, 1, 4), float32]) {
  variance(%x, %m, axis=[1], keepdims=True, unbiased=True)
})"),
            R"(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(3), T.int64(4)), "float32"), p1: T.Buffer((T.int64(2), T.int64(1), T.int64(4)), "float32"), T_divide: T.Buffer((T.int64(2), T.int64(1), T.int64(4)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    T_subtract = T.alloc_buffer((T.int64(2), T.int64(3), T.int64(4)))
    T_multiply = T.alloc_buffer((T.int64(2), T.int64(3), T.int64(4)))
    T_multiply_red = T.alloc_buffer((T.int64(2), T.int64(1), T.int64(4)))
    for ax0, ax1, ax2 in T.grid(T.int64(2), T.int64(3), T.int64(4)):
        with T.block("T_subtract"):
            v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(p0[v_ax0, v_ax1, v_ax2], p1[v_ax0, T.int64(0), v_ax2])
            T.writes(T_subtract[v_ax0, v_ax1, v_ax2])
            T_subtract[v_ax0, v_ax1, v_ax2] = p0[v_ax0, v_ax1, v_ax2] - p1[v_ax0, T.int64(0), v_ax2]
    for ax0, ax1, ax2 in T.grid(T.int64(2), T.int64(3), T.int64(4)):
        with T.block("T_multiply"):
            v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(T_subtract[v_ax0, v_ax1, v_ax2])
            T.writes(T_multiply[v_ax0, v_ax1, v_ax2])
            T_multiply[v_ax0, v_ax1, v_ax2] = T_subtract[v_ax0, v_ax1, v_ax2] * T_subtract[v_ax0, v_ax1, v_ax2]
    for ax0, ax1, ax2, k1 in T.grid(T.int64(2), T.int64(1), T.int64(4), T.int64(3)):
        with T.block("T_multiply_red"):
            v_ax0, v_ax1, v_ax2, v_k1 = T.axis.remap("SSSR", [ax0, ax1, ax2, k1])
            T.reads(T_multiply[v_ax0, v_k1, v_ax2])
            T.writes(T_multiply_red[v_ax0, v_ax1, v_ax2])
            with T.init():
                T_multiply_red[v_ax0, v_ax1, v_ax2] = T.float32(0)
            T_multiply_red[v_ax0, v_ax1, v_ax2] = T_multiply_red[v_ax0, v_ax1, v_ax2] + T_multiply[v_ax0, v_k1, v_ax2]
    for ax0, ax1, ax2 in T.grid(T.int64(2), T.int64(1), T.int64(4)):
        with T.block("T_divide"):
            v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(T_multiply_red[v_ax0, v_ax1, v_ax2])
            T.writes(T_divide[v_ax0, v_ax1, v_ax2])
            T_divide[v_ax0, v_ax1, v_ax2] = T_multiply_red[v_ax0, v_ax1, v_ax2] * T.float32(0.5)
)");
}

// sum over axes 0 and 2 keeping dims: output indices ax0..ax2 with k0, k2
TEST(OpFidelityTransform, SumKeepdimsTwoAxes) {
  EXPECT_EQ(LowerOnly(R"(def @main(%x: Tensor[(2, 3, 4), float32]) {
  sum(%x, axis=[0, 2], keepdims=True)
})"),
            R"(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(3), T.int64(4)), "float32"), p0_red: T.Buffer((T.int64(1), T.int64(3), T.int64(1)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for ax0, ax1, ax2, k0, k2 in T.grid(T.int64(1), T.int64(3), T.int64(1), T.int64(2), T.int64(4)):
        with T.block("p0_red"):
            v_ax0, v_ax1, v_ax2, v_k0, v_k2 = T.axis.remap("SSSRR", [ax0, ax1, ax2, k0, k2])
            T.reads(p0[v_k0, v_ax1, v_k2])
            T.writes(p0_red[v_ax0, v_ax1, v_ax2])
            with T.init():
                p0_red[v_ax0, v_ax1, v_ax2] = T.float32(0)
            p0_red[v_ax0, v_ax1, v_ax2] = p0_red[v_ax0, v_ax1, v_ax2] + p0[v_k0, v_ax1, v_k2]
)");
}

// max: identity T.min_value (-3.4028234663852886e+38), T.max combiner
TEST(OpFidelityTransform, MaxOneAxis) {
  EXPECT_EQ(LowerOnly(R"(def @main(%x: Tensor[(2, 3, 4), float32]) {
  max(%x, axis=[1])
})"),
            R"(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(3), T.int64(4)), "float32"), p0_red: T.Buffer((T.int64(2), T.int64(4)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for ax0, ax1, k1 in T.grid(T.int64(2), T.int64(4), T.int64(3)):
        with T.block("p0_red"):
            v_ax0, v_ax1, v_k1 = T.axis.remap("SSR", [ax0, ax1, k1])
            T.reads(p0[v_ax0, v_k1, v_ax1])
            T.writes(p0_red[v_ax0, v_ax1])
            with T.init():
                p0_red[v_ax0, v_ax1] = T.float32(-3.4028234663852886e+38)
            p0_red[v_ax0, v_ax1] = T.max(p0_red[v_ax0, v_ax1], p0[v_ax0, v_k1, v_ax1])
)");
}

// min with exclude=True reduces every axis but 1
TEST(OpFidelityTransform, MinExclude) {
  EXPECT_EQ(LowerOnly(R"(def @main(%x: Tensor[(2, 3, 4), float32]) {
  min(%x, axis=[1], exclude=True)
})"),
            R"(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(3), T.int64(4)), "float32"), p0_red: T.Buffer((T.int64(3),), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for ax0, k0, k2 in T.grid(T.int64(3), T.int64(2), T.int64(4)):
        with T.block("p0_red"):
            v_ax0, v_k0, v_k2 = T.axis.remap("SRR", [ax0, k0, k2])
            T.reads(p0[v_k0, v_ax0, v_k2])
            T.writes(p0_red[v_ax0])
            with T.init():
                p0_red[v_ax0] = T.float32(3.4028234663852886e+38)
            p0_red[v_ax0] = T.min(p0_red[v_ax0], p0[v_k0, v_ax0, v_k2])
)");
}

// prod with no axis: 0-d output, identity 1
TEST(OpFidelityTransform, ProdAllAxes) {
  EXPECT_EQ(LowerOnly(R"(def @main(%x: Tensor[(2, 3, 4), float32]) {
  prod(%x)
})"),
            R"(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(3), T.int64(4)), "float32"), p0_red: T.Buffer((), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for k0, k1, k2 in T.grid(T.int64(2), T.int64(3), T.int64(4)):
        with T.block("p0_red"):
            v_k0, v_k1, v_k2 = T.axis.remap("RRR", [k0, k1, k2])
            T.reads(p0[v_k0, v_k1, v_k2])
            T.writes(p0_red[()])
            with T.init():
                p0_red[()] = T.float32(1)
            p0_red[()] = p0_red[()] * p0[v_k0, v_k1, v_k2]
)");
}

// argmin over axes 0, 2: the raveled index k0 * 4 + k2, init max_value, lhs < rhs
TEST(OpFidelityTransform, ArgminTwoAxesKeepdims) {
  EXPECT_EQ(LowerOnly(R"(def @main(%x: Tensor[(2, 3, 4), float32]) {
  argmin(%x, axis=[0, 2], keepdims=True)
})"),
            R"(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(3), T.int64(4)), "float32"), p0_red: T.Buffer((T.int64(1), T.int64(3), T.int64(1)), "int32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    p0_red_temp_v0 = T.alloc_buffer((T.int64(1), T.int64(3), T.int64(1)), "int32")
    p0_red_temp_v1 = T.alloc_buffer((T.int64(1), T.int64(3), T.int64(1)))
    for ax0, ax1, ax2, k0, k2 in T.grid(T.int64(1), T.int64(3), T.int64(1), T.int64(2), T.int64(4)):
        with T.block("p0_red_temp"):
            v_ax0, v_ax1, v_ax2, v_k0, v_k2 = T.axis.remap("SSSRR", [ax0, ax1, ax2, k0, k2])
            T.reads(p0[v_k0, v_ax1, v_k2])
            T.writes(p0_red_temp_v0[v_ax0, v_ax1, v_ax2], p0_red_temp_v1[v_ax0, v_ax1, v_ax2])
            with T.init():
                p0_red_temp_v0[v_ax0, v_ax1, v_ax2] = -1
                p0_red_temp_v1[v_ax0, v_ax1, v_ax2] = T.float32(3.4028234663852886e+38)
            v_p0_red_temp_v0: T.int64 = T.Select(p0_red_temp_v1[v_ax0, v_ax1, v_ax2] < p0[v_k0, v_ax1, v_k2] or p0_red_temp_v1[v_ax0, v_ax1, v_ax2] == p0[v_k0, v_ax1, v_k2] and T.Cast("int64", p0_red_temp_v0[v_ax0, v_ax1, v_ax2]) < v_k0 * T.int64(4) + v_k2, T.Cast("int64", p0_red_temp_v0[v_ax0, v_ax1, v_ax2]), v_k0 * T.int64(4) + v_k2)
            v_p0_red_temp_v1: T.float32 = T.Select(p0_red_temp_v1[v_ax0, v_ax1, v_ax2] < p0[v_k0, v_ax1, v_k2], p0_red_temp_v1[v_ax0, v_ax1, v_ax2], p0[v_k0, v_ax1, v_k2])
            p0_red_temp_v0[v_ax0, v_ax1, v_ax2] = T.Cast("int32", v_p0_red_temp_v0)
            p0_red_temp_v1[v_ax0, v_ax1, v_ax2] = v_p0_red_temp_v1
    for ax0, ax1, ax2 in T.grid(T.int64(1), T.int64(3), T.int64(1)):
        with T.block("p0_red"):
            v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(p0_red_temp_v0[v_ax0, v_ax1, v_ax2])
            T.writes(p0_red[v_ax0, v_ax1, v_ax2])
            p0_red[v_ax0, v_ax1, v_ax2] = p0_red_temp_v0[v_ax0, v_ax1, v_ax2]
)");
}

// negative strides, end clamped to -1: begin canonicalised, index v * s + b simplified
TEST(OpFidelityTransform, StridedSliceNegativeStrides) {
  EXPECT_EQ(LowerOnly(R"(def @main(%x: Tensor[(4, 6), float32]) {
  strided_slice(%x, begin=[3, 5], end=[0, -7], strides=[-1, -2])
})"),
            R"(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(4), T.int64(6)), "float32"), T_strided_slice: T.Buffer((T.int64(3), T.int64(3)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for ax0, ax1 in T.grid(T.int64(3), T.int64(3)):
        with T.block("T_strided_slice"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(p0[T.int64(3) - v_ax0, T.int64(5) - v_ax1 * T.int64(2)])
            T.writes(T_strided_slice[v_ax0, v_ax1])
            T_strided_slice[v_ax0, v_ax1] = p0[T.int64(3) - v_ax0, T.int64(5) - v_ax1 * T.int64(2)]
)");
}

// axes given: T_strided_slice_with_axes; end 100 clamped to the extent
TEST(OpFidelityTransform, StridedSliceWithAxes) {
  EXPECT_EQ(LowerOnly(R"(def @main(%x: Tensor[(4, 6), float32]) {
  strided_slice(%x, begin=[1], end=[100], strides=[2], axes=[1])
})"),
            R"(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(4), T.int64(6)), "float32"), T_strided_slice_with_axes: T.Buffer((T.int64(4), T.int64(3)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for ax0, ax1 in T.grid(T.int64(4), T.int64(3)):
        with T.block("T_strided_slice_with_axes"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(p0[v_ax0, v_ax1 * T.int64(2) + T.int64(1)])
            T.writes(T_strided_slice_with_axes[v_ax0, v_ax1])
            T_strided_slice_with_axes[v_ax0, v_ax1] = p0[v_ax0, v_ax1 * T.int64(2) + T.int64(1)]
)");
}

// begin/end shorter than the rank: the remaining axes are taken whole
TEST(OpFidelityTransform, StridedSlicePartialBegin) {
  EXPECT_EQ(LowerOnly(R"(def @main(%x: Tensor[(4, 6, 2), float32]) {
  strided_slice(%x, begin=[1], end=[-1], strides=[1])
})"),
            R"(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(4), T.int64(6), T.int64(2)), "float32"), T_strided_slice: T.Buffer((T.int64(2), T.int64(6), T.int64(2)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for ax0, ax1, ax2 in T.grid(T.int64(2), T.int64(6), T.int64(2)):
        with T.block("T_strided_slice"):
            v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(p0[v_ax0 + T.int64(1), v_ax1, v_ax2])
            T.writes(T_strided_slice[v_ax0, v_ax1, v_ax2])
            T_strided_slice[v_ax0, v_ax1, v_ax2] = p0[v_ax0 + T.int64(1), v_ax1, v_ax2]
)");
}

// take mode=wrap: truncmod(truncmod(i, n) + n, n)
TEST(OpFidelityTransform, TakeWrap) {
  EXPECT_EQ(LowerOnly(R"(def @main(%x: Tensor[(4, 6), float32], %i: Tensor[(3), int32]) {
  take(%x, %i, axis=1, mode="wrap")
})"),
            R"(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(4), T.int64(6)), "float32"), p1: T.Buffer((T.int64(3),), "int32"), T_take: T.Buffer((T.int64(4), T.int64(3)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for ax0, ax1 in T.grid(T.int64(4), T.int64(3)):
        with T.block("T_take"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(p0[v_ax0, T.truncmod(T.truncmod(T.Cast("int64", p1[v_ax1]), T.int64(6)) + T.int64(6), T.int64(6))], p1[v_ax1])
            T.writes(T_take[v_ax0, v_ax1])
            T_take[v_ax0, v_ax1] = p0[v_ax0, T.truncmod(T.truncmod(T.Cast("int64", p1[v_ax1]), T.int64(6)) + T.int64(6), T.int64(6))]
)");
}

// take mode=fast: the index read as is (an int32 load indexes the int64 buffer)
TEST(OpFidelityTransform, TakeFast) {
  EXPECT_EQ(LowerOnly(R"(def @main(%x: Tensor[(4, 6), float32], %i: Tensor[(3), int32]) {
  take(%x, %i, axis=0, mode="fast")
})"),
            R"(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(4), T.int64(6)), "float32"), p1: T.Buffer((T.int64(3),), "int32"), T_take: T.Buffer((T.int64(3), T.int64(6)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for ax0, ax1 in T.grid(T.int64(3), T.int64(6)):
        with T.block("T_take"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(p0[p1[v_ax0], v_ax1], p1[v_ax0])
            T.writes(T_take[v_ax0, v_ax1])
            T_take[v_ax0, v_ax1] = p0[p1[v_ax0], v_ax1]
)");
}

// take without axis: the flat index clipped to [0, 23] and unraveled
TEST(OpFidelityTransform, TakeNoAxisClip) {
  EXPECT_EQ(LowerOnly(R"(def @main(%x: Tensor[(4, 6), float32], %i: Tensor[(3), int32]) {
  take(%x, %i)
})"),
            R"(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(4), T.int64(6)), "float32"), p1: T.Buffer((T.int64(3),), "int32"), T_take: T.Buffer((T.int64(3),), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for ax0 in range(T.int64(3)):
        with T.block("T_take"):
            v_ax0 = T.axis.spatial(T.int64(3), ax0)
            T.reads(p0[T.min(T.max(T.int64(0), T.Cast("int64", p1[v_ax0])), T.int64(23)) // T.int64(6), T.min(T.max(T.int64(0), T.Cast("int64", p1[v_ax0])), T.int64(23)) % T.int64(6)], p1[v_ax0])
            T.writes(T_take[v_ax0])
            T_take[v_ax0] = p0[T.min(T.max(T.int64(0), T.Cast("int64", p1[v_ax0])), T.int64(23)) // T.int64(6), T.min(T.max(T.int64(0), T.Cast("int64", p1[v_ax0])), T.int64(23)) % T.int64(6)]
)");
}

// where with a (2, 1) bool condition: TVM's `c != 0` casts the bool to int32 (BinaryOpMatchTypes), and
// Simplify, knowing the cast lies in [0, 1], turns `!= 0` into `0 <`; broadcast operands read at 0
TEST(OpFidelityTransform, WhereBroadcastBoolCond) {
  EXPECT_EQ(LowerOnly(R"(def @main(%c: Tensor[(2, 1), bool], %x: Tensor[(2, 3), float32], %y: Tensor[(3), float32]) {
  where(%c, %x, %y)
})"),
            R"(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(1)), "bool"), p1: T.Buffer((T.int64(2), T.int64(3)), "float32"), p2: T.Buffer((T.int64(3),), "float32"), T_where: T.Buffer((T.int64(2), T.int64(3)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_where"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(p0[v_ax0, T.int64(0)], p1[v_ax0, v_ax1], p2[v_ax1])
            T.writes(T_where[v_ax0, v_ax1])
            T_where[v_ax0, v_ax1] = T.Select(0 < T.Cast("int32", p0[v_ax0, T.int64(0)]), p1[v_ax0, v_ax1], p2[v_ax1])
)");
}

// where with a float condition and a scalar constant operand (compile_engine_const)
TEST(OpFidelityTransform, WhereFloatCondScalar) {
  EXPECT_EQ(LowerOnly(R"(def @main(%c: Tensor[(1, 3), float32], %x: Tensor[(2, 3), float32]) {
  where(%c, %x, 0f)
})"),
            R"(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(1), T.int64(3)), "float32"), p1: T.Buffer((T.int64(2), T.int64(3)), "float32"), T_where: T.Buffer((T.int64(2), T.int64(3)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    compile_engine_const = T.alloc_buffer(())
    with T.block("compile_engine_const"):
        vi = T.axis.spatial(T.int64(1), T.int64(0))
        T.reads()
        T.writes(compile_engine_const[()])
        compile_engine_const[()] = T.float32(0)
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_where"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(p0[T.int64(0), v_ax1], p1[v_ax0, v_ax1], compile_engine_const[()])
            T.writes(T_where[v_ax0, v_ax1])
            T_where[v_ax0, v_ax1] = T.Select(p0[T.int64(0), v_ax1] != T.float32(0), p1[v_ax0, v_ax1], compile_engine_const[()])
)");
}

// greater: a > b simplified to b < a (RewriteSimplifier), broadcast (1, 3) operand
TEST(OpFidelityTransform, GreaterBecomesLess) {
  EXPECT_EQ(LowerOnly(R"(def @main(%a: Tensor[(2, 3), float32], %b: Tensor[(1, 3), float32]) {
  greater(%a, %b)
})"),
            R"(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(3)), "float32"), p1: T.Buffer((T.int64(1), T.int64(3)), "float32"), T_greater: T.Buffer((T.int64(2), T.int64(3)), "bool")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_greater"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(p1[T.int64(0), v_ax1], p0[v_ax0, v_ax1])
            T.writes(T_greater[v_ax0, v_ax1])
            T_greater[v_ax0, v_ax1] = p1[T.int64(0), v_ax1] < p0[v_ax0, v_ax1]
)");
}

// greater_equal: a >= b simplified to b <= a
TEST(OpFidelityTransform, GreaterEqualBecomesLessEqual) {
  EXPECT_EQ(LowerOnly(R"(def @main(%a: Tensor[(2, 3), float32], %b: Tensor[(2, 3), float32]) {
  greater_equal(%a, %b)
})"),
            R"(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(3)), "float32"), p1: T.Buffer((T.int64(2), T.int64(3)), "float32"), T_greater_equal: T.Buffer((T.int64(2), T.int64(3)), "bool")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_greater_equal"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(p1[v_ax0, v_ax1], p0[v_ax0, v_ax1])
            T.writes(T_greater_equal[v_ax0, v_ax1])
            T_greater_equal[v_ax0, v_ax1] = p1[v_ax0, v_ax1] <= p0[v_ax0, v_ax1]
)");
}

// not_equal against an int32 scalar: compile_engine_const holds a bare 3
TEST(OpFidelityTransform, NotEqualIntConstant) {
  EXPECT_EQ(LowerOnly(R"(def @main(%a: Tensor[(2, 3), int32]) {
  not_equal(%a, 3)
})"),
            R"(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(3)), "int32"), T_not_equal: T.Buffer((T.int64(2), T.int64(3)), "bool")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    compile_engine_const = T.alloc_buffer((), "int32")
    with T.block("compile_engine_const"):
        vi = T.axis.spatial(T.int64(1), T.int64(0))
        T.reads()
        T.writes(compile_engine_const[()])
        compile_engine_const[()] = 3
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_not_equal"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(p0[v_ax0, v_ax1], compile_engine_const[()])
            T.writes(T_not_equal[v_ax0, v_ax1])
            T_not_equal[v_ax0, v_ax1] = p0[v_ax0, v_ax1] != compile_engine_const[()]
)");
}

// floor_divide / floor_mod of ints: // and %
TEST(OpFidelityTransform, FloorDivideAndModInt) {
  EXPECT_EQ(LowerOnly(R"(def @main(%a: Tensor[(2, 3), int32], %b: Tensor[(2, 3), int32]) {
  %0 = floor_divide(%a, %b);
  floor_mod(%0, %b)
})"),
            R"(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(3)), "int32"), p1: T.Buffer((T.int64(2), T.int64(3)), "int32"), T_floor_mod: T.Buffer((T.int64(2), T.int64(3)), "int32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    T_floor_divide = T.alloc_buffer((T.int64(2), T.int64(3)), "int32")
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_floor_divide"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(p0[v_ax0, v_ax1], p1[v_ax0, v_ax1])
            T.writes(T_floor_divide[v_ax0, v_ax1])
            T_floor_divide[v_ax0, v_ax1] = p0[v_ax0, v_ax1] // p1[v_ax0, v_ax1]
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_floor_mod"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_floor_divide[v_ax0, v_ax1], p1[v_ax0, v_ax1])
            T.writes(T_floor_mod[v_ax0, v_ax1])
            T_floor_mod[v_ax0, v_ax1] = T_floor_divide[v_ax0, v_ax1] % p1[v_ax0, v_ax1]
)");
}

// floor_divide of floats: T.floor(a / b); floor_mod: a - floor(a / b) * b
TEST(OpFidelityTransform, FloorDivideFloat) {
  EXPECT_EQ(LowerOnly(R"(def @main(%a: Tensor[(2, 3), float32], %b: Tensor[(3), float32]) {
  %0 = floor_divide(%a, %b);
  floor_mod(%0, %b)
})"),
            R"(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(3)), "float32"), p1: T.Buffer((T.int64(3),), "float32"), T_floor_mod: T.Buffer((T.int64(2), T.int64(3)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    T_floor_divide = T.alloc_buffer((T.int64(2), T.int64(3)))
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_floor_divide"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(p0[v_ax0, v_ax1], p1[v_ax1])
            T.writes(T_floor_divide[v_ax0, v_ax1])
            T_floor_divide[v_ax0, v_ax1] = T.floor(p0[v_ax0, v_ax1] / p1[v_ax1])
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_floor_mod"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_floor_divide[v_ax0, v_ax1], p1[v_ax1])
            T.writes(T_floor_mod[v_ax0, v_ax1])
            T_floor_mod[v_ax0, v_ax1] = T_floor_divide[v_ax0, v_ax1] - T.floor(T_floor_divide[v_ax0, v_ax1] / p1[v_ax1]) * p1[v_ax1]
)");
}

// divide, power (T.pow), maximum (T.max), minimum with a scalar (T.min)
TEST(OpFidelityTransform, DividePowerMaximumMinimum) {
  EXPECT_EQ(LowerOnly(R"(def @main(%a: Tensor[(2, 3), float32], %b: Tensor[(3), float32]) {
  %0 = divide(%a, %b);
  %1 = power(%0, %b);
  %2 = maximum(%1, %b);
  minimum(%2, 2f)
})"),
            R"(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(3)), "float32"), p1: T.Buffer((T.int64(3),), "float32"), T_minimum: T.Buffer((T.int64(2), T.int64(3)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    T_divide = T.alloc_buffer((T.int64(2), T.int64(3)))
    T_power = T.alloc_buffer((T.int64(2), T.int64(3)))
    T_maximum = T.alloc_buffer((T.int64(2), T.int64(3)))
    compile_engine_const = T.alloc_buffer(())
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_divide"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(p0[v_ax0, v_ax1], p1[v_ax1])
            T.writes(T_divide[v_ax0, v_ax1])
            T_divide[v_ax0, v_ax1] = p0[v_ax0, v_ax1] / p1[v_ax1]
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_power"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_divide[v_ax0, v_ax1], p1[v_ax1])
            T.writes(T_power[v_ax0, v_ax1])
            T_power[v_ax0, v_ax1] = T.pow(T_divide[v_ax0, v_ax1], p1[v_ax1])
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_maximum"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_power[v_ax0, v_ax1], p1[v_ax1])
            T.writes(T_maximum[v_ax0, v_ax1])
            T_maximum[v_ax0, v_ax1] = T.max(T_power[v_ax0, v_ax1], p1[v_ax1])
    with T.block("compile_engine_const"):
        vi = T.axis.spatial(T.int64(1), T.int64(0))
        T.reads()
        T.writes(compile_engine_const[()])
        compile_engine_const[()] = T.float32(2)
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_minimum"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_maximum[v_ax0, v_ax1], compile_engine_const[()])
            T.writes(T_minimum[v_ax0, v_ax1])
            T_minimum[v_ax0, v_ax1] = T.min(T_maximum[v_ax0, v_ax1], compile_engine_const[()])
)");
}

// sqrt, floor, ceil, round, cast; floor of an int32 tensor is the identity
TEST(OpFidelityTransform, RoundingAndCast) {
  EXPECT_EQ(LowerOnly(R"(def @main(%x: Tensor[(2, 3), float32], %i: Tensor[(2, 3), int32]) {
  %0 = sqrt(%x);
  %1 = floor(%0);
  %2 = ceil(%1);
  %3 = round(%2);
  %4 = cast(%3, dtype="int32");
  %5 = floor(%i);
  add(%4, %5)
})"),
            R"(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(3)), "float32"), p1: T.Buffer((T.int64(2), T.int64(3)), "int32"), T_add: T.Buffer((T.int64(2), T.int64(3)), "int32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    T_sqrt = T.alloc_buffer((T.int64(2), T.int64(3)))
    T_floor = T.alloc_buffer((T.int64(2), T.int64(3)))
    T_ceil = T.alloc_buffer((T.int64(2), T.int64(3)))
    T_round = T.alloc_buffer((T.int64(2), T.int64(3)))
    T_cast = T.alloc_buffer((T.int64(2), T.int64(3)), "int32")
    T_floor_1 = T.alloc_buffer((T.int64(2), T.int64(3)), "int32")
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_sqrt"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(p0[v_ax0, v_ax1])
            T.writes(T_sqrt[v_ax0, v_ax1])
            T_sqrt[v_ax0, v_ax1] = T.sqrt(p0[v_ax0, v_ax1])
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_floor"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_sqrt[v_ax0, v_ax1])
            T.writes(T_floor[v_ax0, v_ax1])
            T_floor[v_ax0, v_ax1] = T.floor(T_sqrt[v_ax0, v_ax1])
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_ceil"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_floor[v_ax0, v_ax1])
            T.writes(T_ceil[v_ax0, v_ax1])
            T_ceil[v_ax0, v_ax1] = T.ceil(T_floor[v_ax0, v_ax1])
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_round"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_ceil[v_ax0, v_ax1])
            T.writes(T_round[v_ax0, v_ax1])
            T_round[v_ax0, v_ax1] = T.round(T_ceil[v_ax0, v_ax1])
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_cast"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_round[v_ax0, v_ax1])
            T.writes(T_cast[v_ax0, v_ax1])
            T_cast[v_ax0, v_ax1] = T.Cast("int32", T_round[v_ax0, v_ax1])
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_floor_1"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(p1[v_ax0, v_ax1])
            T.writes(T_floor_1[v_ax0, v_ax1])
            T_floor_1[v_ax0, v_ax1] = p1[v_ax0, v_ax1]
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_add"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_cast[v_ax0, v_ax1], T_floor_1[v_ax0, v_ax1])
            T.writes(T_add[v_ax0, v_ax1])
            T_add[v_ax0, v_ax1] = T_cast[v_ax0, v_ax1] + T_floor_1[v_ax0, v_ax1]
)");
}

// equal, less_equal with a scalar, logical_and / logical_or / logical_not
TEST(OpFidelityTransform, LogicalOps) {
  EXPECT_EQ(LowerOnly(R"(def @main(%a: Tensor[(2, 3), float32], %b: Tensor[(3), float32], %c: Tensor[(2, 1), bool]) {
  %0 = equal(%a, %b);
  %1 = less_equal(%a, 1f);
  %2 = logical_and(%0, %1);
  %3 = logical_or(%2, %c);
  logical_not(%3)
})"),
            R"(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(3)), "float32"), p1: T.Buffer((T.int64(3),), "float32"), p2: T.Buffer((T.int64(2), T.int64(1)), "bool"), T_logical_not: T.Buffer((T.int64(2), T.int64(3)), "bool")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    T_equal = T.alloc_buffer((T.int64(2), T.int64(3)), "bool")
    compile_engine_const = T.alloc_buffer(())
    T_less_equal = T.alloc_buffer((T.int64(2), T.int64(3)), "bool")
    T_logical_and = T.alloc_buffer((T.int64(2), T.int64(3)), "bool")
    T_logical_or = T.alloc_buffer((T.int64(2), T.int64(3)), "bool")
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_equal"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(p0[v_ax0, v_ax1], p1[v_ax1])
            T.writes(T_equal[v_ax0, v_ax1])
            T_equal[v_ax0, v_ax1] = p0[v_ax0, v_ax1] == p1[v_ax1]
    with T.block("compile_engine_const"):
        vi = T.axis.spatial(T.int64(1), T.int64(0))
        T.reads()
        T.writes(compile_engine_const[()])
        compile_engine_const[()] = T.float32(1)
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_less_equal"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(p0[v_ax0, v_ax1], compile_engine_const[()])
            T.writes(T_less_equal[v_ax0, v_ax1])
            T_less_equal[v_ax0, v_ax1] = p0[v_ax0, v_ax1] <= compile_engine_const[()]
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_logical_and"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_equal[v_ax0, v_ax1], T_less_equal[v_ax0, v_ax1])
            T.writes(T_logical_and[v_ax0, v_ax1])
            T_logical_and[v_ax0, v_ax1] = T_equal[v_ax0, v_ax1] and T_less_equal[v_ax0, v_ax1]
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_logical_or"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_logical_and[v_ax0, v_ax1], p2[v_ax0, T.int64(0)])
            T.writes(T_logical_or[v_ax0, v_ax1])
            T_logical_or[v_ax0, v_ax1] = T_logical_and[v_ax0, v_ax1] or p2[v_ax0, T.int64(0)]
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_logical_not"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_logical_or[v_ax0, v_ax1])
            T.writes(T_logical_not[v_ax0, v_ax1])
            T_logical_not[v_ax0, v_ax1] = not T_logical_or[v_ax0, v_ax1]
)");
}

// concatenate of 3 inputs: nested if_then_else, offsets 6 and 8
TEST(OpFidelityTransform, ConcatenateThree) {
  EXPECT_EQ(LowerOnly(R"(def @main(%x: Tensor[(4, 6), float32], %y: Tensor[(4, 2), float32], %z: Tensor[(4, 3), float32]) {
  concatenate((%x, %y, %z), axis=1)
})"),
            R"(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(4), T.int64(6)), "float32"), p1: T.Buffer((T.int64(4), T.int64(2)), "float32"), p2: T.Buffer((T.int64(4), T.int64(3)), "float32"), T_concat: T.Buffer((T.int64(4), T.int64(11)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for ax0, ax1 in T.grid(T.int64(4), T.int64(11)):
        with T.block("T_concat"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(p2[v_ax0, v_ax1 - T.int64(8)], p1[v_ax0, v_ax1 - T.int64(6)], p0[v_ax0, v_ax1])
            T.writes(T_concat[v_ax0, v_ax1])
            T_concat[v_ax0, v_ax1] = T.if_then_else(T.int64(8) <= v_ax1, p2[v_ax0, v_ax1 - T.int64(8)], T.if_then_else(T.int64(6) <= v_ax1, p1[v_ax0, v_ax1 - T.int64(6)], p0[v_ax0, v_ax1]))
)");
}

// transpose without axes reverses them
TEST(OpFidelityTransform, TransposeDefaultAxes) {
  EXPECT_EQ(LowerOnly(R"(def @main(%x: Tensor[(2, 3, 4), float32]) {
  transpose(%x)
})"),
            R"(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(3), T.int64(4)), "float32"), T_transpose: T.Buffer((T.int64(4), T.int64(3), T.int64(2)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for ax0, ax1, ax2 in T.grid(T.int64(4), T.int64(3), T.int64(2)):
        with T.block("T_transpose"):
            v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(p0[v_ax2, v_ax1, v_ax0])
            T.writes(T_transpose[v_ax0, v_ax1, v_ax2])
            T_transpose[v_ax0, v_ax1, v_ax2] = p0[v_ax2, v_ax1, v_ax0]
)");
}

// expand_dims num_newaxis=2
TEST(OpFidelityTransform, ExpandDimsTwoNewAxes) {
  EXPECT_EQ(LowerOnly(R"(def @main(%x: Tensor[(4, 6), float32]) {
  expand_dims(%x, axis=1, num_newaxis=2)
})"),
            R"(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(4), T.int64(6)), "float32"), T_expand_dims: T.Buffer((T.int64(4), T.int64(1), T.int64(1), T.int64(6)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for ax0, ax1, ax2, ax3 in T.grid(T.int64(4), T.int64(1), T.int64(1), T.int64(6)):
        with T.block("T_expand_dims"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(p0[v_ax0, v_ax3])
            T.writes(T_expand_dims[v_ax0, v_ax1, v_ax2, v_ax3])
            T_expand_dims[v_ax0, v_ax1, v_ax2, v_ax3] = p0[v_ax0, v_ax3]
)");
}

// broadcast_to a new leading axis
TEST(OpFidelityTransform, BroadcastToNewLeadingAxis) {
  EXPECT_EQ(LowerOnly(R"(def @main(%x: Tensor[(4, 1), float32]) {
  broadcast_to(%x, shape=[3, 4, 2])
})"),
            R"(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(4), T.int64(1)), "float32"), T_broadcast_to: T.Buffer((T.int64(3), T.int64(4), T.int64(2)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for ax0, ax1, ax2 in T.grid(T.int64(3), T.int64(4), T.int64(2)):
        with T.block("T_broadcast_to"):
            v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(p0[v_ax1, T.int64(0)])
            T.writes(T_broadcast_to[v_ax0, v_ax1, v_ax2])
            T_broadcast_to[v_ax0, v_ax1, v_ax2] = p0[v_ax1, T.int64(0)]
)");
}

// one_hot: Select(indices == position, on, off); the on/off scalars are compile_engine_const tensors read at ()
TEST(OpFidelityTransform, OneHotAxis1) {
  EXPECT_EQ(LowerOnly(R"(def @main(%i: Tensor[(2, 5), int32]) {
  one_hot(%i, 1f, 0f, depth=6, axis=1, dtype="float32")
})"),
            R"(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(5)), "int32"), T_one_hot: T.Buffer((T.int64(2), T.int64(6), T.int64(5)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    compile_engine_const = T.alloc_buffer(())
    compile_engine_const_1 = T.alloc_buffer(())
    with T.block("compile_engine_const"):
        vi = T.axis.spatial(T.int64(1), T.int64(0))
        T.reads()
        T.writes(compile_engine_const[()])
        compile_engine_const[()] = T.float32(1)
    with T.block("compile_engine_const_1"):
        vi = T.axis.spatial(T.int64(1), T.int64(0))
        T.reads()
        T.writes(compile_engine_const_1[()])
        compile_engine_const_1[()] = T.float32(0)
    for ax0, ax1, ax2 in T.grid(T.int64(2), T.int64(6), T.int64(5)):
        with T.block("T_one_hot"):
            v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(p0[v_ax0, v_ax2], compile_engine_const[()], compile_engine_const_1[()])
            T.writes(T_one_hot[v_ax0, v_ax1, v_ax2])
            T_one_hot[v_ax0, v_ax1, v_ax2] = T.Select(T.Cast("int64", p0[v_ax0, v_ax2]) == v_ax1, compile_engine_const[()], compile_engine_const_1[()])
)");
}

// gather_nd: indices[0, ...], indices[1, ...] index data's first two dims, the rest are slices
TEST(OpFidelityTransform, GatherNDSlices) {
  EXPECT_EQ(LowerOnly(R"(def @main(%x: Tensor[(3, 4, 2), float32], %g: Tensor[(2, 3, 1), int64]) {
  gather_nd(%x, %g)
})"),
            R"(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(3), T.int64(4), T.int64(2)), "float32"), p1: T.Buffer((T.int64(2), T.int64(3), T.int64(1)), "int64"), T_gather_nd: T.Buffer((T.int64(3), T.int64(1), T.int64(2)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for ax0, ax1, ax2 in T.grid(T.int64(3), T.int64(1), T.int64(2)):
        with T.block("T_gather_nd"):
            v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(p0[p1[T.int64(0), v_ax0, v_ax1], p1[T.int64(1), v_ax0, v_ax1], v_ax2], p1[T.int64(0):T.int64(2), v_ax0, v_ax1])
            T.writes(T_gather_nd[v_ax0, v_ax1, v_ax2])
            T_gather_nd[v_ax0, v_ax1, v_ax2] = p0[p1[T.int64(0), v_ax0, v_ax1], p1[T.int64(1), v_ax0, v_ax1], v_ax2]
)");
}

// sequence_mask: if_then_else(cast(t) >= len[b], mask, x); >= becomes <=, mask_value kept in double
TEST(OpFidelityTransform, SequenceMaskAxis0) {
  EXPECT_EQ(LowerOnly(R"(def @main(%x: Tensor[(3, 4, 2), float32], %l: Tensor[(4), int32]) {
  sequence_mask(%x, %l, mask_value=0.1f)
})"),
            R"(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(3), T.int64(4), T.int64(2)), "float32"), p1: T.Buffer((T.int64(4),), "int32"), T_sequence_mask: T.Buffer((T.int64(3), T.int64(4), T.int64(2)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for ax0, ax1, ax2 in T.grid(T.int64(3), T.int64(4), T.int64(2)):
        with T.block("T_sequence_mask"):
            v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(p1[v_ax1], p0[v_ax0, v_ax1, v_ax2])
            T.writes(T_sequence_mask[v_ax0, v_ax1, v_ax2])
            T_sequence_mask[v_ax0, v_ax1, v_ax2] = T.if_then_else(T.Cast("int64", p1[v_ax1]) <= v_ax0, T.float32(0.10000000000000001), p0[v_ax0, v_ax1, v_ax2])
)");
}

// reverse_sequence with lengths: the nested if_then_else index of TVM's topi::reverse_sequence
TEST(OpFidelityTransform, ReverseSequenceWithLengths) {
  EXPECT_EQ(LowerOnly(R"(def @main(%x: Tensor[(3, 4, 2), float32], %l: Tensor[(4), int32]) {
  reverse_sequence(%x, %l, seq_axis=0, batch_axis=1)
})"),
            R"(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(3), T.int64(4), T.int64(2)), "float32"), p1: T.Buffer((T.int64(4),), "int32"), T_reverse_sequence: T.Buffer((T.int64(3), T.int64(4), T.int64(2)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for ax0, ax1, ax2 in T.grid(T.int64(3), T.int64(4), T.int64(2)):
        with T.block("T_reverse_sequence"):
            v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(p0[T.if_then_else(T.Cast("int64", p1[v_ax1]) <= T.int64(1) or T.Cast("int64", p1[v_ax1]) <= v_ax0, v_ax0, T.if_then_else(T.int64(3) < T.Cast("int64", p1[v_ax1]), T.int64(2) - v_ax0, T.Cast("int64", p1[v_ax1]) - v_ax0 - T.int64(1))), v_ax1, v_ax2], p1[v_ax1])
            T.writes(T_reverse_sequence[v_ax0, v_ax1, v_ax2])
            T_reverse_sequence[v_ax0, v_ax1, v_ax2] = p0[T.if_then_else(T.Cast("int64", p1[v_ax1]) <= T.int64(1) or T.Cast("int64", p1[v_ax1]) <= v_ax0, v_ax0, T.if_then_else(T.int64(3) < T.Cast("int64", p1[v_ax1]), T.int64(2) - v_ax0, T.Cast("int64", p1[v_ax1]) - v_ax0 - T.int64(1))), v_ax1, v_ax2]
)");
}

// squeeze without axis drops every unit dim, reading them at 0
TEST(OpFidelityTransform, SqueezeWithoutAxis) {
  EXPECT_EQ(LowerOnly(R"(def @main(%x: Tensor[(1, 4, 1, 6), float32]) {
  squeeze(%x)
})"),
            R"(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(1), T.int64(4), T.int64(1), T.int64(6)), "float32"), T_squeeze: T.Buffer((T.int64(4), T.int64(6)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for ax0, ax1 in T.grid(T.int64(4), T.int64(6)):
        with T.block("T_squeeze"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(p0[T.int64(0), v_ax0, T.int64(0), v_ax1])
            T.writes(T_squeeze[v_ax0, v_ax1])
            T_squeeze[v_ax0, v_ax1] = p0[T.int64(0), v_ax0, T.int64(0), v_ax1]
)");
}

// split by indices: T_split, the part's begin added to the axis index
TEST(OpFidelityTransform, SplitIndicesMiddlePart) {
  EXPECT_EQ(LowerOnly(R"(def @main(%x: Tensor[(4, 6), float32]) {
  %0 = split(%x, indices_or_sections=[1, 3], axis=1);
  %0.1
})"),
            R"(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(4), T.int64(6)), "float32"), T_split: T.Buffer((T.int64(4), T.int64(2)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for ax0, ax1 in T.grid(T.int64(4), T.int64(2)):
        with T.block("T_split"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(p0[v_ax0, v_ax1 + T.int64(1)])
            T.writes(T_split[v_ax0, v_ax1])
            T_split[v_ax0, v_ax1] = p0[v_ax0, v_ax1 + T.int64(1)]
)");
}

// stack on axis -1: nested if_then_else on the new axis (index == i + 1)
TEST(OpFidelityTransform, StackLastAxis) {
  EXPECT_EQ(LowerOnly(R"(def @main(%x: Tensor[(4, 6), float32], %y: Tensor[(4, 6), float32], %z: Tensor[(4, 6), float32]) {
  stack((%x, %y, %z), axis=-1)
})"),
            R"(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(4), T.int64(6)), "float32"), p1: T.Buffer((T.int64(4), T.int64(6)), "float32"), p2: T.Buffer((T.int64(4), T.int64(6)), "float32"), T_stack: T.Buffer((T.int64(4), T.int64(6), T.int64(3)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for ax0, ax1, ax2 in T.grid(T.int64(4), T.int64(6), T.int64(3)):
        with T.block("T_stack"):
            v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(p2[v_ax0, v_ax1], p1[v_ax0, v_ax1], p0[v_ax0, v_ax1])
            T.writes(T_stack[v_ax0, v_ax1, v_ax2])
            T_stack[v_ax0, v_ax1, v_ax2] = T.if_then_else(v_ax2 == T.int64(2), p2[v_ax0, v_ax1], T.if_then_else(v_ax2 == T.int64(1), p1[v_ax0, v_ax1], p0[v_ax0, v_ax1]))
)");
}

// repeat on axis -1: index // repeats
TEST(OpFidelityTransform, RepeatNegativeAxis) {
  EXPECT_EQ(LowerOnly(R"(def @main(%x: Tensor[(2, 3), float32]) {
  repeat(%x, repeats=3, axis=-1)
})"),
            R"(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(3)), "float32"), T_repeat: T.Buffer((T.int64(2), T.int64(9)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for ax0, ax1 in T.grid(T.int64(2), T.int64(9)):
        with T.block("T_repeat"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(p0[v_ax0, v_ax1 // T.int64(3)])
            T.writes(T_repeat[v_ax0, v_ax1])
            T_repeat[v_ax0, v_ax1] = p0[v_ax0, v_ax1 // T.int64(3)]
)");
}

// tile with more reps than dims: leading output dims are not read
TEST(OpFidelityTransform, TileMoreRepsThanDims) {
  EXPECT_EQ(LowerOnly(R"(def @main(%x: Tensor[(2, 3), float32]) {
  tile(%x, reps=[2, 1, 2])
})"),
            R"(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(3)), "float32"), T_tile: T.Buffer((T.int64(2), T.int64(2), T.int64(6)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for ax0, ax1, ax2 in T.grid(T.int64(2), T.int64(2), T.int64(6)):
        with T.block("T_tile"):
            v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(p0[v_ax1 % T.int64(2), v_ax2 % T.int64(3)])
            T.writes(T_tile[v_ax0, v_ax1, v_ax2])
            T_tile[v_ax0, v_ax1, v_ax2] = p0[v_ax1 % T.int64(2), v_ax2 % T.int64(3)]
)");
}

// reverse is reverse_sequence without lengths: extent - 1 - index
TEST(OpFidelityTransform, ReverseLastAxis) {
  EXPECT_EQ(LowerOnly(R"(def @main(%x: Tensor[(2, 3), float32]) {
  reverse(%x, axis=-1)
})"),
            R"(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(3)), "float32"), T_reverse_sequence: T.Buffer((T.int64(2), T.int64(3)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_reverse_sequence"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(p0[v_ax0, T.int64(2) - v_ax1])
            T.writes(T_reverse_sequence[v_ax0, v_ax1])
            T_reverse_sequence[v_ax0, v_ax1] = p0[v_ax0, T.int64(2) - v_ax1]
)");
}

// reshape with -4: ravel by the target shape, unravel by the source (floordiv/floormod)
TEST(OpFidelityTransform, ReshapeSplitDim) {
  EXPECT_EQ(LowerOnly(R"(def @main(%x: Tensor[(4, 6), float32]) {
  reshape(%x, newshape=[-4, 2, -1, 0])
})"),
            R"(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(4), T.int64(6)), "float32"), T_reshape: T.Buffer((T.int64(2), T.int64(2), T.int64(6)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for ax0, ax1, ax2 in T.grid(T.int64(2), T.int64(2), T.int64(6)):
        with T.block("T_reshape"):
            v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(p0[(v_ax0 * T.int64(2) + v_ax2 // T.int64(6) + v_ax1) % T.int64(4), v_ax2 % T.int64(6)])
            T.writes(T_reshape[v_ax0, v_ax1, v_ax2])
            T_reshape[v_ax0, v_ax1, v_ax2] = p0[(v_ax0 * T.int64(2) + v_ax2 // T.int64(6) + v_ax1) % T.int64(4), v_ax2 % T.int64(6)]
)");
}

// sign (nested Select, > simplified to <), isnan, isinf (abs == inf and not isnan)
TEST(OpFidelityTransform, SignIsNanIsInf) {
  EXPECT_EQ(LowerOnly(R"(def @main(%x: Tensor[(2, 3), float32]) {
  %0 = sign(%x);
  %1 = isnan(%0);
  %2 = isinf(%x);
  logical_or(%1, %2)
})"),
            R"(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(3)), "float32"), T_logical_or: T.Buffer((T.int64(2), T.int64(3)), "bool")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    T_sign = T.alloc_buffer((T.int64(2), T.int64(3)))
    T_isnan = T.alloc_buffer((T.int64(2), T.int64(3)), "bool")
    T_isinf = T.alloc_buffer((T.int64(2), T.int64(3)), "bool")
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_sign"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(p0[v_ax0, v_ax1])
            T.writes(T_sign[v_ax0, v_ax1])
            T_sign[v_ax0, v_ax1] = T.Select(T.float32(0) < p0[v_ax0, v_ax1], T.float32(1), T.Select(p0[v_ax0, v_ax1] < T.float32(0), T.float32(-1), T.float32(0)))
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_isnan"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_sign[v_ax0, v_ax1])
            T.writes(T_isnan[v_ax0, v_ax1])
            T_isnan[v_ax0, v_ax1] = T.isnan(T_sign[v_ax0, v_ax1])
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_isinf"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(p0[v_ax0, v_ax1])
            T.writes(T_isinf[v_ax0, v_ax1])
            T_isinf[v_ax0, v_ax1] = T.fabs(p0[v_ax0, v_ax1]) == T.float32("inf") and not T.isnan(p0[v_ax0, v_ax1])
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_logical_or"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_isnan[v_ax0, v_ax1], T_isinf[v_ax0, v_ax1])
            T.writes(T_logical_or[v_ax0, v_ax1])
            T_logical_or[v_ax0, v_ax1] = T_isnan[v_ax0, v_ax1] or T_isinf[v_ax0, v_ax1]
)");
}

// trunc_divide / trunc_mod / mod of ints: T.Div and T.truncmod
TEST(OpFidelityTransform, TruncDivideAndMod) {
  EXPECT_EQ(LowerOnly(R"(def @main(%a: Tensor[(2, 3), int32], %b: Tensor[(2, 3), int32]) {
  %0 = trunc_divide(%a, %b);
  %1 = trunc_mod(%0, %b);
  mod(%1, %b)
})"),
            R"(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(3)), "int32"), p1: T.Buffer((T.int64(2), T.int64(3)), "int32"), T_mod: T.Buffer((T.int64(2), T.int64(3)), "int32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    T_trunc_divide = T.alloc_buffer((T.int64(2), T.int64(3)), "int32")
    T_trunc_mod = T.alloc_buffer((T.int64(2), T.int64(3)), "int32")
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_trunc_divide"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(p0[v_ax0, v_ax1], p1[v_ax0, v_ax1])
            T.writes(T_trunc_divide[v_ax0, v_ax1])
            T_trunc_divide[v_ax0, v_ax1] = T.Div(p0[v_ax0, v_ax1], p1[v_ax0, v_ax1])
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_trunc_mod"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_trunc_divide[v_ax0, v_ax1], p1[v_ax0, v_ax1])
            T.writes(T_trunc_mod[v_ax0, v_ax1])
            T_trunc_mod[v_ax0, v_ax1] = T.truncmod(T_trunc_divide[v_ax0, v_ax1], p1[v_ax0, v_ax1])
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_mod"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_trunc_mod[v_ax0, v_ax1], p1[v_ax0, v_ax1])
            T.writes(T_mod[v_ax0, v_ax1])
            T_mod[v_ax0, v_ax1] = T.truncmod(T_trunc_mod[v_ax0, v_ax1], p1[v_ax0, v_ax1])
)");
}

// full of a tensor-valued fill (read at ()) plus ones: T_full and T_full twice
TEST(OpFidelityTransform, FullFromScalarAndOnes) {
  EXPECT_EQ(LowerOnly(R"(def @main(%v: float32, %x: Tensor[(2, 3), float32]) {
  %0 = full(%v, shape=[2, 3], dtype="float32");
  %1 = ones(shape=[2, 3], dtype="float32");
  %2 = add(%0, %1);
  multiply(%2, %x)
})"),
            R"(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((), "float32"), p1: T.Buffer((T.int64(2), T.int64(3)), "float32"), T_multiply: T.Buffer((T.int64(2), T.int64(3)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    T_full = T.alloc_buffer((T.int64(2), T.int64(3)))
    compile_engine_const = T.alloc_buffer(())
    T_add = T.alloc_buffer((T.int64(2), T.int64(3)))
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_full"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(p0[()])
            T.writes(T_full[v_ax0, v_ax1])
            T_full[v_ax0, v_ax1] = p0[()]
    with T.block("compile_engine_const"):
        vi = T.axis.spatial(T.int64(1), T.int64(0))
        T.reads()
        T.writes(compile_engine_const[()])
        compile_engine_const[()] = T.float32(1)
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_add"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_full[v_ax0, v_ax1], compile_engine_const[()])
            T.writes(T_add[v_ax0, v_ax1])
            T_add[v_ax0, v_ax1] = T_full[v_ax0, v_ax1] + compile_engine_const[()]
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_multiply"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_add[v_ax0, v_ax1], p1[v_ax0, v_ax1])
            T.writes(T_multiply[v_ax0, v_ax1])
            T_multiply[v_ax0, v_ax1] = T_add[v_ax0, v_ax1] * p1[v_ax0, v_ax1]
)");
}

// layout_transform NCHW -> NCHW4c of 6 channels: src index C * 4 + c, guarded by an in-range and-chain, 0 outside; the block carries TVM's compute attrs
TEST(OpFidelityTransform, LayoutTransformSplitPadded) {
  EXPECT_EQ(LowerOnly(R"(def @main(%x: Tensor[(1, 6, 2, 2), float32]) {
  layout_transform(%x, src_layout="NCHW", dst_layout="NCHW4c")
})"),
            R"(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(1), T.int64(6), T.int64(2), T.int64(2)), "float32"), T_layout_trans: T.Buffer((T.int64(1), T.int64(2), T.int64(2), T.int64(2), T.int64(4)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for ax0, ax1, ax2, ax3, ax4 in T.grid(T.int64(1), T.int64(2), T.int64(2), T.int64(2), T.int64(4)):
        with T.block("T_layout_trans"):
            v_ax0, v_ax1, v_ax2, v_ax3, v_ax4 = T.axis.remap("SSSSS", [ax0, ax1, ax2, ax3, ax4])
            T.reads(p0[v_ax0, v_ax1 * T.int64(4) + v_ax4, v_ax2, v_ax3])
            T.writes(T_layout_trans[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4])
            T.block_attr({"dst_layout": "NCHW4c", "input_shape": [1, 6, 2, 2], "schedule_rule": "None", "src_layout": "NCHW"})
            T_layout_trans[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4] = T.if_then_else(v_ax0 < T.int64(1) and v_ax1 * T.int64(4) + v_ax4 < T.int64(6) and v_ax2 < T.int64(2) and v_ax3 < T.int64(2), p0[v_ax0, v_ax1 * T.int64(4) + v_ax4, v_ax2, v_ax3], T.float32(0))
)");
}

// layout_transform NCHW4c -> NHWC: C // 4 < 2 becomes C < 8 and C % 4 < 4 is proved true by bounds (TVM's LT rules), so both leave the guard
TEST(OpFidelityTransform, LayoutTransformMergeToNHWC) {
  EXPECT_EQ(LowerOnly(R"(def @main(%x: Tensor[(1, 2, 3, 3, 4), float32]) {
  layout_transform(%x, src_layout="NCHW4c", dst_layout="NHWC")
})"),
            R"(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(1), T.int64(2), T.int64(3), T.int64(3), T.int64(4)), "float32"), T_layout_trans: T.Buffer((T.int64(1), T.int64(3), T.int64(3), T.int64(8)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for ax0, ax1, ax2, ax3 in T.grid(T.int64(1), T.int64(3), T.int64(3), T.int64(8)):
        with T.block("T_layout_trans"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(p0[v_ax0, v_ax3 // T.int64(4), v_ax1, v_ax2, v_ax3 % T.int64(4)])
            T.writes(T_layout_trans[v_ax0, v_ax1, v_ax2, v_ax3])
            T.block_attr({"dst_layout": "NHWC", "input_shape": [1, 2, 3, 3, 4], "schedule_rule": "None", "src_layout": "NCHW4c"})
            T_layout_trans[v_ax0, v_ax1, v_ax2, v_ax3] = T.if_then_else(v_ax0 < T.int64(1) and v_ax3 < T.int64(8) and v_ax1 < T.int64(3) and v_ax2 < T.int64(3), p0[v_ax0, v_ax3 // T.int64(4), v_ax1, v_ax2, v_ax3 % T.int64(4)], T.float32(0))
)");
}

// where(c, y, y): select(x, y, y) -> y (TVM's Select rule), so only y is read
TEST(OpFidelityTransform, WhereSameBranches) {
  EXPECT_EQ(LowerOnly(R"(def @main(%c: Tensor[(4), int32], %y: Tensor[(4), float32]) {
  where(%c, %y, %y)
})"),
            R"(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(4),), "int32"), p1: T.Buffer((T.int64(4),), "float32"), T_where: T.Buffer((T.int64(4),), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for ax0 in range(T.int64(4)):
        with T.block("T_where"):
            v_ax0 = T.axis.spatial(T.int64(4), ax0)
            T.reads(p1[v_ax0])
            T.writes(T_where[v_ax0])
            T_where[v_ax0] = p1[v_ax0]
)");
}

// where with an int32 condition: cond != 0
TEST(OpFidelityTransform, WhereIntCondition) {
  EXPECT_EQ(LowerOnly(R"(def @main(%c: Tensor[(4), int32], %x: Tensor[(4), float32], %y: Tensor[(4), float32]) {
  where(%c, %x, %y)
})"),
            R"(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(4),), "int32"), p1: T.Buffer((T.int64(4),), "float32"), p2: T.Buffer((T.int64(4),), "float32"), T_where: T.Buffer((T.int64(4),), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for ax0 in range(T.int64(4)):
        with T.block("T_where"):
            v_ax0 = T.axis.spatial(T.int64(4), ax0)
            T.reads(p0[v_ax0], p1[v_ax0], p2[v_ax0])
            T.writes(T_where[v_ax0])
            T_where[v_ax0] = T.Select(p0[v_ax0] != 0, p1[v_ax0], p2[v_ax0])
)");
}

// abs of int32: Select(0 <= x, x, 0 - x); negative: 0 - x
TEST(OpFidelityTransform, AbsAndNegativeInt) {
  EXPECT_EQ(LowerOnly(R"(def @main(%x: Tensor[(4), int32]) {
  %0 = abs(%x);
  negative(%0)
})"),
            R"(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(4),), "int32"), T_negative: T.Buffer((T.int64(4),), "int32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    T_abs = T.alloc_buffer((T.int64(4),), "int32")
    for ax0 in range(T.int64(4)):
        with T.block("T_abs"):
            v_ax0 = T.axis.spatial(T.int64(4), ax0)
            T.reads(p0[v_ax0])
            T.writes(T_abs[v_ax0])
            T_abs[v_ax0] = T.Select(0 <= p0[v_ax0], p0[v_ax0], 0 - p0[v_ax0])
    for ax0 in range(T.int64(4)):
        with T.block("T_negative"):
            v_ax0 = T.axis.spatial(T.int64(4), ax0)
            T.reads(T_abs[v_ax0])
            T.writes(T_negative[v_ax0])
            T_negative[v_ax0] = 0 - T_abs[v_ax0]
)");
}

// argmax select_last_index: ties keep the larger index (lhs_idx > rhs_idx), the combiner is not simplified
TEST(OpFidelityTransform, ArgmaxSelectLastIndex) {
  EXPECT_EQ(LowerOnly(R"(def @main(%x: Tensor[(4, 10), float32]) {
  argmax(%x, axis=[1], select_last_index=True)
})"),
            R"(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(4), T.int64(10)), "float32"), p0_red: T.Buffer((T.int64(4),), "int32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    p0_red_temp_v0 = T.alloc_buffer((T.int64(4),), "int32")
    p0_red_temp_v1 = T.alloc_buffer((T.int64(4),))
    for ax0, k1 in T.grid(T.int64(4), T.int64(10)):
        with T.block("p0_red_temp"):
            v_ax0, v_k1 = T.axis.remap("SR", [ax0, k1])
            T.reads(p0[v_ax0, v_k1])
            T.writes(p0_red_temp_v0[v_ax0], p0_red_temp_v1[v_ax0])
            with T.init():
                p0_red_temp_v0[v_ax0] = -1
                p0_red_temp_v1[v_ax0] = T.float32(-3.4028234663852886e+38)
            v_p0_red_temp_v0: T.int64 = T.Select(p0_red_temp_v1[v_ax0] > p0[v_ax0, v_k1] or p0_red_temp_v1[v_ax0] == p0[v_ax0, v_k1] and T.Cast("int64", p0_red_temp_v0[v_ax0]) > v_k1, T.Cast("int64", p0_red_temp_v0[v_ax0]), v_k1)
            v_p0_red_temp_v1: T.float32 = T.Select(p0_red_temp_v1[v_ax0] > p0[v_ax0, v_k1], p0_red_temp_v1[v_ax0], p0[v_ax0, v_k1])
            p0_red_temp_v0[v_ax0] = T.Cast("int32", v_p0_red_temp_v0)
            p0_red_temp_v1[v_ax0] = v_p0_red_temp_v1
    for ax0 in range(T.int64(4)):
        with T.block("p0_red"):
            v_ax0 = T.axis.spatial(T.int64(4), ax0)
            T.reads(p0_red_temp_v0[v_ax0])
            T.writes(p0_red[v_ax0])
            p0_red[v_ax0] = p0_red_temp_v0[v_ax0]
)");
}

// reshape_like of static shapes is concretized to reshape by SimplifyExpr (TVM's ConcretizeReshapeLikeRewrite): T_reshape
TEST(OpFidelityTransform, ReshapeLikeConcretized) {
  EXPECT_EQ(LowerOnly(R"(def @main(%x: Tensor[(2, 6), float32], %y: Tensor[(3, 4), float32]) {
  reshape_like(%x, %y)
})"),
            R"(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(6)), "float32"), T_reshape: T.Buffer((T.int64(3), T.int64(4)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for ax0, ax1 in T.grid(T.int64(3), T.int64(4)):
        with T.block("T_reshape"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(p0[(v_ax0 * T.int64(4) + v_ax1) % T.int64(12) // T.int64(6), (v_ax0 * T.int64(4) + v_ax1) % T.int64(6)])
            T.writes(T_reshape[v_ax0, v_ax1])
            T_reshape[v_ax0, v_ax1] = p0[(v_ax0 * T.int64(4) + v_ax1) % T.int64(12) // T.int64(6), (v_ax0 * T.int64(4) + v_ax1) % T.int64(6)]
)");
}

// broadcast_to_like becomes broadcast_to of the like shape: T_broadcast_to
TEST(OpFidelityTransform, BroadcastToLikeConcretized) {
  EXPECT_EQ(LowerOnly(R"(def @main(%x: Tensor[(1, 6), float32], %y: Tensor[(2, 6), float32]) {
  broadcast_to_like(%x, %y)
})"),
            R"(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(1), T.int64(6)), "float32"), T_broadcast_to: T.Buffer((T.int64(2), T.int64(6)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for ax0, ax1 in T.grid(T.int64(2), T.int64(6)):
        with T.block("T_broadcast_to"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(p0[T.int64(0), v_ax1])
            T.writes(T_broadcast_to[v_ax0, v_ax1])
            T_broadcast_to[v_ax0, v_ax1] = p0[T.int64(0), v_ax1]
)");
}

// fast_tanh: the clamp is two stages (topi::minimum / maximum of a scalar and the tensor), then TVM's rational polynomial with double coefficients
TEST(OpFidelityTransform, FastTanhFloat32) {
  EXPECT_EQ(LowerOnly(R"(def @main(%x: Tensor[(2, 3), float32]) {
  fast_tanh(%x)
})"),
            R"(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(3)), "float32"), T_fast_tanh: T.Buffer((T.int64(2), T.int64(3)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    T_minimum = T.alloc_buffer((T.int64(2), T.int64(3)))
    T_maximum = T.alloc_buffer((T.int64(2), T.int64(3)))
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_minimum"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(p0[v_ax0, v_ax1])
            T.writes(T_minimum[v_ax0, v_ax1])
            T_minimum[v_ax0, v_ax1] = T.min(T.float32(9), p0[v_ax0, v_ax1])
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_maximum"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_minimum[v_ax0, v_ax1])
            T.writes(T_maximum[v_ax0, v_ax1])
            T_maximum[v_ax0, v_ax1] = T.max(T.float32(-9), T_minimum[v_ax0, v_ax1])
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_fast_tanh"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_maximum[v_ax0, v_ax1])
            T.writes(T_fast_tanh[v_ax0, v_ax1])
            T_fast_tanh[v_ax0, v_ax1] = T_maximum[v_ax0, v_ax1] * (T_maximum[v_ax0, v_ax1] * T_maximum[v_ax0, v_ax1] * (T_maximum[v_ax0, v_ax1] * T_maximum[v_ax0, v_ax1] * (T_maximum[v_ax0, v_ax1] * T_maximum[v_ax0, v_ax1] * (T_maximum[v_ax0, v_ax1] * T_maximum[v_ax0, v_ax1] * (T_maximum[v_ax0, v_ax1] * T_maximum[v_ax0, v_ax1] * (T_maximum[v_ax0, v_ax1] * T_maximum[v_ax0, v_ax1] * T.float32(-2.76076847742355e-16) + T.float32(2.0001879048247699e-13)) + T.float32(-8.60467152213735e-11)) + T.float32(5.1222970903711401e-08)) + T.float32(1.4857223571797901e-05)) + T.float32(0.00063726192887543596)) + T.float32(0.0048935245589178597)) / (T_maximum[v_ax0, v_ax1] * T_maximum[v_ax0, v_ax1] * (T_maximum[v_ax0, v_ax1] * T_maximum[v_ax0, v_ax1] * (T_maximum[v_ax0, v_ax1] * T_maximum[v_ax0, v_ax1] * T.float32(1.1982583946670199e-06) + T.float32(0.000118534705686654)) + T.float32(0.0022684346324390002)) + T.float32(0.0048935251855438504))
)");
}

// fast_exp: TVM's inline clamp, floor, polynomial with float-literal coefficients and 2^n via reinterpret(shift_left(cast(int32, n + 127), 23))
TEST(OpFidelityTransform, FastExpFloat32) {
  EXPECT_EQ(LowerOnly(R"(def @main(%x: Tensor[(2, 3), float32]) {
  fast_exp(%x)
})"),
            R"(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(3)), "float32"), T_fast_exp: T.Buffer((T.int64(2), T.int64(3)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_fast_exp"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(p0[v_ax0, v_ax1])
            T.writes(T_fast_exp[v_ax0, v_ax1])
            T_fast_exp[v_ax0, v_ax1] = T.max(T.reinterpret("float32", T.shift_left(T.Cast("int32", T.floor(T.max(T.min(p0[v_ax0, v_ax1], T.float32(88.376266479492188)), T.float32(-88.376258850097656)) * T.float32(1.4426950216293335) + T.float32(0.5)) + T.float32(127)), 23)) * ((((((T.float32(0.00019875691214110702) * (T.max(T.min(p0[v_ax0, v_ax1], T.float32(88.376266479492188)), T.float32(-88.376258850097656)) - T.floor(T.max(T.min(p0[v_ax0, v_ax1], T.float32(88.376266479492188)), T.float32(-88.376258850097656)) * T.float32(1.4426950216293335) + T.float32(0.5)) * T.float32(0.69314718246459961)) + T.float32(0.0013981999363750219)) * (T.max(T.min(p0[v_ax0, v_ax1], T.float32(88.376266479492188)), T.float32(-88.376258850097656)) - T.floor(T.max(T.min(p0[v_ax0, v_ax1], T.float32(88.376266479492188)), T.float32(-88.376258850097656)) * T.float32(1.4426950216293335) + T.float32(0.5)) * T.float32(0.69314718246459961)) + T.float32(0.008333452045917511)) * (T.max(T.min(p0[v_ax0, v_ax1], T.float32(88.376266479492188)), T.float32(-88.376258850097656)) - T.floor(T.max(T.min(p0[v_ax0, v_ax1], T.float32(88.376266479492188)), T.float32(-88.376258850097656)) * T.float32(1.4426950216293335) + T.float32(0.5)) * T.float32(0.69314718246459961)) + T.float32(0.041665796190500259)) * (T.max(T.min(p0[v_ax0, v_ax1], T.float32(88.376266479492188)), T.float32(-88.376258850097656)) - T.floor(T.max(T.min(p0[v_ax0, v_ax1], T.float32(88.376266479492188)), T.float32(-88.376258850097656)) * T.float32(1.4426950216293335) + T.float32(0.5)) * T.float32(0.69314718246459961)) + T.float32(0.1666666567325592)) * (T.max(T.min(p0[v_ax0, v_ax1], T.float32(88.376266479492188)), T.float32(-88.376258850097656)) - T.floor(T.max(T.min(p0[v_ax0, v_ax1], T.float32(88.376266479492188)), T.float32(-88.376258850097656)) * T.float32(1.4426950216293335) + T.float32(0.5)) * T.float32(0.69314718246459961)) + T.float32(0.5)) * (T.max(T.min(p0[v_ax0, v_ax1], T.float32(88.376266479492188)), T.float32(-88.376258850097656)) - T.floor(T.max(T.min(p0[v_ax0, v_ax1], T.float32(88.376266479492188)), T.float32(-88.376258850097656)) * T.float32(1.4426950216293335) + T.float32(0.5)) * T.float32(0.69314718246459961)) * (T.max(T.min(p0[v_ax0, v_ax1], T.float32(88.376266479492188)), T.float32(-88.376258850097656)) - T.floor(T.max(T.min(p0[v_ax0, v_ax1], T.float32(88.376266479492188)), T.float32(-88.376258850097656)) * T.float32(1.4426950216293335) + T.float32(0.5)) * T.float32(0.69314718246459961)) + (T.max(T.min(p0[v_ax0, v_ax1], T.float32(88.376266479492188)), T.float32(-88.376258850097656)) - T.floor(T.max(T.min(p0[v_ax0, v_ax1], T.float32(88.376266479492188)), T.float32(-88.376258850097656)) * T.float32(1.4426950216293335) + T.float32(0.5)) * T.float32(0.69314718246459961)) + T.float32(1)), p0[v_ax0, v_ax1])
)");
}

// take with batch_dims=1, axis=1 (clip): indices read at (batch, position), min(max(0, i), n - 1)
TEST(OpFidelityTransform, TakeBatchDimsClip) {
  EXPECT_EQ(LowerOnly(R"(def @main(%x: Tensor[(2, 5, 3), float32], %i: Tensor[(2, 4), int32]) {
  take(%x, %i, axis=1, batch_dims=1)
})"),
            R"(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(5), T.int64(3)), "float32"), p1: T.Buffer((T.int64(2), T.int64(4)), "int32"), T_take: T.Buffer((T.int64(2), T.int64(4), T.int64(3)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for ax0, ax1, ax2 in T.grid(T.int64(2), T.int64(4), T.int64(3)):
        with T.block("T_take"):
            v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(p0[v_ax0, T.min(T.max(T.int64(0), T.Cast("int64", p1[v_ax0, v_ax1])), T.int64(4)), v_ax2], p1[v_ax0, v_ax1])
            T.writes(T_take[v_ax0, v_ax1, v_ax2])
            T_take[v_ax0, v_ax1, v_ax2] = p0[v_ax0, T.min(T.max(T.int64(0), T.Cast("int64", p1[v_ax0, v_ax1])), T.int64(4)), v_ax2]
)");
}

// slice_mode=size: end is begin + size, a negative size takes the rest, strides are ignored
TEST(OpFidelityTransform, StridedSliceSizeMode) {
  EXPECT_EQ(LowerOnly(R"(def @main(%x: Tensor[(4, 6), float32]) {
  strided_slice(%x, begin=[1, 2], end=[2, -1], strides=[1, 1], slice_mode="size")
})"),
            R"(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(4), T.int64(6)), "float32"), T_strided_slice: T.Buffer((T.int64(2), T.int64(4)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for ax0, ax1 in T.grid(T.int64(2), T.int64(4)):
        with T.block("T_strided_slice"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(p0[v_ax0 + T.int64(1), v_ax1 + T.int64(2)])
            T.writes(T_strided_slice[v_ax0, v_ax1])
            T_strided_slice[v_ax0, v_ax1] = p0[v_ax0 + T.int64(1), v_ax1 + T.int64(2)]
)");
}

// split into 3 sections on axis -1: T_split_sections, the last part offset by 2 * 2
TEST(OpFidelityTransform, SplitSectionsLastPart) {
  EXPECT_EQ(LowerOnly(R"(def @main(%x: Tensor[(2, 6), float32]) {
  %0 = split(%x, indices_or_sections=3, axis=-1);
  %0.2
})"),
            R"(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(6)), "float32"), T_split_sections: T.Buffer((T.int64(2), T.int64(2)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for ax0, ax1 in T.grid(T.int64(2), T.int64(2)):
        with T.block("T_split_sections"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(p0[v_ax0, v_ax1 + T.int64(4)])
            T.writes(T_split_sections[v_ax0, v_ax1])
            T_split_sections[v_ax0, v_ax1] = p0[v_ax0, v_ax1 + T.int64(4)]
)");
}

}  // namespace
}  // namespace tirgen
