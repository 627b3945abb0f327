// What `tirgen lower` prints for the NN operators no golden case covers, checked against TVM
// v0.14's lower_to_primfunc. Each expected text was derived from TVM's sources (generic
// strategy with MetaSchedule: python/tvm/topi/nn/*.py, include/tvm/topi/nn*.h,
// src/te/operation/create_primfunc.cc) and cross-checked with tirgen's output; the comment
// above each case says what TVM's compute decides there. A one-op main is optimized (TVM's
// pass prefix + FuseOps), its primitive function lowered and printed, then parsed back.
#include <gtest/gtest.h>

#include "tirgen/ir/structural_equal.h"
#include "tirgen/lower/lower.h"
#include "tirgen/relay/expr_functor.h"
#include "tirgen/relay/text.h"
#include "tirgen/relay/transforms.h"
#include "tirgen/script/parser.h"
#include "tirgen/script/printer.h"

namespace tirgen {
namespace {

// Optimizes `def @main(<params>) { <body> }` and returns its one primitive function lowered
// and printed (checking that the text parses back to the same PrimFunc).
std::string LowerOne(const std::string& params, const std::string& body) {
  std::string text = "#[version = \"0.0.5\"]\ndef @main(" + params + ") {\n  " + body + "\n}\n";
  IRModule mod = relay::Optimize(relay::ParseModule(text, "op_fidelity_nn"), {}, relay::OptimizeConfig());
  std::vector<relay::Function> fns;
  relay::PostOrderVisit(mod.Lookup("main").cast<relay::Expr>(), [&](const relay::Expr& x) {
    if (const auto* f = x.as<relay::FunctionNode>())
      if (f->IsPrimitive()) fns.push_back(x.cast<relay::Function>());
  });
  if (fns.size() != 1) ADD_FAILURE() << body << ": " << fns.size() << " primitive functions, expected 1";
  if (fns.empty()) return "";
  tir::PrimFunc pf = lower::LowerToPrimFunc(fns[0]);
  std::string printed = script::Print(pf);
  ObjectRef parsed = script::Parse(printed, body);
  EXPECT_TRUE(StructuralEqual(pf, parsed)) << body << ": " << StructuralMismatch(pf, parsed).value_or("");
  return printed;
}

// data_dilate (if_then_else on the stride grid), data_pad, kernel_transform (IOHW -> OIHW, flipped), compute over dc/dh/dw.
TEST(OpFidelityNN, Conv2DTransposeStridedPadded) {
  EXPECT_EQ(LowerOne("%x: Tensor[(1, 4, 5, 5), float32], %w: Tensor[(4, 2, 3, 3), float32]",
                     "nn.conv2d_transpose(%x, %w, channels=2, kernel_size=[3, 3], strides=[2, 2], padding=[1, 1, 1, 1], output_padding=[1, 1])"),
            R"TVM(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(1), T.int64(4), T.int64(5), T.int64(5)), "float32"), p1: T.Buffer((T.int64(4), T.int64(2), T.int64(3), T.int64(3)), "float32"), compute: T.Buffer((T.int64(1), T.int64(2), T.int64(10), T.int64(10)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    data_dilate = T.alloc_buffer((T.int64(1), T.int64(4), T.int64(9), T.int64(9)))
    data_pad = T.alloc_buffer((T.int64(1), T.int64(4), T.int64(12), T.int64(12)))
    kernel_transform = T.alloc_buffer((T.int64(2), T.int64(4), T.int64(3), T.int64(3)))
    for i0, i1, i2, i3 in T.grid(T.int64(1), T.int64(4), T.int64(9), T.int64(9)):
        with T.block("data_dilate"):
            v_i0, v_i1, v_i2, v_i3 = T.axis.remap("SSSS", [i0, i1, i2, i3])
            T.reads(p0[v_i0, v_i1, v_i2 // T.int64(2), v_i3 // T.int64(2)])
            T.writes(data_dilate[v_i0, v_i1, v_i2, v_i3])
            data_dilate[v_i0, v_i1, v_i2, v_i3] = T.if_then_else(v_i2 % T.int64(2) == T.int64(0) and v_i3 % T.int64(2) == T.int64(0), p0[v_i0, v_i1, v_i2 // T.int64(2), v_i3 // T.int64(2)], T.float32(0))
    for i0, i1, i2, i3 in T.grid(T.int64(1), T.int64(4), T.int64(12), T.int64(12)):
        with T.block("data_pad"):
            v_i0, v_i1, v_i2, v_i3 = T.axis.remap("SSSS", [i0, i1, i2, i3])
            T.reads(data_dilate[v_i0, v_i1, v_i2 - T.int64(1), v_i3 - T.int64(1)])
            T.writes(data_pad[v_i0, v_i1, v_i2, v_i3])
            data_pad[v_i0, v_i1, v_i2, v_i3] = T.if_then_else(T.int64(1) <= v_i2 and v_i2 < T.int64(10) and T.int64(1) <= v_i3 and v_i3 < T.int64(10), data_dilate[v_i0, v_i1, v_i2 - T.int64(1), v_i3 - T.int64(1)], T.float32(0))
    for o, i, h, w in T.grid(T.int64(2), T.int64(4), T.int64(3), T.int64(3)):
        with T.block("kernel_transform"):
            v_o, v_i, v_h, v_w = T.axis.remap("SSSS", [o, i, h, w])
            T.reads(p1[v_i, v_o, T.int64(2) - v_h, T.int64(2) - v_w])
            T.writes(kernel_transform[v_o, v_i, v_h, v_w])
            kernel_transform[v_o, v_i, v_h, v_w] = p1[v_i, v_o, T.int64(2) - v_h, T.int64(2) - v_w]
    for b, c, h, w, dc, dh, dw in T.grid(T.int64(1), T.int64(2), T.int64(10), T.int64(10), T.int64(4), T.int64(3), T.int64(3)):
        with T.block("compute"):
            v_b, v_c, v_h, v_w, v_dc, v_dh, v_dw = T.axis.remap("SSSSRRR", [b, c, h, w, dc, dh, dw])
            T.reads(data_pad[v_b, v_dc, v_h + v_dh, v_w + v_dw], kernel_transform[v_c, v_dc, v_dh, v_dw])
            T.writes(compute[v_b, v_c, v_h, v_w])
            with T.init():
                compute[v_b, v_c, v_h, v_w] = T.float32(0)
            compute[v_b, v_c, v_h, v_w] = compute[v_b, v_c, v_h, v_w] + data_pad[v_b, v_dc, v_h + v_dh, v_w + v_dw] * kernel_transform[v_c, v_dc, v_dh, v_dw]
)TVM");
}

// python dilate/pad always build their stage, as plain copies when nothing is dilated or padded.
TEST(OpFidelityNN, Conv2DTransposeUnitStrideNoPad) {
  EXPECT_EQ(LowerOne("%x: Tensor[(1, 3, 4, 4), float32], %w: Tensor[(3, 2, 1, 1), float32]",
                     "nn.conv2d_transpose(%x, %w, channels=2, kernel_size=[1, 1])"),
            R"TVM(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(1), T.int64(3), T.int64(4), T.int64(4)), "float32"), p1: T.Buffer((T.int64(3), T.int64(2), T.int64(1), T.int64(1)), "float32"), compute: T.Buffer((T.int64(1), T.int64(2), T.int64(4), T.int64(4)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    data_dilate = T.alloc_buffer((T.int64(1), T.int64(3), T.int64(4), T.int64(4)))
    data_pad = T.alloc_buffer((T.int64(1), T.int64(3), T.int64(4), T.int64(4)))
    kernel_transform = T.alloc_buffer((T.int64(2), T.int64(3), T.int64(1), T.int64(1)))
    for i0, i1, i2, i3 in T.grid(T.int64(1), T.int64(3), T.int64(4), T.int64(4)):
        with T.block("data_dilate"):
            v_i0, v_i1, v_i2, v_i3 = T.axis.remap("SSSS", [i0, i1, i2, i3])
            T.reads(p0[v_i0, v_i1, v_i2, v_i3])
            T.writes(data_dilate[v_i0, v_i1, v_i2, v_i3])
            data_dilate[v_i0, v_i1, v_i2, v_i3] = p0[v_i0, v_i1, v_i2, v_i3]
    for i0, i1, i2, i3 in T.grid(T.int64(1), T.int64(3), T.int64(4), T.int64(4)):
        with T.block("data_pad"):
            v_i0, v_i1, v_i2, v_i3 = T.axis.remap("SSSS", [i0, i1, i2, i3])
            T.reads(data_dilate[v_i0, v_i1, v_i2, v_i3])
            T.writes(data_pad[v_i0, v_i1, v_i2, v_i3])
            data_pad[v_i0, v_i1, v_i2, v_i3] = data_dilate[v_i0, v_i1, v_i2, v_i3]
    for o, i, h, w in T.grid(T.int64(2), T.int64(3), T.int64(1), T.int64(1)):
        with T.block("kernel_transform"):
            v_o, v_i, v_h, v_w = T.axis.remap("SSSS", [o, i, h, w])
            T.reads(p1[v_i, v_o, T.int64(0) - v_h, T.int64(0) - v_w])
            T.writes(kernel_transform[v_o, v_i, v_h, v_w])
            kernel_transform[v_o, v_i, v_h, v_w] = p1[v_i, v_o, T.int64(0) - v_h, T.int64(0) - v_w]
    for b, c, h, w, dc, dh, dw in T.grid(T.int64(1), T.int64(2), T.int64(4), T.int64(4), T.int64(3), T.int64(1), T.int64(1)):
        with T.block("compute"):
            v_b, v_c, v_h, v_w, v_dc, v_dh, v_dw = T.axis.remap("SSSSRRR", [b, c, h, w, dc, dh, dw])
            T.reads(data_pad[v_b, v_dc, v_h + v_dh, v_w + v_dw], kernel_transform[v_c, v_dc, v_dh, v_dw])
            T.writes(compute[v_b, v_c, v_h, v_w])
            with T.init():
                compute[v_b, v_c, v_h, v_w] = T.float32(0)
            compute[v_b, v_c, v_h, v_w] = compute[v_b, v_c, v_h, v_w] + data_pad[v_b, v_dc, v_h + v_dh, v_w + v_dw] * kernel_transform[v_c, v_dc, v_dh, v_dw]
)TVM");
}

// T_matmul_NN, b layout-free.
TEST(OpFidelityNN, MatmulNN) {
  EXPECT_EQ(LowerOne("%a: Tensor[(3, 4), float32], %b: Tensor[(4, 5), float32]",
                     "nn.matmul(%a, %b, units=5)"),
            R"TVM(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(3), T.int64(4)), "float32"), p1: T.Buffer((T.int64(4), T.int64(5)), "float32"), T_matmul_NN: T.Buffer((T.int64(3), T.int64(5)), "float32")):
    T.func_attr({"layout_free_buffers": [1], "tir.noalias": T.bool(True)})
    # with T.block("root"):
    for i, j, k in T.grid(T.int64(3), T.int64(5), T.int64(4)):
        with T.block("T_matmul_NN"):
            v_i, v_j, v_k = T.axis.remap("SSR", [i, j, k])
            T.reads(p0[v_i, v_k], p1[v_k, v_j])
            T.writes(T_matmul_NN[v_i, v_j])
            with T.init():
                T_matmul_NN[v_i, v_j] = T.float32(0)
            T_matmul_NN[v_i, v_j] = T_matmul_NN[v_i, v_j] + p0[v_i, v_k] * p1[v_k, v_j]
)TVM");
}

// T_matmul_TN.
TEST(OpFidelityNN, MatmulTN) {
  EXPECT_EQ(LowerOne("%a: Tensor[(4, 3), float32], %b: Tensor[(4, 5), float32]",
                     "nn.matmul(%a, %b, transpose_a=True)"),
            R"TVM(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(4), T.int64(3)), "float32"), p1: T.Buffer((T.int64(4), T.int64(5)), "float32"), T_matmul_TN: T.Buffer((T.int64(3), T.int64(5)), "float32")):
    T.func_attr({"layout_free_buffers": [1], "tir.noalias": T.bool(True)})
    # with T.block("root"):
    for i, j, k in T.grid(T.int64(3), T.int64(5), T.int64(4)):
        with T.block("T_matmul_TN"):
            v_i, v_j, v_k = T.axis.remap("SSR", [i, j, k])
            T.reads(p0[v_k, v_i], p1[v_k, v_j])
            T.writes(T_matmul_TN[v_i, v_j])
            with T.init():
                T_matmul_TN[v_i, v_j] = T.float32(0)
            T_matmul_TN[v_i, v_j] = T_matmul_TN[v_i, v_j] + p0[v_k, v_i] * p1[v_k, v_j]
)TVM");
}

// T_matmul_TT.
TEST(OpFidelityNN, MatmulTT) {
  EXPECT_EQ(LowerOne("%a: Tensor[(4, 3), float32], %b: Tensor[(5, 4), float32]",
                     "nn.matmul(%a, %b, transpose_a=True, transpose_b=True)"),
            R"TVM(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(4), T.int64(3)), "float32"), p1: T.Buffer((T.int64(5), T.int64(4)), "float32"), T_matmul_TT: T.Buffer((T.int64(3), T.int64(5)), "float32")):
    T.func_attr({"layout_free_buffers": [1], "tir.noalias": T.bool(True)})
    # with T.block("root"):
    for i, j, k in T.grid(T.int64(3), T.int64(5), T.int64(4)):
        with T.block("T_matmul_TT"):
            v_i, v_j, v_k = T.axis.remap("SSR", [i, j, k])
            T.reads(p0[v_k, v_i], p1[v_j, v_k])
            T.writes(T_matmul_TT[v_i, v_j])
            with T.init():
                T_matmul_TT[v_i, v_j] = T.float32(0)
            T_matmul_TT[v_i, v_j] = T_matmul_TT[v_i, v_j] + p0[v_k, v_i] * p1[v_j, v_k]
)TVM");
}

// T_matmul_NT (tag dense).
TEST(OpFidelityNN, MatmulNT) {
  EXPECT_EQ(LowerOne("%a: Tensor[(3, 4), float32], %b: Tensor[(5, 4), float32]",
                     "nn.matmul(%a, %b, transpose_b=True)"),
            R"TVM(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(3), T.int64(4)), "float32"), p1: T.Buffer((T.int64(5), T.int64(4)), "float32"), T_matmul_NT: T.Buffer((T.int64(3), T.int64(5)), "float32")):
    T.func_attr({"layout_free_buffers": [1], "tir.noalias": T.bool(True)})
    # with T.block("root"):
    for i, j, k in T.grid(T.int64(3), T.int64(5), T.int64(4)):
        with T.block("T_matmul_NT"):
            v_i, v_j, v_k = T.axis.remap("SSR", [i, j, k])
            T.reads(p0[v_i, v_k], p1[v_j, v_k])
            T.writes(T_matmul_NT[v_i, v_j])
            with T.init():
                T_matmul_NT[v_i, v_j] = T.float32(0)
            T_matmul_NT[v_i, v_j] = T_matmul_NT[v_i, v_j] + p0[v_i, v_k] * p1[v_j, v_k]
)TVM");
}

// operands cast to out_dtype before the product.
TEST(OpFidelityNN, DenseOutDtype) {
  EXPECT_EQ(LowerOne("%a: Tensor[(3, 4), float32], %b: Tensor[(5, 4), float32]",
                     "nn.dense(%a, %b, units=5, out_dtype=\"float64\")"),
            R"TVM(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(3), T.int64(4)), "float32"), p1: T.Buffer((T.int64(5), T.int64(4)), "float32"), T_matmul_NT: T.Buffer((T.int64(3), T.int64(5)), "float64")):
    T.func_attr({"layout_free_buffers": [1], "tir.noalias": T.bool(True)})
    # with T.block("root"):
    for i, j, k in T.grid(T.int64(3), T.int64(5), T.int64(4)):
        with T.block("T_matmul_NT"):
            v_i, v_j, v_k = T.axis.remap("SSR", [i, j, k])
            T.reads(p0[v_i, v_k], p1[v_j, v_k])
            T.writes(T_matmul_NT[v_i, v_j])
            with T.init():
                T_matmul_NT[v_i, v_j] = T.float64(0)
            T_matmul_NT[v_i, v_j] = T_matmul_NT[v_i, v_j] + T.Cast("float64", p0[v_i, v_k]) * T.Cast("float64", p1[v_j, v_k])
)TVM");
}

// a batch of 1 reads index 0.
TEST(OpFidelityNN, BatchMatmulNNBroadcast) {
  EXPECT_EQ(LowerOne("%a: Tensor[(1, 3, 4), float32], %b: Tensor[(2, 4, 5), float32]",
                     "nn.batch_matmul(%a, %b, transpose_a=False, transpose_b=False)"),
            R"TVM(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(1), T.int64(3), T.int64(4)), "float32"), p1: T.Buffer((T.int64(2), T.int64(4), T.int64(5)), "float32"), T_batch_matmul_NN: T.Buffer((T.int64(2), T.int64(3), T.int64(5)), "float32")):
    T.func_attr({"layout_free_buffers": [1], "tir.noalias": T.bool(True)})
    # with T.block("root"):
    for b, i, j, k in T.grid(T.int64(2), T.int64(3), T.int64(5), T.int64(4)):
        with T.block("T_batch_matmul_NN"):
            v_b, v_i, v_j, v_k = T.axis.remap("SSSR", [b, i, j, k])
            T.reads(p0[T.int64(0), v_i, v_k], p1[v_b, v_k, v_j])
            T.writes(T_batch_matmul_NN[v_b, v_i, v_j])
            with T.init():
                T_batch_matmul_NN[v_b, v_i, v_j] = T.float32(0)
            T_batch_matmul_NN[v_b, v_i, v_j] = T_batch_matmul_NN[v_b, v_i, v_j] + p0[T.int64(0), v_i, v_k] * p1[v_b, v_k, v_j]
)TVM");
}

// T_batch_matmul_TT.
TEST(OpFidelityNN, BatchMatmulTT) {
  EXPECT_EQ(LowerOne("%a: Tensor[(2, 4, 3), float32], %b: Tensor[(2, 5, 4), float32]",
                     "nn.batch_matmul(%a, %b, transpose_a=True, transpose_b=True)"),
            R"TVM(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(4), T.int64(3)), "float32"), p1: T.Buffer((T.int64(2), T.int64(5), T.int64(4)), "float32"), T_batch_matmul_TT: T.Buffer((T.int64(2), T.int64(3), T.int64(5)), "float32")):
    T.func_attr({"layout_free_buffers": [1], "tir.noalias": T.bool(True)})
    # with T.block("root"):
    for b, i, j, k in T.grid(T.int64(2), T.int64(3), T.int64(5), T.int64(4)):
        with T.block("T_batch_matmul_TT"):
            v_b, v_i, v_j, v_k = T.axis.remap("SSSR", [b, i, j, k])
            T.reads(p0[v_b, v_k, v_i], p1[v_b, v_j, v_k])
            T.writes(T_batch_matmul_TT[v_b, v_i, v_j])
            with T.init():
                T_batch_matmul_TT[v_b, v_i, v_j] = T.float32(0)
            T_batch_matmul_TT[v_b, v_i, v_j] = T_batch_matmul_TT[v_b, v_i, v_j] + p0[v_b, v_k, v_i] * p1[v_b, v_j, v_k]
)TVM");
}

// T_softmax_maxelem, compute (exp-sum), compute_1 (output; buffers dedup to compute_1).
TEST(OpFidelityNN, LogSoftmaxAxis1) {
  EXPECT_EQ(LowerOne("%a: Tensor[(2, 3, 4), float32]",
                     "nn.log_softmax(%a, axis=1)"),
            R"TVM(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(3), T.int64(4)), "float32"), compute: T.Buffer((T.int64(2), T.int64(3), T.int64(4)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    T_softmax_maxelem = T.alloc_buffer((T.int64(2), T.int64(4)))
    compute_1 = T.alloc_buffer((T.int64(2), T.int64(4)))
    for i0, i1, k in T.grid(T.int64(2), T.int64(4), T.int64(3)):
        with T.block("T_softmax_maxelem"):
            v_i0, v_i1, v_k = T.axis.remap("SSR", [i0, i1, k])
            T.reads(p0[v_i0, v_k, v_i1])
            T.writes(T_softmax_maxelem[v_i0, v_i1])
            with T.init():
                T_softmax_maxelem[v_i0, v_i1] = T.float32(-3.4028234663852886e+38)
            T_softmax_maxelem[v_i0, v_i1] = T.max(T_softmax_maxelem[v_i0, v_i1], p0[v_i0, v_k, v_i1])
    for i0, i1, k in T.grid(T.int64(2), T.int64(4), T.int64(3)):
        with T.block("compute"):
            v_i0, v_i1, v_k = T.axis.remap("SSR", [i0, i1, k])
            T.reads(p0[v_i0, v_k, v_i1], T_softmax_maxelem[v_i0, v_i1])
            T.writes(compute_1[v_i0, v_i1])
            with T.init():
                compute_1[v_i0, v_i1] = T.float32(0)
            compute_1[v_i0, v_i1] = compute_1[v_i0, v_i1] + T.exp(p0[v_i0, v_k, v_i1] - T_softmax_maxelem[v_i0, v_i1])
    for i0, i1, i2 in T.grid(T.int64(2), T.int64(3), T.int64(4)):
        with T.block("compute_1"):
            v_i0, v_i1, v_i2 = T.axis.remap("SSS", [i0, i1, i2])
            T.reads(p0[v_i0, v_i1, v_i2], T_softmax_maxelem[v_i0, v_i2], compute_1[v_i0, v_i2])
            T.writes(compute[v_i0, v_i1, v_i2])
            T.block_attr({"axis": 1})
            compute[v_i0, v_i1, v_i2] = p0[v_i0, v_i1, v_i2] - T_softmax_maxelem[v_i0, v_i2] - T.log(compute_1[v_i0, v_i2])
)TVM");
}

// reduce axis inserted at position 0.
TEST(OpFidelityNN, SoftmaxAxis0) {
  EXPECT_EQ(LowerOne("%a: Tensor[(3, 4), float32]",
                     "nn.softmax(%a, axis=0)"),
            R"TVM(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(3), T.int64(4)), "float32"), T_softmax_norm: T.Buffer((T.int64(3), T.int64(4)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    T_softmax_maxelem = T.alloc_buffer((T.int64(4),))
    T_softmax_exp = T.alloc_buffer((T.int64(3), T.int64(4)))
    T_softmax_expsum = T.alloc_buffer((T.int64(4),))
    for i0, k in T.grid(T.int64(4), T.int64(3)):
        with T.block("T_softmax_maxelem"):
            v_i0, v_k = T.axis.remap("SR", [i0, k])
            T.reads(p0[v_k, v_i0])
            T.writes(T_softmax_maxelem[v_i0])
            with T.init():
                T_softmax_maxelem[v_i0] = T.float32(-3.4028234663852886e+38)
            T_softmax_maxelem[v_i0] = T.max(T_softmax_maxelem[v_i0], p0[v_k, v_i0])
    for i0, i1 in T.grid(T.int64(3), T.int64(4)):
        with T.block("T_softmax_exp"):
            v_i0, v_i1 = T.axis.remap("SS", [i0, i1])
            T.reads(p0[v_i0, v_i1], T_softmax_maxelem[v_i1])
            T.writes(T_softmax_exp[v_i0, v_i1])
            T_softmax_exp[v_i0, v_i1] = T.exp(p0[v_i0, v_i1] - T_softmax_maxelem[v_i1])
    for i0, k in T.grid(T.int64(4), T.int64(3)):
        with T.block("T_softmax_expsum"):
            v_i0, v_k = T.axis.remap("SR", [i0, k])
            T.reads(T_softmax_exp[v_k, v_i0])
            T.writes(T_softmax_expsum[v_i0])
            with T.init():
                T_softmax_expsum[v_i0] = T.float32(0)
            T_softmax_expsum[v_i0] = T_softmax_expsum[v_i0] + T_softmax_exp[v_k, v_i0]
    for i0, i1 in T.grid(T.int64(3), T.int64(4)):
        with T.block("T_softmax_norm"):
            v_i0, v_i1 = T.axis.remap("SS", [i0, i1])
            T.reads(T_softmax_exp[v_i0, v_i1], T_softmax_expsum[v_i1])
            T.writes(T_softmax_norm[v_i0, v_i1])
            T.block_attr({"axis": 0})
            T_softmax_norm[v_i0, v_i1] = T_softmax_exp[v_i0, v_i1] / T_softmax_expsum[v_i1]
)TVM");
}

// divisible windows: constant extents, avg as a product by 1/size.
TEST(OpFidelityNN, AdaptiveAvgPool2D) {
  EXPECT_EQ(LowerOne("%a: Tensor[(1, 2, 6, 6), float32]",
                     "nn.adaptive_avg_pool2d(%a, output_size=[3, 2])"),
            R"TVM(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(1), T.int64(2), T.int64(6), T.int64(6)), "float32"), adaptive_pool_avg: T.Buffer((T.int64(1), T.int64(2), T.int64(3), T.int64(2)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    adaptive_pool_sum = T.alloc_buffer((T.int64(1), T.int64(2), T.int64(3), T.int64(2)))
    for ax0, ax1, ax2, ax3, rv0, rv1 in T.grid(T.int64(1), T.int64(2), T.int64(3), T.int64(2), T.int64(2), T.int64(3)):
        with T.block("adaptive_pool_sum"):
            v_ax0, v_ax1, v_ax2, v_ax3, v_rv0, v_rv1 = T.axis.remap("SSSSRR", [ax0, ax1, ax2, ax3, rv0, rv1])
            T.reads(p0[v_ax0, v_ax1, v_ax2 * T.int64(2) + v_rv0, v_ax3 * T.int64(3) + v_rv1])
            T.writes(adaptive_pool_sum[v_ax0, v_ax1, v_ax2, v_ax3])
            with T.init():
                adaptive_pool_sum[v_ax0, v_ax1, v_ax2, v_ax3] = T.float32(0)
            adaptive_pool_sum[v_ax0, v_ax1, v_ax2, v_ax3] = adaptive_pool_sum[v_ax0, v_ax1, v_ax2, v_ax3] + p0[v_ax0, v_ax1, v_ax2 * T.int64(2) + v_rv0, v_ax3 * T.int64(3) + v_rv1]
    for ax0, ax1, ax2, ax3 in T.grid(T.int64(1), T.int64(2), T.int64(3), T.int64(2)):
        with T.block("adaptive_pool_avg"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(adaptive_pool_sum[v_ax0, v_ax1, v_ax2, v_ax3])
            T.writes(adaptive_pool_avg[v_ax0, v_ax1, v_ax2, v_ax3])
            T.block_attr({"schedule_rule": "meta_schedule.adaptive_pool_avg"})
            adaptive_pool_avg[v_ax0, v_ax1, v_ax2, v_ax3] = adaptive_pool_sum[v_ax0, v_ax1, v_ax2, v_ax3] * T.float32(0.16666666666666666)
)TVM");
}

// adaptive_pool_max with schedule_rule.
TEST(OpFidelityNN, AdaptiveMaxPool2D) {
  EXPECT_EQ(LowerOne("%a: Tensor[(1, 2, 6, 6), float32]",
                     "nn.adaptive_max_pool2d(%a, output_size=[2, 3])"),
            R"TVM(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(1), T.int64(2), T.int64(6), T.int64(6)), "float32"), adaptive_pool_max: T.Buffer((T.int64(1), T.int64(2), T.int64(2), T.int64(3)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for ax0, ax1, ax2, ax3, rv0, rv1 in T.grid(T.int64(1), T.int64(2), T.int64(2), T.int64(3), T.int64(3), T.int64(2)):
        with T.block("adaptive_pool_max"):
            v_ax0, v_ax1, v_ax2, v_ax3, v_rv0, v_rv1 = T.axis.remap("SSSSRR", [ax0, ax1, ax2, ax3, rv0, rv1])
            T.reads(p0[v_ax0, v_ax1, v_ax2 * T.int64(3) + v_rv0, v_ax3 * T.int64(2) + v_rv1])
            T.writes(adaptive_pool_max[v_ax0, v_ax1, v_ax2, v_ax3])
            T.block_attr({"schedule_rule": "meta_schedule.adaptive_pool_max"})
            with T.init():
                adaptive_pool_max[v_ax0, v_ax1, v_ax2, v_ax3] = T.float32(-3.4028234663852886e+38)
            adaptive_pool_max[v_ax0, v_ax1, v_ax2, v_ax3] = T.max(adaptive_pool_max[v_ax0, v_ax1, v_ax2, v_ax3], p0[v_ax0, v_ax1, v_ax2 * T.int64(3) + v_rv0, v_ax3 * T.int64(2) + v_rv1])
)TVM");
}

// adaptive pool to 1x1.
TEST(OpFidelityNN, GlobalMaxPool2D) {
  EXPECT_EQ(LowerOne("%a: Tensor[(1, 2, 4, 5), float32]",
                     "nn.global_max_pool2d(%a)"),
            R"TVM(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(1), T.int64(2), T.int64(4), T.int64(5)), "float32"), adaptive_pool_max: T.Buffer((T.int64(1), T.int64(2), T.int64(1), T.int64(1)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for ax0, ax1, ax2, ax3, rv0, rv1 in T.grid(T.int64(1), T.int64(2), T.int64(1), T.int64(1), T.int64(4), T.int64(5)):
        with T.block("adaptive_pool_max"):
            v_ax0, v_ax1, v_ax2, v_ax3, v_rv0, v_rv1 = T.axis.remap("SSSSRR", [ax0, ax1, ax2, ax3, rv0, rv1])
            T.reads(p0[v_ax0, v_ax1, v_ax2 * T.int64(4) + v_rv0, v_ax3 * T.int64(5) + v_rv1])
            T.writes(adaptive_pool_max[v_ax0, v_ax1, v_ax2, v_ax3])
            T.block_attr({"schedule_rule": "meta_schedule.adaptive_pool_max"})
            with T.init():
                adaptive_pool_max[v_ax0, v_ax1, v_ax2, v_ax3] = T.float32(-3.4028234663852886e+38)
            adaptive_pool_max[v_ax0, v_ax1, v_ax2, v_ax3] = T.max(adaptive_pool_max[v_ax0, v_ax1, v_ax2, v_ax3], p0[v_ax0, v_ax1, v_ax2 * T.int64(4) + v_rv0, v_ax3 * T.int64(5) + v_rv1])
)TVM");
}

// ceil_mode pads the tail by stride-1 (C++ topi::pad: only a < condition).
TEST(OpFidelityNN, MaxPool2DCeilMode) {
  EXPECT_EQ(LowerOne("%a: Tensor[(1, 2, 7, 7), float32]",
                     "nn.max_pool2d(%a, pool_size=[3, 3], strides=[2, 2], padding=[0, 0, 0, 0], ceil_mode=True)"),
            R"TVM(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(1), T.int64(2), T.int64(7), T.int64(7)), "float32"), pool_max: T.Buffer((T.int64(1), T.int64(2), T.int64(3), T.int64(3)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    pad_temp = T.alloc_buffer((T.int64(1), T.int64(2), T.int64(8), T.int64(8)))
    for ax0, ax1, ax2, ax3 in T.grid(T.int64(1), T.int64(2), T.int64(8), T.int64(8)):
        with T.block("pad_temp"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(p0[v_ax0, v_ax1, v_ax2, v_ax3])
            T.writes(pad_temp[v_ax0, v_ax1, v_ax2, v_ax3])
            pad_temp[v_ax0, v_ax1, v_ax2, v_ax3] = T.if_then_else(v_ax2 < T.int64(7) and v_ax3 < T.int64(7), p0[v_ax0, v_ax1, v_ax2, v_ax3], T.float32(-3.4028234663852886e+38))
    for ax0, ax1, ax2, ax3, rv0, rv1 in T.grid(T.int64(1), T.int64(2), T.int64(3), T.int64(3), T.int64(3), T.int64(3)):
        with T.block("pool_max"):
            v_ax0, v_ax1, v_ax2, v_ax3, v_rv0, v_rv1 = T.axis.remap("SSSSRR", [ax0, ax1, ax2, ax3, rv0, rv1])
            T.reads(pad_temp[v_ax0, v_ax1, v_ax2 * T.int64(2) + v_rv0, v_ax3 * T.int64(2) + v_rv1])
            T.writes(pool_max[v_ax0, v_ax1, v_ax2, v_ax3])
            T.block_attr({"schedule_rule": "meta_schedule.pool_max"})
            with T.init():
                pool_max[v_ax0, v_ax1, v_ax2, v_ax3] = T.float32(-3.4028234663852886e+38)
            pool_max[v_ax0, v_ax1, v_ax2, v_ax3] = T.max(pool_max[v_ax0, v_ax1, v_ax2, v_ax3], pad_temp[v_ax0, v_ax1, v_ax2 * T.int64(2) + v_rv0, v_ax3 * T.int64(2) + v_rv1])
)TVM");
}

// divisor clipped to the padded extent, no max(., 1).
TEST(OpFidelityNN, AvgPool2DCountIncludePad) {
  EXPECT_EQ(LowerOne("%a: Tensor[(1, 2, 7, 7), float32]",
                     "nn.avg_pool2d(%a, pool_size=[3, 3], strides=[2, 2], padding=[1, 1, 1, 1], count_include_pad=True)"),
            R"TVM(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(1), T.int64(2), T.int64(7), T.int64(7)), "float32"), pool_avg: T.Buffer((T.int64(1), T.int64(2), T.int64(4), T.int64(4)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    pad_temp = T.alloc_buffer((T.int64(1), T.int64(2), T.int64(9), T.int64(9)))
    pool_sum = T.alloc_buffer((T.int64(1), T.int64(2), T.int64(4), T.int64(4)))
    for ax0, ax1, ax2, ax3 in T.grid(T.int64(1), T.int64(2), T.int64(9), T.int64(9)):
        with T.block("pad_temp"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(p0[v_ax0, v_ax1, v_ax2 - T.int64(1), v_ax3 - T.int64(1)])
            T.writes(pad_temp[v_ax0, v_ax1, v_ax2, v_ax3])
            pad_temp[v_ax0, v_ax1, v_ax2, v_ax3] = T.if_then_else(T.int64(1) <= v_ax2 and v_ax2 < T.int64(8) and T.int64(1) <= v_ax3 and v_ax3 < T.int64(8), p0[v_ax0, v_ax1, v_ax2 - T.int64(1), v_ax3 - T.int64(1)], T.float32(0))
    for ax0, ax1, ax2, ax3, rv0, rv1 in T.grid(T.int64(1), T.int64(2), T.int64(4), T.int64(4), T.int64(3), T.int64(3)):
        with T.block("pool_sum"):
            v_ax0, v_ax1, v_ax2, v_ax3, v_rv0, v_rv1 = T.axis.remap("SSSSRR", [ax0, ax1, ax2, ax3, rv0, rv1])
            T.reads(pad_temp[v_ax0, v_ax1, v_ax2 * T.int64(2) + v_rv0, v_ax3 * T.int64(2) + v_rv1])
            T.writes(pool_sum[v_ax0, v_ax1, v_ax2, v_ax3])
            with T.init():
                pool_sum[v_ax0, v_ax1, v_ax2, v_ax3] = T.float32(0)
            pool_sum[v_ax0, v_ax1, v_ax2, v_ax3] = pool_sum[v_ax0, v_ax1, v_ax2, v_ax3] + pad_temp[v_ax0, v_ax1, v_ax2 * T.int64(2) + v_rv0, v_ax3 * T.int64(2) + v_rv1]
    for ax0, ax1, ax2, ax3 in T.grid(T.int64(1), T.int64(2), T.int64(4), T.int64(4)):
        with T.block("pool_avg"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(pool_sum[v_ax0, v_ax1, v_ax2, v_ax3])
            T.writes(pool_avg[v_ax0, v_ax1, v_ax2, v_ax3])
            T.block_attr({"schedule_rule": "meta_schedule.pool_avg"})
            pool_avg[v_ax0, v_ax1, v_ax2, v_ax3] = pool_sum[v_ax0, v_ax1, v_ax2, v_ax3] / T.Cast("float32", (T.min(v_ax2 * T.int64(2) + T.int64(1), T.int64(7)) + T.int64(2) - v_ax2 * T.int64(2)) * (T.min(v_ax3 * T.int64(2) + T.int64(1), T.int64(7)) + T.int64(2) - v_ax3 * T.int64(2)))
)TVM");
}

// divisor counts only real elements.
TEST(OpFidelityNN, AvgPool2DExcludePadCeil) {
  EXPECT_EQ(LowerOne("%a: Tensor[(1, 2, 7, 7), float32]",
                     "nn.avg_pool2d(%a, pool_size=[2, 2], strides=[2, 2], padding=[0, 0, 0, 0], ceil_mode=True)"),
            R"TVM(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(1), T.int64(2), T.int64(7), T.int64(7)), "float32"), pool_avg: T.Buffer((T.int64(1), T.int64(2), T.int64(4), T.int64(4)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    pad_temp = T.alloc_buffer((T.int64(1), T.int64(2), T.int64(8), T.int64(8)))
    pool_sum = T.alloc_buffer((T.int64(1), T.int64(2), T.int64(4), T.int64(4)))
    for ax0, ax1, ax2, ax3 in T.grid(T.int64(1), T.int64(2), T.int64(8), T.int64(8)):
        with T.block("pad_temp"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(p0[v_ax0, v_ax1, v_ax2, v_ax3])
            T.writes(pad_temp[v_ax0, v_ax1, v_ax2, v_ax3])
            pad_temp[v_ax0, v_ax1, v_ax2, v_ax3] = T.if_then_else(v_ax2 < T.int64(7) and v_ax3 < T.int64(7), p0[v_ax0, v_ax1, v_ax2, v_ax3], T.float32(0))
    for ax0, ax1, ax2, ax3, rv0, rv1 in T.grid(T.int64(1), T.int64(2), T.int64(4), T.int64(4), T.int64(2), T.int64(2)):
        with T.block("pool_sum"):
            v_ax0, v_ax1, v_ax2, v_ax3, v_rv0, v_rv1 = T.axis.remap("SSSSRR", [ax0, ax1, ax2, ax3, rv0, rv1])
            T.reads(pad_temp[v_ax0, v_ax1, v_ax2 * T.int64(2) + v_rv0, v_ax3 * T.int64(2) + v_rv1])
            T.writes(pool_sum[v_ax0, v_ax1, v_ax2, v_ax3])
            with T.init():
                pool_sum[v_ax0, v_ax1, v_ax2, v_ax3] = T.float32(0)
            pool_sum[v_ax0, v_ax1, v_ax2, v_ax3] = pool_sum[v_ax0, v_ax1, v_ax2, v_ax3] + pad_temp[v_ax0, v_ax1, v_ax2 * T.int64(2) + v_rv0, v_ax3 * T.int64(2) + v_rv1]
    for ax0, ax1, ax2, ax3 in T.grid(T.int64(1), T.int64(2), T.int64(4), T.int64(4)):
        with T.block("pool_avg"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(pool_sum[v_ax0, v_ax1, v_ax2, v_ax3])
            T.writes(pool_avg[v_ax0, v_ax1, v_ax2, v_ax3])
            T.block_attr({"schedule_rule": "meta_schedule.pool_avg"})
            pool_avg[v_ax0, v_ax1, v_ax2, v_ax3] = pool_sum[v_ax0, v_ax1, v_ax2, v_ax3] / T.Cast("float32", T.max((T.min(v_ax2 * T.int64(2) + T.int64(1), T.int64(6)) + T.int64(1) - T.max(T.int64(0) - v_ax2 * T.int64(2), T.int64(0)) - v_ax2 * T.int64(2)) * (T.min(v_ax3 * T.int64(2) + T.int64(1), T.int64(6)) + T.int64(1) - T.max(T.int64(0) - v_ax3 * T.int64(2), T.int64(0)) - v_ax3 * T.int64(2)), T.int64(1)))
)TVM");
}

// no pad_temp stage when nothing is padded.
TEST(OpFidelityNN, AvgPool2DNoPad) {
  EXPECT_EQ(LowerOne("%a: Tensor[(1, 2, 5, 5), float32]",
                     "nn.avg_pool2d(%a, pool_size=[2, 2], strides=[1, 1], padding=[0, 0, 0, 0])"),
            R"TVM(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(1), T.int64(2), T.int64(5), T.int64(5)), "float32"), pool_avg: T.Buffer((T.int64(1), T.int64(2), T.int64(4), T.int64(4)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    pool_sum = T.alloc_buffer((T.int64(1), T.int64(2), T.int64(4), T.int64(4)))
    for ax0, ax1, ax2, ax3, rv0, rv1 in T.grid(T.int64(1), T.int64(2), T.int64(4), T.int64(4), T.int64(2), T.int64(2)):
        with T.block("pool_sum"):
            v_ax0, v_ax1, v_ax2, v_ax3, v_rv0, v_rv1 = T.axis.remap("SSSSRR", [ax0, ax1, ax2, ax3, rv0, rv1])
            T.reads(p0[v_ax0, v_ax1, v_ax2 + v_rv0, v_ax3 + v_rv1])
            T.writes(pool_sum[v_ax0, v_ax1, v_ax2, v_ax3])
            with T.init():
                pool_sum[v_ax0, v_ax1, v_ax2, v_ax3] = T.float32(0)
            pool_sum[v_ax0, v_ax1, v_ax2, v_ax3] = pool_sum[v_ax0, v_ax1, v_ax2, v_ax3] + p0[v_ax0, v_ax1, v_ax2 + v_rv0, v_ax3 + v_rv1]
    for ax0, ax1, ax2, ax3 in T.grid(T.int64(1), T.int64(2), T.int64(4), T.int64(4)):
        with T.block("pool_avg"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(pool_sum[v_ax0, v_ax1, v_ax2, v_ax3])
            T.writes(pool_avg[v_ax0, v_ax1, v_ax2, v_ax3])
            T.block_attr({"schedule_rule": "meta_schedule.pool_avg"})
            pool_avg[v_ax0, v_ax1, v_ax2, v_ax3] = pool_sum[v_ax0, v_ax1, v_ax2, v_ax3] / T.Cast("float32", T.max((T.min(v_ax2 + T.int64(1), T.int64(4)) + T.int64(1) - v_ax2 - T.max(T.int64(0) - v_ax2, T.int64(0))) * (T.min(v_ax3 + T.int64(1), T.int64(4)) + T.int64(1) - v_ax3 - T.max(T.int64(0) - v_ax3, T.int64(0))), T.int64(1)))
)TVM");
}

// scalar pad value: compile_engine_const then a 0-d T_cast.
TEST(OpFidelityNN, PadConstant) {
  EXPECT_EQ(LowerOne("%a: Tensor[(2, 3, 4), float32]",
                     "nn.pad(%a, 0.5f, pad_width=[[0, 0], [1, 2], [2, 0]])"),
            R"TVM(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(3), T.int64(4)), "float32"), T_pad: T.Buffer((T.int64(2), T.int64(6), T.int64(6)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    compile_engine_const = T.alloc_buffer(())
    T_cast = T.alloc_buffer(())
    with T.block("compile_engine_const"):
        vi = T.axis.spatial(T.int64(1), T.int64(0))
        T.reads()
        T.writes(compile_engine_const[()])
        compile_engine_const[()] = T.float32(0.5)
    with T.block("T_cast"):
        vi = T.axis.spatial(T.int64(1), T.int64(0))
        T.reads(compile_engine_const[()])
        T.writes(T_cast[()])
        T_cast[()] = compile_engine_const[()]
    for ax0, ax1, ax2 in T.grid(T.int64(2), T.int64(6), T.int64(6)):
        with T.block("T_pad"):
            v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(p0[v_ax0, v_ax1 - T.int64(1), v_ax2 - T.int64(2)], T_cast[()])
            T.writes(T_pad[v_ax0, v_ax1, v_ax2])
            T_pad[v_ax0, v_ax1, v_ax2] = T.if_then_else(T.int64(1) <= v_ax1 and v_ax1 < T.int64(4) and T.int64(2) <= v_ax2, p0[v_ax0, v_ax1 - T.int64(1), v_ax2 - T.int64(2)], T_cast[()])
)TVM");
}

// if_then_else(in range, x[plain index], x[clamped index of every dim]).
TEST(OpFidelityNN, PadEdge) {
  EXPECT_EQ(LowerOne("%a: Tensor[(2, 3, 4), float32]",
                     "nn.pad(%a, 0f, pad_width=[[0, 0], [1, 2], [2, 1]], pad_mode=\"edge\")"),
            R"TVM(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(3), T.int64(4)), "float32"), T_pad: T.Buffer((T.int64(2), T.int64(6), T.int64(7)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for ax0, ax1, ax2 in T.grid(T.int64(2), T.int64(6), T.int64(7)):
        with T.block("T_pad"):
            v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(p0[T.int64(0):T.int64(2), T.int64(0):T.int64(3), T.int64(0):T.int64(4)])
            T.writes(T_pad[v_ax0, v_ax1, v_ax2])
            T_pad[v_ax0, v_ax1, v_ax2] = T.if_then_else(T.int64(1) <= v_ax1 and v_ax1 < T.int64(4) and T.int64(2) <= v_ax2 and v_ax2 < T.int64(6), p0[v_ax0, v_ax1 - T.int64(1), v_ax2 - T.int64(2)], p0[T.if_then_else(v_ax0 < T.int64(0), T.int64(0), T.if_then_else(T.int64(2) <= v_ax0, T.int64(1), v_ax0)), T.if_then_else(v_ax1 < T.int64(1), T.int64(0), T.if_then_else(T.int64(4) <= v_ax1, T.int64(2), v_ax1 - T.int64(1))), T.if_then_else(v_ax2 < T.int64(2), T.int64(0), T.if_then_else(T.int64(6) <= v_ax2, T.int64(3), v_ax2 - T.int64(2)))])
)TVM");
}

// mirrored index of every dim; a < condition only where the tail is padded.
TEST(OpFidelityNN, PadReflect) {
  EXPECT_EQ(LowerOne("%a: Tensor[(2, 3, 4), float32]",
                     "nn.pad(%a, 0f, pad_width=[[1, 0], [2, 2], [0, 3]], pad_mode=\"reflect\")"),
            R"TVM(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(3), T.int64(4)), "float32"), T_pad: T.Buffer((T.int64(3), T.int64(7), T.int64(7)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for ax0, ax1, ax2 in T.grid(T.int64(3), T.int64(7), T.int64(7)):
        with T.block("T_pad"):
            v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(p0[T.int64(0):T.int64(2), T.int64(0):T.int64(3), T.int64(0):T.int64(4)])
            T.writes(T_pad[v_ax0, v_ax1, v_ax2])
            T_pad[v_ax0, v_ax1, v_ax2] = T.if_then_else(T.int64(1) <= v_ax0 and T.int64(2) <= v_ax1 and v_ax1 < T.int64(5) and v_ax2 < T.int64(4), p0[v_ax0 - T.int64(1), v_ax1 - T.int64(2), v_ax2], p0[T.if_then_else(v_ax0 < T.int64(1), T.int64(1) - v_ax0, T.if_then_else(T.int64(3) <= v_ax0, T.int64(3) - v_ax0, v_ax0 - T.int64(1))), T.if_then_else(v_ax1 < T.int64(2), T.int64(2) - v_ax1, T.if_then_else(T.int64(5) <= v_ax1, T.int64(6) - v_ax1, v_ax1 - T.int64(2))), T.if_then_else(v_ax2 < T.int64(0), T.int64(0) - v_ax2, T.if_then_else(T.int64(4) <= v_ax2, T.int64(6) - v_ax2, v_ax2))])
)TVM");
}

// T.Select(0 < x, x, x * alpha).
TEST(OpFidelityNN, LeakyRelu) {
  EXPECT_EQ(LowerOne("%a: Tensor[(2, 3), float32]",
                     "nn.leaky_relu(%a, alpha=0.2f)"),
            R"TVM(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(3)), "float32"), T_leaky_relu: T.Buffer((T.int64(2), T.int64(3)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_leaky_relu"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(p0[v_ax0, v_ax1])
            T.writes(T_leaky_relu[v_ax0, v_ax1])
            T_leaky_relu[v_ax0, v_ax1] = T.Select(T.float32(0) < p0[v_ax0, v_ax1], p0[v_ax0, v_ax1], p0[v_ax0, v_ax1] * T.float32(0.20000000000000001))
)TVM");
}

// max(min(x, a_max), a_min).
TEST(OpFidelityNN, Clip) {
  EXPECT_EQ(LowerOne("%a: Tensor[(2, 3), float32]",
                     "clip(%a, a_min=-1f, a_max=6f)"),
            R"TVM(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(3)), "float32"), T_clip: T.Buffer((T.int64(2), T.int64(3)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_clip"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(p0[v_ax0, v_ax1])
            T.writes(T_clip[v_ax0, v_ax1])
            T_clip[v_ax0, v_ax1] = T.max(T.min(p0[v_ax0, v_ax1], T.float32(6)), T.float32(-1))
)TVM");
}

// T_prelu reads the slope at the axis index.
TEST(OpFidelityNN, PRelu) {
  EXPECT_EQ(LowerOne("%a: Tensor[(1, 3, 2, 2), float32], %s: Tensor[(3), float32]",
                     "nn.prelu(%a, %s)"),
            R"TVM(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(1), T.int64(3), T.int64(2), T.int64(2)), "float32"), p1: T.Buffer((T.int64(3),), "float32"), T_prelu: T.Buffer((T.int64(1), T.int64(3), T.int64(2), T.int64(2)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for ax0, ax1, ax2, ax3 in T.grid(T.int64(1), T.int64(3), T.int64(2), T.int64(2)):
        with T.block("T_prelu"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(p0[v_ax0, v_ax1, v_ax2, v_ax3], p1[v_ax1])
            T.writes(T_prelu[v_ax0, v_ax1, v_ax2, v_ax3])
            T_prelu[v_ax0, v_ax1, v_ax2, v_ax3] = T.Select(T.float32(0) < p0[v_ax0, v_ax1, v_ax2, v_ax3], p0[v_ax0, v_ax1, v_ax2, v_ax3], p0[v_ax0, v_ax1, v_ax2, v_ax3] * p1[v_ax1])
)TVM");
}

// conv2d_nhwc, weight layout-free, window index ry*2 + yy.
TEST(OpFidelityNN, Conv2DNhwcDilated) {
  EXPECT_EQ(LowerOne("%a: Tensor[(1, 7, 7, 4), float32], %w: Tensor[(3, 3, 4, 8), float32]",
                     "nn.conv2d(%a, %w, padding=[1, 1, 1, 1], dilation=[2, 2], channels=8, kernel_size=[3, 3], data_layout=\"NHWC\", kernel_layout=\"HWIO\")"),
            R"TVM(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(1), T.int64(7), T.int64(7), T.int64(4)), "float32"), p1: T.Buffer((T.int64(3), T.int64(3), T.int64(4), T.int64(8)), "float32"), conv2d_nhwc: T.Buffer((T.int64(1), T.int64(5), T.int64(5), T.int64(8)), "float32")):
    T.func_attr({"layout_free_buffers": [1], "tir.noalias": T.bool(True)})
    # with T.block("root"):
    pad_temp = T.alloc_buffer((T.int64(1), T.int64(9), T.int64(9), T.int64(4)))
    for i0, i1, i2, i3 in T.grid(T.int64(1), T.int64(9), T.int64(9), T.int64(4)):
        with T.block("pad_temp"):
            v_i0, v_i1, v_i2, v_i3 = T.axis.remap("SSSS", [i0, i1, i2, i3])
            T.reads(p0[v_i0, v_i1 - T.int64(1), v_i2 - T.int64(1), v_i3])
            T.writes(pad_temp[v_i0, v_i1, v_i2, v_i3])
            pad_temp[v_i0, v_i1, v_i2, v_i3] = T.if_then_else(T.int64(1) <= v_i1 and v_i1 < T.int64(8) and T.int64(1) <= v_i2 and v_i2 < T.int64(8), p0[v_i0, v_i1 - T.int64(1), v_i2 - T.int64(1), v_i3], T.float32(0))
    for nn, yy, xx, ff, ry, rx, rc in T.grid(T.int64(1), T.int64(5), T.int64(5), T.int64(8), T.int64(3), T.int64(3), T.int64(4)):
        with T.block("conv2d_nhwc"):
            v_nn, v_yy, v_xx, v_ff, v_ry, v_rx, v_rc = T.axis.remap("SSSSRRR", [nn, yy, xx, ff, ry, rx, rc])
            T.reads(pad_temp[v_nn, v_ry * T.int64(2) + v_yy, v_rx * T.int64(2) + v_xx, v_rc], p1[v_ry, v_rx, v_rc, v_ff])
            T.writes(conv2d_nhwc[v_nn, v_yy, v_xx, v_ff])
            with T.init():
                conv2d_nhwc[v_nn, v_yy, v_xx, v_ff] = T.float32(0)
            conv2d_nhwc[v_nn, v_yy, v_xx, v_ff] = conv2d_nhwc[v_nn, v_yy, v_xx, v_ff] + pad_temp[v_nn, v_ry * T.int64(2) + v_yy, v_rx * T.int64(2) + v_xx, v_rc] * p1[v_ry, v_rx, v_rc, v_ff]
)TVM");
}

// group_conv2d_nhwc, no layout_free_buffers.
TEST(OpFidelityNN, Conv2DNhwcGroups) {
  EXPECT_EQ(LowerOne("%a: Tensor[(1, 6, 6, 4), float32], %w: Tensor[(3, 3, 2, 8), float32]",
                     "nn.conv2d(%a, %w, strides=[2, 2], padding=[1, 1, 1, 1], groups=2, channels=8, kernel_size=[3, 3], data_layout=\"NHWC\", kernel_layout=\"HWIO\")"),
            R"TVM(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(1), T.int64(6), T.int64(6), T.int64(4)), "float32"), p1: T.Buffer((T.int64(3), T.int64(3), T.int64(2), T.int64(8)), "float32"), group_conv2d_nhwc: T.Buffer((T.int64(1), T.int64(3), T.int64(3), T.int64(8)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    pad_temp = T.alloc_buffer((T.int64(1), T.int64(8), T.int64(8), T.int64(4)))
    for i0, i1, i2, i3 in T.grid(T.int64(1), T.int64(8), T.int64(8), T.int64(4)):
        with T.block("pad_temp"):
            v_i0, v_i1, v_i2, v_i3 = T.axis.remap("SSSS", [i0, i1, i2, i3])
            T.reads(p0[v_i0, v_i1 - T.int64(1), v_i2 - T.int64(1), v_i3])
            T.writes(pad_temp[v_i0, v_i1, v_i2, v_i3])
            pad_temp[v_i0, v_i1, v_i2, v_i3] = T.if_then_else(T.int64(1) <= v_i1 and v_i1 < T.int64(7) and T.int64(1) <= v_i2 and v_i2 < T.int64(7), p0[v_i0, v_i1 - T.int64(1), v_i2 - T.int64(1), v_i3], T.float32(0))
    for nn, yy, xx, ff, ry, rx, rc in T.grid(T.int64(1), T.int64(3), T.int64(3), T.int64(8), T.int64(3), T.int64(3), T.int64(2)):
        with T.block("group_conv2d_nhwc"):
            v_nn, v_yy, v_xx, v_ff, v_ry, v_rx, v_rc = T.axis.remap("SSSSRRR", [nn, yy, xx, ff, ry, rx, rc])
            T.reads(pad_temp[v_nn, v_yy * T.int64(2) + v_ry, v_xx * T.int64(2) + v_rx, v_ff // T.int64(4) * T.int64(2) + v_rc], p1[v_ry, v_rx, v_rc, v_ff])
            T.writes(group_conv2d_nhwc[v_nn, v_yy, v_xx, v_ff])
            with T.init():
                group_conv2d_nhwc[v_nn, v_yy, v_xx, v_ff] = T.float32(0)
            group_conv2d_nhwc[v_nn, v_yy, v_xx, v_ff] = group_conv2d_nhwc[v_nn, v_yy, v_xx, v_ff] + pad_temp[v_nn, v_yy * T.int64(2) + v_ry, v_xx * T.int64(2) + v_rx, v_ff // T.int64(4) * T.int64(2) + v_rc] * p1[v_ry, v_rx, v_rc, v_ff]
)TVM");
}

// tensor, ax0/ax1 with mod/div indices.
TEST(OpFidelityNN, BatchFlatten) {
  EXPECT_EQ(LowerOne("%a: Tensor[(2, 3, 2, 2), float32]",
                     "nn.batch_flatten(%a)"),
            R"TVM(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(3), T.int64(2), T.int64(2)), "float32"), tensor: T.Buffer((T.int64(2), T.int64(12)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for ax0, ax1 in T.grid(T.int64(2), T.int64(12)):
        with T.block("tensor"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(p0[v_ax0, v_ax1 % T.int64(12) // T.int64(4), v_ax1 % T.int64(4) // T.int64(2), v_ax1 % T.int64(2)])
            T.writes(tensor[v_ax0, v_ax1])
            tensor[v_ax0, v_ax1] = p0[v_ax0, v_ax1 % T.int64(12) // T.int64(4), v_ax1 % T.int64(4) // T.int64(2), v_ax1 % T.int64(2)]
)TVM");
}

// integer upscale: truncating division instead of a float product.
TEST(OpFidelityNN, Resize2DNearestAsymmetric) {
  EXPECT_EQ(LowerOne("%a: Tensor[(1, 2, 3, 3), float32]",
                     "image.resize2d(%a, size=[6, 6], roi=[0f, 0f, 0f, 0f], method=\"nearest_neighbor\", coordinate_transformation_mode=\"asymmetric\", rounding_method=\"floor\")"),
            R"TVM(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(1), T.int64(2), T.int64(3), T.int64(3)), "float32"), resize: T.Buffer((T.int64(1), T.int64(2), T.int64(6), T.int64(6)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for i0, i1, i2, i3 in T.grid(T.int64(1), T.int64(2), T.int64(6), T.int64(6)):
        with T.block("resize"):
            v_i0, v_i1, v_i2, v_i3 = T.axis.remap("SSSS", [i0, i1, i2, i3])
            T.reads(p0[v_i0, v_i1, T.max(T.min(T.Div(v_i2, T.int64(2)), T.int64(2)), T.int64(0)), T.max(T.min(T.Div(v_i3, T.int64(2)), T.int64(2)), T.int64(0))])
            T.writes(resize[v_i0, v_i1, v_i2, v_i3])
            resize[v_i0, v_i1, v_i2, v_i3] = p0[v_i0, v_i1, T.max(T.min(T.Div(v_i2, T.int64(2)), T.int64(2)), T.int64(0)), T.max(T.min(T.Div(v_i3, T.int64(2)), T.int64(2)), T.int64(0))]
)TVM");
}

// four clamped reads, lerp along x then y.
TEST(OpFidelityNN, Resize2DLinearHalfPixel) {
  EXPECT_EQ(LowerOne("%a: Tensor[(1, 1, 2, 2), float32]",
                     "image.resize2d(%a, size=[4, 3], roi=[0f, 0f, 0f, 0f], method=\"linear\", coordinate_transformation_mode=\"half_pixel\")"),
            R"TVM(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(1), T.int64(1), T.int64(2), T.int64(2)), "float32"), resize: T.Buffer((T.int64(1), T.int64(1), T.int64(4), T.int64(3)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for i0, i1, i2, i3 in T.grid(T.int64(1), T.int64(1), T.int64(4), T.int64(3)):
        with T.block("resize"):
            v_i0, v_i1, v_i2, v_i3 = T.axis.remap("SSSS", [i0, i1, i2, i3])
            T.reads(p0[v_i0, v_i1, T.int64(0):T.int64(2), T.int64(0):T.int64(2)])
            T.writes(resize[v_i0, v_i1, v_i2, v_i3])
            resize[v_i0, v_i1, v_i2, v_i3] = (p0[v_i0, v_i1, T.max(T.min(T.Cast("int64", T.floor((T.Cast("float32", v_i2) + T.float32(0.5)) * T.float32(0.5) - T.float32(0.5))), T.int64(1)), T.int64(0)), T.max(T.min(T.Cast("int64", T.floor((T.Cast("float32", v_i3) + T.float32(0.5)) * T.float32(0.66666668653488159) - T.float32(0.5))), T.int64(1)), T.int64(0))] * (T.float32(1) - ((T.Cast("float32", v_i3) + T.float32(0.5)) * T.float32(0.66666668653488159) - T.float32(0.5) - T.Cast("float32", T.Cast("int32", T.floor((T.Cast("float32", v_i3) + T.float32(0.5)) * T.float32(0.66666668653488159) - T.float32(0.5)))))) + p0[v_i0, v_i1, T.max(T.min(T.Cast("int64", T.floor((T.Cast("float32", v_i2) + T.float32(0.5)) * T.float32(0.5) - T.float32(0.5))), T.int64(1)), T.int64(0)), T.max(T.min(T.Cast("int64", T.floor((T.Cast("float32", v_i3) + T.float32(0.5)) * T.float32(0.66666668653488159) - T.float32(0.5))) + T.int64(1), T.int64(1)), T.int64(0))] * ((T.Cast("float32", v_i3) + T.float32(0.5)) * T.float32(0.66666668653488159) - T.float32(0.5) - T.Cast("float32", T.Cast("int32", T.floor((T.Cast("float32", v_i3) + T.float32(0.5)) * T.float32(0.66666668653488159) - T.float32(0.5)))))) * (T.float32(1) - ((T.Cast("float32", v_i2) + T.float32(0.5)) * T.float32(0.5) - T.float32(0.5) - T.Cast("float32", T.Cast("int32", T.floor((T.Cast("float32", v_i2) + T.float32(0.5)) * T.float32(0.5) - T.float32(0.5)))))) + (p0[v_i0, v_i1, T.max(T.min(T.Cast("int64", T.floor((T.Cast("float32", v_i2) + T.float32(0.5)) * T.float32(0.5) - T.float32(0.5))) + T.int64(1), T.int64(1)), T.int64(0)), T.max(T.min(T.Cast("int64", T.floor((T.Cast("float32", v_i3) + T.float32(0.5)) * T.float32(0.66666668653488159) - T.float32(0.5))), T.int64(1)), T.int64(0))] * (T.float32(1) - ((T.Cast("float32", v_i3) + T.float32(0.5)) * T.float32(0.66666668653488159) - T.float32(0.5) - T.Cast("float32", T.Cast("int32", T.floor((T.Cast("float32", v_i3) + T.float32(0.5)) * T.float32(0.66666668653488159) - T.float32(0.5)))))) + p0[v_i0, v_i1, T.max(T.min(T.Cast("int64", T.floor((T.Cast("float32", v_i2) + T.float32(0.5)) * T.float32(0.5) - T.float32(0.5))) + T.int64(1), T.int64(1)), T.int64(0)), T.max(T.min(T.Cast("int64", T.floor((T.Cast("float32", v_i3) + T.float32(0.5)) * T.float32(0.66666668653488159) - T.float32(0.5))) + T.int64(1), T.int64(1)), T.int64(0))] * ((T.Cast("float32", v_i3) + T.float32(0.5)) * T.float32(0.66666668653488159) - T.float32(0.5) - T.Cast("float32", T.Cast("int32", T.floor((T.Cast("float32", v_i3) + T.float32(0.5)) * T.float32(0.66666668653488159) - T.float32(0.5)))))) * ((T.Cast("float32", v_i2) + T.float32(0.5)) * T.float32(0.5) - T.float32(0.5) - T.Cast("float32", T.Cast("int32", T.floor((T.Cast("float32", v_i2) + T.float32(0.5)) * T.float32(0.5) - T.float32(0.5)))))
)TVM");
}

// pad_data over the channel axis, tensor (sum of squares), tensor_1 (pow; alpha rounded through a C++ float, /size as *1/size), T_divide.
TEST(OpFidelityNN, LrnNchw) {
  EXPECT_EQ(LowerOne("%a: Tensor[(1, 4, 2, 2), float32]",
                     "nn.lrn(%a, size=3, alpha=0.0001f, beta=0.75f, bias=1f)"),
            R"TVM(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(1), T.int64(4), T.int64(2), T.int64(2)), "float32"), T_divide: T.Buffer((T.int64(1), T.int64(4), T.int64(2), T.int64(2)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    pad_data = T.alloc_buffer((T.int64(1), T.int64(6), T.int64(2), T.int64(2)))
    tensor = T.alloc_buffer((T.int64(1), T.int64(4), T.int64(2), T.int64(2)))
    tensor_1 = T.alloc_buffer((T.int64(1), T.int64(4), T.int64(2), T.int64(2)))
    for ax0, ax1, ax2, ax3 in T.grid(T.int64(1), T.int64(6), T.int64(2), T.int64(2)):
        with T.block("pad_data"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(p0[v_ax0, v_ax1 - T.int64(1), v_ax2, v_ax3])
            T.writes(pad_data[v_ax0, v_ax1, v_ax2, v_ax3])
            pad_data[v_ax0, v_ax1, v_ax2, v_ax3] = T.if_then_else(T.int64(1) <= v_ax1 and v_ax1 < T.int64(5), p0[v_ax0, v_ax1 - T.int64(1), v_ax2, v_ax3], T.float32(0))
    for ax0, ax1, ax2, ax3, rxs in T.grid(T.int64(1), T.int64(4), T.int64(2), T.int64(2), T.int64(3)):
        with T.block("tensor"):
            v_ax0, v_ax1, v_ax2, v_ax3, v_rxs = T.axis.remap("SSSSR", [ax0, ax1, ax2, ax3, rxs])
            T.reads(pad_data[v_ax0, v_ax1 + v_rxs, v_ax2, v_ax3])
            T.writes(tensor[v_ax0, v_ax1, v_ax2, v_ax3])
            with T.init():
                tensor[v_ax0, v_ax1, v_ax2, v_ax3] = T.float32(0)
            tensor[v_ax0, v_ax1, v_ax2, v_ax3] = tensor[v_ax0, v_ax1, v_ax2, v_ax3] + pad_data[v_ax0, v_ax1 + v_rxs, v_ax2, v_ax3] * pad_data[v_ax0, v_ax1 + v_rxs, v_ax2, v_ax3]
    for ax0, ax1, ax2, ax3 in T.grid(T.int64(1), T.int64(4), T.int64(2), T.int64(2)):
        with T.block("tensor_1"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(tensor[v_ax0, v_ax1, v_ax2, v_ax3])
            T.writes(tensor_1[v_ax0, v_ax1, v_ax2, v_ax3])
            tensor_1[v_ax0, v_ax1, v_ax2, v_ax3] = T.pow(T.float32(1) + T.float32(9.9999997473787516e-05) * tensor[v_ax0, v_ax1, v_ax2, v_ax3] * T.float32(0.33333333333333331), T.float32(0.75))
    for ax0, ax1, ax2, ax3 in T.grid(T.int64(1), T.int64(4), T.int64(2), T.int64(2)):
        with T.block("T_divide"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(p0[v_ax0, v_ax1, v_ax2, v_ax3], tensor_1[v_ax0, v_ax1, v_ax2, v_ax3])
            T.writes(T_divide[v_ax0, v_ax1, v_ax2, v_ax3])
            T_divide[v_ax0, v_ax1, v_ax2, v_ax3] = p0[v_ax0, v_ax1, v_ax2, v_ax3] / tensor_1[v_ax0, v_ax1, v_ax2, v_ax3]
)TVM");
}

// size 1: pad_data is a plain copy; default bias 2 and beta 0.75.
TEST(OpFidelityNN, LrnNhwc) {
  EXPECT_EQ(LowerOne("%a: Tensor[(1, 2, 2, 3), float32]",
                     "nn.lrn(%a, size=1, axis=3)"),
            R"TVM(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(1), T.int64(2), T.int64(2), T.int64(3)), "float32"), T_divide: T.Buffer((T.int64(1), T.int64(2), T.int64(2), T.int64(3)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    pad_data = T.alloc_buffer((T.int64(1), T.int64(2), T.int64(2), T.int64(3)))
    tensor = T.alloc_buffer((T.int64(1), T.int64(2), T.int64(2), T.int64(3)))
    tensor_1 = T.alloc_buffer((T.int64(1), T.int64(2), T.int64(2), T.int64(3)))
    for ax0, ax1, ax2, ax3 in T.grid(T.int64(1), T.int64(2), T.int64(2), T.int64(3)):
        with T.block("pad_data"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(p0[v_ax0, v_ax1, v_ax2, v_ax3])
            T.writes(pad_data[v_ax0, v_ax1, v_ax2, v_ax3])
            pad_data[v_ax0, v_ax1, v_ax2, v_ax3] = p0[v_ax0, v_ax1, v_ax2, v_ax3]
    for ax0, ax1, ax2, ax3, rxs in T.grid(T.int64(1), T.int64(2), T.int64(2), T.int64(3), T.int64(1)):
        with T.block("tensor"):
            v_ax0, v_ax1, v_ax2, v_ax3, v_rxs = T.axis.remap("SSSSR", [ax0, ax1, ax2, ax3, rxs])
            T.reads(pad_data[v_ax0, v_ax1, v_ax2, v_ax3 + v_rxs])
            T.writes(tensor[v_ax0, v_ax1, v_ax2, v_ax3])
            with T.init():
                tensor[v_ax0, v_ax1, v_ax2, v_ax3] = T.float32(0)
            tensor[v_ax0, v_ax1, v_ax2, v_ax3] = tensor[v_ax0, v_ax1, v_ax2, v_ax3] + pad_data[v_ax0, v_ax1, v_ax2, v_ax3 + v_rxs] * pad_data[v_ax0, v_ax1, v_ax2, v_ax3 + v_rxs]
    for ax0, ax1, ax2, ax3 in T.grid(T.int64(1), T.int64(2), T.int64(2), T.int64(3)):
        with T.block("tensor_1"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(tensor[v_ax0, v_ax1, v_ax2, v_ax3])
            T.writes(tensor_1[v_ax0, v_ax1, v_ax2, v_ax3])
            tensor_1[v_ax0, v_ax1, v_ax2, v_ax3] = T.pow(T.float32(2) + T.float32(9.9999997473787516e-05) * tensor[v_ax0, v_ax1, v_ax2, v_ax3], T.float32(0.75))
    for ax0, ax1, ax2, ax3 in T.grid(T.int64(1), T.int64(2), T.int64(2), T.int64(3)):
        with T.block("T_divide"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(p0[v_ax0, v_ax1, v_ax2, v_ax3], tensor_1[v_ax0, v_ax1, v_ax2, v_ax3])
            T.writes(T_divide[v_ax0, v_ax1, v_ax2, v_ax3])
            T_divide[v_ax0, v_ax1, v_ax2, v_ax3] = p0[v_ax0, v_ax1, v_ax2, v_ax3] / tensor_1[v_ax0, v_ax1, v_ax2, v_ax3]
)TVM");
}

// group_conv2d_transpose_nchw: kernel_transform vars i, o, h, w; channel c reads group c // 3.
TEST(OpFidelityNN, Conv2DTransposeGroups) {
  EXPECT_EQ(LowerOne("%x: Tensor[(1, 4, 3, 3), float32], %w: Tensor[(4, 3, 2, 2), float32]",
                     "nn.conv2d_transpose(%x, %w, channels=6, kernel_size=[2, 2], strides=[2, 2], padding=[1, 1, 1, 1], groups=2)"),
            R"TVM(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(1), T.int64(4), T.int64(3), T.int64(3)), "float32"), p1: T.Buffer((T.int64(4), T.int64(3), T.int64(2), T.int64(2)), "float32"), compute: T.Buffer((T.int64(1), T.int64(6), T.int64(4), T.int64(4)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    data_dilate = T.alloc_buffer((T.int64(1), T.int64(4), T.int64(5), T.int64(5)))
    data_pad = T.alloc_buffer((T.int64(1), T.int64(4), T.int64(5), T.int64(5)))
    kernel_transform = T.alloc_buffer((T.int64(3), T.int64(4), T.int64(2), T.int64(2)))
    for i0, i1, i2, i3 in T.grid(T.int64(1), T.int64(4), T.int64(5), T.int64(5)):
        with T.block("data_dilate"):
            v_i0, v_i1, v_i2, v_i3 = T.axis.remap("SSSS", [i0, i1, i2, i3])
            T.reads(p0[v_i0, v_i1, v_i2 // T.int64(2), v_i3 // T.int64(2)])
            T.writes(data_dilate[v_i0, v_i1, v_i2, v_i3])
            data_dilate[v_i0, v_i1, v_i2, v_i3] = T.if_then_else(v_i2 % T.int64(2) == T.int64(0) and v_i3 % T.int64(2) == T.int64(0), p0[v_i0, v_i1, v_i2 // T.int64(2), v_i3 // T.int64(2)], T.float32(0))
    for i0, i1, i2, i3 in T.grid(T.int64(1), T.int64(4), T.int64(5), T.int64(5)):
        with T.block("data_pad"):
            v_i0, v_i1, v_i2, v_i3 = T.axis.remap("SSSS", [i0, i1, i2, i3])
            T.reads(data_dilate[v_i0, v_i1, v_i2, v_i3])
            T.writes(data_pad[v_i0, v_i1, v_i2, v_i3])
            data_pad[v_i0, v_i1, v_i2, v_i3] = data_dilate[v_i0, v_i1, v_i2, v_i3]
    for i, o, h, w in T.grid(T.int64(3), T.int64(4), T.int64(2), T.int64(2)):
        with T.block("kernel_transform"):
            v_i, v_o, v_h, v_w = T.axis.remap("SSSS", [i, o, h, w])
            T.reads(p1[v_o, v_i, T.int64(1) - v_h, T.int64(1) - v_w])
            T.writes(kernel_transform[v_i, v_o, v_h, v_w])
            kernel_transform[v_i, v_o, v_h, v_w] = p1[v_o, v_i, T.int64(1) - v_h, T.int64(1) - v_w]
    for b, c, h, w, dc, dh, dw in T.grid(T.int64(1), T.int64(6), T.int64(4), T.int64(4), T.int64(2), T.int64(2), T.int64(2)):
        with T.block("compute"):
            v_b, v_c, v_h, v_w, v_dc, v_dh, v_dw = T.axis.remap("SSSSRRR", [b, c, h, w, dc, dh, dw])
            T.reads(data_pad[v_b, v_c // T.int64(3) * T.int64(2) + v_dc, v_h + v_dh, v_w + v_dw], kernel_transform[v_c % T.int64(3), v_c // T.int64(3) * T.int64(2) + v_dc, v_dh, v_dw])
            T.writes(compute[v_b, v_c, v_h, v_w])
            with T.init():
                compute[v_b, v_c, v_h, v_w] = T.float32(0)
            compute[v_b, v_c, v_h, v_w] = compute[v_b, v_c, v_h, v_w] + data_pad[v_b, v_c // T.int64(3) * T.int64(2) + v_dc, v_h + v_dh, v_w + v_dw] * kernel_transform[v_c % T.int64(3), v_c // T.int64(3) * T.int64(2) + v_dc, v_dh, v_dw]
)TVM");
}

// topi.nn.upsampling = resize2d to round(dim * scale), asymmetric, rounding "" (floor): integer scale as a truncating division.
TEST(OpFidelityNN, UpSamplingNearest) {
  EXPECT_EQ(LowerOne("%a: Tensor[(1, 2, 3, 3), float32]",
                     "nn.upsampling(%a, scale_h=2f, scale_w=2f)"),
            R"TVM(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(1), T.int64(2), T.int64(3), T.int64(3)), "float32"), resize: T.Buffer((T.int64(1), T.int64(2), T.int64(6), T.int64(6)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for i0, i1, i2, i3 in T.grid(T.int64(1), T.int64(2), T.int64(6), T.int64(6)):
        with T.block("resize"):
            v_i0, v_i1, v_i2, v_i3 = T.axis.remap("SSSS", [i0, i1, i2, i3])
            T.reads(p0[v_i0, v_i1, T.max(T.min(T.Div(v_i2, T.int64(2)), T.int64(2)), T.int64(0)), T.max(T.min(T.Div(v_i3, T.int64(2)), T.int64(2)), T.int64(0))])
            T.writes(resize[v_i0, v_i1, v_i2, v_i3])
            resize[v_i0, v_i1, v_i2, v_i3] = p0[v_i0, v_i1, T.max(T.min(T.Div(v_i2, T.int64(2)), T.int64(2)), T.int64(0)), T.max(T.min(T.Div(v_i3, T.int64(2)), T.int64(2)), T.int64(0))]
)TVM");
}

// bilinear -> linear with align_corners coordinates (in - 1) / (out - 1) * x.
TEST(OpFidelityNN, UpSamplingBilinearAlignCorners) {
  EXPECT_EQ(LowerOne("%a: Tensor[(1, 1, 2, 3), float32]",
                     "nn.upsampling(%a, scale_h=2f, scale_w=1.5f, method=\"bilinear\", align_corners=True)"),
            R"TVM(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(1), T.int64(1), T.int64(2), T.int64(3)), "float32"), resize: T.Buffer((T.int64(1), T.int64(1), T.int64(4), T.int64(4)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for i0, i1, i2, i3 in T.grid(T.int64(1), T.int64(1), T.int64(4), T.int64(4)):
        with T.block("resize"):
            v_i0, v_i1, v_i2, v_i3 = T.axis.remap("SSSS", [i0, i1, i2, i3])
            T.reads(p0[v_i0, v_i1, T.int64(0):T.int64(2), T.int64(0):T.int64(3)])
            T.writes(resize[v_i0, v_i1, v_i2, v_i3])
            resize[v_i0, v_i1, v_i2, v_i3] = (p0[v_i0, v_i1, T.max(T.min(T.Cast("int64", T.floor(T.float32(0.3333333432674408) * T.Cast("float32", v_i2))), T.int64(1)), T.int64(0)), T.max(T.min(T.Cast("int64", T.floor(T.float32(0.66666668653488159) * T.Cast("float32", v_i3))), T.int64(2)), T.int64(0))] * (T.float32(1) - (T.float32(0.66666668653488159) * T.Cast("float32", v_i3) - T.Cast("float32", T.Cast("int32", T.floor(T.float32(0.66666668653488159) * T.Cast("float32", v_i3)))))) + p0[v_i0, v_i1, T.max(T.min(T.Cast("int64", T.floor(T.float32(0.3333333432674408) * T.Cast("float32", v_i2))), T.int64(1)), T.int64(0)), T.max(T.min(T.Cast("int64", T.floor(T.float32(0.66666668653488159) * T.Cast("float32", v_i3))) + T.int64(1), T.int64(2)), T.int64(0))] * (T.float32(0.66666668653488159) * T.Cast("float32", v_i3) - T.Cast("float32", T.Cast("int32", T.floor(T.float32(0.66666668653488159) * T.Cast("float32", v_i3)))))) * (T.float32(1) - (T.float32(0.3333333432674408) * T.Cast("float32", v_i2) - T.Cast("float32", T.Cast("int32", T.floor(T.float32(0.3333333432674408) * T.Cast("float32", v_i2)))))) + (p0[v_i0, v_i1, T.max(T.min(T.Cast("int64", T.floor(T.float32(0.3333333432674408) * T.Cast("float32", v_i2))) + T.int64(1), T.int64(1)), T.int64(0)), T.max(T.min(T.Cast("int64", T.floor(T.float32(0.66666668653488159) * T.Cast("float32", v_i3))), T.int64(2)), T.int64(0))] * (T.float32(1) - (T.float32(0.66666668653488159) * T.Cast("float32", v_i3) - T.Cast("float32", T.Cast("int32", T.floor(T.float32(0.66666668653488159) * T.Cast("float32", v_i3)))))) + p0[v_i0, v_i1, T.max(T.min(T.Cast("int64", T.floor(T.float32(0.3333333432674408) * T.Cast("float32", v_i2))) + T.int64(1), T.int64(1)), T.int64(0)), T.max(T.min(T.Cast("int64", T.floor(T.float32(0.66666668653488159) * T.Cast("float32", v_i3))) + T.int64(1), T.int64(2)), T.int64(0))] * (T.float32(0.66666668653488159) * T.Cast("float32", v_i3) - T.Cast("float32", T.Cast("int32", T.floor(T.float32(0.66666668653488159) * T.Cast("float32", v_i3)))))) * (T.float32(0.3333333432674408) * T.Cast("float32", v_i2) - T.Cast("float32", T.Cast("int32", T.floor(T.float32(0.3333333432674408) * T.Cast("float32", v_i2)))))
)TVM");
}

// topi.nn.conv with NCW/OIW: python pad (both conditions on the padded dim), vars nn ff yy, reductions rc ry, no layout-free weight.
TEST(OpFidelityNN, Conv1DNcw) {
  EXPECT_EQ(LowerOne("%a: Tensor[(1, 3, 10), float32], %w: Tensor[(4, 3, 3), float32]",
                     "nn.conv1d(%a, %w, strides=[2], padding=[1, 2], dilation=[2], channels=4, kernel_size=[3])"),
            R"TVM(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(1), T.int64(3), T.int64(10)), "float32"), p1: T.Buffer((T.int64(4), T.int64(3), T.int64(3)), "float32"), conv1d_ncw: T.Buffer((T.int64(1), T.int64(4), T.int64(5)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    pad_temp = T.alloc_buffer((T.int64(1), T.int64(3), T.int64(13)))
    for i0, i1, i2 in T.grid(T.int64(1), T.int64(3), T.int64(13)):
        with T.block("pad_temp"):
            v_i0, v_i1, v_i2 = T.axis.remap("SSS", [i0, i1, i2])
            T.reads(p0[v_i0, v_i1, v_i2 - T.int64(1)])
            T.writes(pad_temp[v_i0, v_i1, v_i2])
            pad_temp[v_i0, v_i1, v_i2] = T.if_then_else(T.int64(1) <= v_i2 and v_i2 < T.int64(11), p0[v_i0, v_i1, v_i2 - T.int64(1)], T.float32(0))
    for nn, ff, yy, rc, ry in T.grid(T.int64(1), T.int64(4), T.int64(5), T.int64(3), T.int64(3)):
        with T.block("conv1d_ncw"):
            v_nn, v_ff, v_yy, v_rc, v_ry = T.axis.remap("SSSRR", [nn, ff, yy, rc, ry])
            T.reads(pad_temp[v_nn, v_rc, v_yy * T.int64(2) + v_ry * T.int64(2)], p1[v_ff, v_rc, v_ry])
            T.writes(conv1d_ncw[v_nn, v_ff, v_yy])
            with T.init():
                conv1d_ncw[v_nn, v_ff, v_yy] = T.float32(0)
            conv1d_ncw[v_nn, v_ff, v_yy] = conv1d_ncw[v_nn, v_ff, v_yy] + pad_temp[v_nn, v_rc, v_yy * T.int64(2) + v_ry * T.int64(2)] * p1[v_ff, v_rc, v_ry]
)TVM");
}

// NWC/WIO: vars nn yy ff, reductions in layout order ry rc.
TEST(OpFidelityNN, Conv1DNwc) {
  EXPECT_EQ(LowerOne("%a: Tensor[(1, 10, 3), float32], %w: Tensor[(3, 3, 4), float32]",
                     "nn.conv1d(%a, %w, padding=[1, 1], channels=4, kernel_size=[3], data_layout=\"NWC\", kernel_layout=\"WIO\")"),
            R"TVM(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(1), T.int64(10), T.int64(3)), "float32"), p1: T.Buffer((T.int64(3), T.int64(3), T.int64(4)), "float32"), conv1d_nwc: T.Buffer((T.int64(1), T.int64(10), T.int64(4)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    pad_temp = T.alloc_buffer((T.int64(1), T.int64(12), T.int64(3)))
    for i0, i1, i2 in T.grid(T.int64(1), T.int64(12), T.int64(3)):
        with T.block("pad_temp"):
            v_i0, v_i1, v_i2 = T.axis.remap("SSS", [i0, i1, i2])
            T.reads(p0[v_i0, v_i1 - T.int64(1), v_i2])
            T.writes(pad_temp[v_i0, v_i1, v_i2])
            pad_temp[v_i0, v_i1, v_i2] = T.if_then_else(T.int64(1) <= v_i1 and v_i1 < T.int64(11), p0[v_i0, v_i1 - T.int64(1), v_i2], T.float32(0))
    for nn, yy, ff, ry, rc in T.grid(T.int64(1), T.int64(10), T.int64(4), T.int64(3), T.int64(3)):
        with T.block("conv1d_nwc"):
            v_nn, v_yy, v_ff, v_ry, v_rc = T.axis.remap("SSSRR", [nn, yy, ff, ry, rc])
            T.reads(pad_temp[v_nn, v_yy + v_ry, v_rc], p1[v_ry, v_rc, v_ff])
            T.writes(conv1d_nwc[v_nn, v_yy, v_ff])
            with T.init():
                conv1d_nwc[v_nn, v_yy, v_ff] = T.float32(0)
            conv1d_nwc[v_nn, v_yy, v_ff] = conv1d_nwc[v_nn, v_yy, v_ff] + pad_temp[v_nn, v_yy + v_ry, v_rc] * p1[v_ry, v_rc, v_ff]
)TVM");
}

// pool_impl_nd over W: pad_temp with min_value, pool_max with reduce var rv0.
TEST(OpFidelityNN, MaxPool1D) {
  EXPECT_EQ(LowerOne("%a: Tensor[(1, 2, 9), float32]",
                     "nn.max_pool1d(%a, pool_size=[3], strides=[2], padding=[1])"),
            R"TVM(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(1), T.int64(2), T.int64(9)), "float32"), pool_max: T.Buffer((T.int64(1), T.int64(2), T.int64(5)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    pad_temp = T.alloc_buffer((T.int64(1), T.int64(2), T.int64(11)))
    for ax0, ax1, ax2 in T.grid(T.int64(1), T.int64(2), T.int64(11)):
        with T.block("pad_temp"):
            v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(p0[v_ax0, v_ax1, v_ax2 - T.int64(1)])
            T.writes(pad_temp[v_ax0, v_ax1, v_ax2])
            pad_temp[v_ax0, v_ax1, v_ax2] = T.if_then_else(T.int64(1) <= v_ax2 and v_ax2 < T.int64(10), p0[v_ax0, v_ax1, v_ax2 - T.int64(1)], T.float32(-3.4028234663852886e+38))
    for ax0, ax1, ax2, rv0 in T.grid(T.int64(1), T.int64(2), T.int64(5), T.int64(3)):
        with T.block("pool_max"):
            v_ax0, v_ax1, v_ax2, v_rv0 = T.axis.remap("SSSR", [ax0, ax1, ax2, rv0])
            T.reads(pad_temp[v_ax0, v_ax1, v_ax2 * T.int64(2) + v_rv0])
            T.writes(pool_max[v_ax0, v_ax1, v_ax2])
            T.block_attr({"schedule_rule": "meta_schedule.pool_max"})
            with T.init():
                pool_max[v_ax0, v_ax1, v_ax2] = T.float32(-3.4028234663852886e+38)
            pool_max[v_ax0, v_ax1, v_ax2] = T.max(pool_max[v_ax0, v_ax1, v_ax2], pad_temp[v_ax0, v_ax1, v_ax2 * T.int64(2) + v_rv0])
)TVM");
}

// the tail padded by padding + stride - 1; the divisor counts real elements.
TEST(OpFidelityNN, AvgPool1DCeil) {
  EXPECT_EQ(LowerOne("%a: Tensor[(1, 2, 9), float32]",
                     "nn.avg_pool1d(%a, pool_size=[2], strides=[2], padding=[0, 1], ceil_mode=True)"),
            R"TVM(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(1), T.int64(2), T.int64(9)), "float32"), pool_avg: T.Buffer((T.int64(1), T.int64(2), T.int64(5)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    pad_temp = T.alloc_buffer((T.int64(1), T.int64(2), T.int64(11)))
    pool_sum = T.alloc_buffer((T.int64(1), T.int64(2), T.int64(5)))
    for ax0, ax1, ax2 in T.grid(T.int64(1), T.int64(2), T.int64(11)):
        with T.block("pad_temp"):
            v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(p0[v_ax0, v_ax1, v_ax2])
            T.writes(pad_temp[v_ax0, v_ax1, v_ax2])
            pad_temp[v_ax0, v_ax1, v_ax2] = T.if_then_else(v_ax2 < T.int64(9), p0[v_ax0, v_ax1, v_ax2], T.float32(0))
    for ax0, ax1, ax2, rv0 in T.grid(T.int64(1), T.int64(2), T.int64(5), T.int64(2)):
        with T.block("pool_sum"):
            v_ax0, v_ax1, v_ax2, v_rv0 = T.axis.remap("SSSR", [ax0, ax1, ax2, rv0])
            T.reads(pad_temp[v_ax0, v_ax1, v_ax2 * T.int64(2) + v_rv0])
            T.writes(pool_sum[v_ax0, v_ax1, v_ax2])
            with T.init():
                pool_sum[v_ax0, v_ax1, v_ax2] = T.float32(0)
            pool_sum[v_ax0, v_ax1, v_ax2] = pool_sum[v_ax0, v_ax1, v_ax2] + pad_temp[v_ax0, v_ax1, v_ax2 * T.int64(2) + v_rv0]
    for ax0, ax1, ax2 in T.grid(T.int64(1), T.int64(2), T.int64(5)):
        with T.block("pool_avg"):
            v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(pool_sum[v_ax0, v_ax1, v_ax2])
            T.writes(pool_avg[v_ax0, v_ax1, v_ax2])
            T.block_attr({"schedule_rule": "meta_schedule.pool_avg"})
            pool_avg[v_ax0, v_ax1, v_ax2] = pool_sum[v_ax0, v_ax1, v_ax2] / T.Cast("float32", T.max(T.min(v_ax2 * T.int64(2) + T.int64(1), T.int64(8)) + T.int64(1) - T.max(T.int64(0) - v_ax2 * T.int64(2), T.int64(0)) - v_ax2 * T.int64(2), T.int64(1)))
)TVM");
}

// truncdiv/truncmod indices (T.Div, T.truncmod); DCR channel factor * (bs * y % bs + x % bs) + c.
TEST(OpFidelityNN, DepthToSpaceDcr) {
  EXPECT_EQ(LowerOne("%a: Tensor[(1, 8, 2, 3), float32]",
                     "nn.depth_to_space(%a, block_size=2)"),
            R"TVM(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(1), T.int64(8), T.int64(2), T.int64(3)), "float32"), depth_to_space: T.Buffer((T.int64(1), T.int64(2), T.int64(4), T.int64(6)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for i0, i1, i2, i3 in T.grid(T.int64(1), T.int64(2), T.int64(4), T.int64(6)):
        with T.block("depth_to_space"):
            v_i0, v_i1, v_i2, v_i3 = T.axis.remap("SSSS", [i0, i1, i2, i3])
            T.reads(p0[v_i0, T.truncmod(v_i2, T.int64(2)) * T.int64(4) + T.truncmod(v_i3, T.int64(2)) * T.int64(2) + v_i1, T.Div(v_i2, T.int64(2)), T.Div(v_i3, T.int64(2))])
            T.writes(depth_to_space[v_i0, v_i1, v_i2, v_i3])
            depth_to_space[v_i0, v_i1, v_i2, v_i3] = p0[v_i0, T.truncmod(v_i2, T.int64(2)) * T.int64(4) + T.truncmod(v_i3, T.int64(2)) * T.int64(2) + v_i1, T.Div(v_i2, T.int64(2)), T.Div(v_i3, T.int64(2))]
)TVM");
}

// block offset c / C split into (row, column) of the block.
TEST(OpFidelityNN, SpaceToDepth) {
  EXPECT_EQ(LowerOne("%a: Tensor[(1, 2, 4, 6), float32]",
                     "nn.space_to_depth(%a, block_size=2)"),
            R"TVM(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(1), T.int64(2), T.int64(4), T.int64(6)), "float32"), space_to_depth: T.Buffer((T.int64(1), T.int64(8), T.int64(2), T.int64(3)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for i0, i1, i2, i3 in T.grid(T.int64(1), T.int64(8), T.int64(2), T.int64(3)):
        with T.block("space_to_depth"):
            v_i0, v_i1, v_i2, v_i3 = T.axis.remap("SSSS", [i0, i1, i2, i3])
            T.reads(p0[v_i0, T.truncmod(v_i1, T.int64(2)), v_i2 * T.int64(2) + T.Div(v_i1, T.int64(4)), v_i3 * T.int64(2) + T.Div(T.truncmod(v_i1, T.int64(4)), T.int64(2))])
            T.writes(space_to_depth[v_i0, v_i1, v_i2, v_i3])
            space_to_depth[v_i0, v_i1, v_i2, v_i3] = p0[v_i0, T.truncmod(v_i1, T.int64(2)), v_i2 * T.int64(2) + T.Div(v_i1, T.int64(4)), v_i3 * T.int64(2) + T.Div(T.truncmod(v_i1, T.int64(4)), T.int64(2))]
)TVM");
}

// MirrorPadInput: if_then_else(above, mirrored, if_then_else(below, mirrored, index)) on padded dims only.
TEST(OpFidelityNN, MirrorPadSymmetric) {
  EXPECT_EQ(LowerOne("%a: Tensor[(2, 3, 4), float32]",
                     "nn.mirror_pad(%a, pad_width=[[0, 0], [1, 2], [2, 0]])"),
            R"TVM(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(3), T.int64(4)), "float32"), MirrorPadInput: T.Buffer((T.int64(2), T.int64(6), T.int64(6)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for i0, i1, i2 in T.grid(T.int64(2), T.int64(6), T.int64(6)):
        with T.block("MirrorPadInput"):
            v_i0, v_i1, v_i2 = T.axis.remap("SSS", [i0, i1, i2])
            T.reads(p0[v_i0, T.if_then_else(T.int64(4) <= v_i1, T.int64(6) - v_i1, T.if_then_else(v_i1 < T.int64(1), T.int64(0) - v_i1, v_i1 - T.int64(1))), T.if_then_else(T.int64(6) <= v_i2, T.int64(9) - v_i2, T.if_then_else(v_i2 < T.int64(2), T.int64(1) - v_i2, v_i2 - T.int64(2)))])
            T.writes(MirrorPadInput[v_i0, v_i1, v_i2])
            MirrorPadInput[v_i0, v_i1, v_i2] = p0[v_i0, T.if_then_else(T.int64(4) <= v_i1, T.int64(6) - v_i1, T.if_then_else(v_i1 < T.int64(1), T.int64(0) - v_i1, v_i1 - T.int64(1))), T.if_then_else(T.int64(6) <= v_i2, T.int64(9) - v_i2, T.if_then_else(v_i2 < T.int64(2), T.int64(1) - v_i2, v_i2 - T.int64(2)))]
)TVM");
}

// conv1d_transpose_ncw: data_dilate, data_pad, kernel (flipped OIW, vars o i w), compute over dc/dw.
TEST(OpFidelityNN, Conv1DTranspose) {
  EXPECT_EQ(LowerOne("%a: Tensor[(1, 3, 5), float32], %w: Tensor[(3, 2, 3), float32]",
                     "nn.conv1d_transpose(%a, %w, channels=2, kernel_size=[3], strides=[2], padding=[1, 1], output_padding=[1])"),
            R"TVM(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(1), T.int64(3), T.int64(5)), "float32"), p1: T.Buffer((T.int64(3), T.int64(2), T.int64(3)), "float32"), compute: T.Buffer((T.int64(1), T.int64(2), T.int64(10)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    data_dilate = T.alloc_buffer((T.int64(1), T.int64(3), T.int64(9)))
    data_pad = T.alloc_buffer((T.int64(1), T.int64(3), T.int64(12)))
    kernel = T.alloc_buffer((T.int64(2), T.int64(3), T.int64(3)))
    for i0, i1, i2 in T.grid(T.int64(1), T.int64(3), T.int64(9)):
        with T.block("data_dilate"):
            v_i0, v_i1, v_i2 = T.axis.remap("SSS", [i0, i1, i2])
            T.reads(p0[v_i0, v_i1, v_i2 // T.int64(2)])
            T.writes(data_dilate[v_i0, v_i1, v_i2])
            data_dilate[v_i0, v_i1, v_i2] = T.if_then_else(v_i2 % T.int64(2) == T.int64(0), p0[v_i0, v_i1, v_i2 // T.int64(2)], T.float32(0))
    for i0, i1, i2 in T.grid(T.int64(1), T.int64(3), T.int64(12)):
        with T.block("data_pad"):
            v_i0, v_i1, v_i2 = T.axis.remap("SSS", [i0, i1, i2])
            T.reads(data_dilate[v_i0, v_i1, v_i2 - T.int64(1)])
            T.writes(data_pad[v_i0, v_i1, v_i2])
            data_pad[v_i0, v_i1, v_i2] = T.if_then_else(T.int64(1) <= v_i2 and v_i2 < T.int64(10), data_dilate[v_i0, v_i1, v_i2 - T.int64(1)], T.float32(0))
    for o, i, w in T.grid(T.int64(2), T.int64(3), T.int64(3)):
        with T.block("kernel"):
            v_o, v_i, v_w = T.axis.remap("SSS", [o, i, w])
            T.reads(p1[v_i, v_o, T.int64(2) - v_w])
            T.writes(kernel[v_o, v_i, v_w])
            kernel[v_o, v_i, v_w] = p1[v_i, v_o, T.int64(2) - v_w]
    for b, c, w, dc, dw in T.grid(T.int64(1), T.int64(2), T.int64(10), T.int64(3), T.int64(3)):
        with T.block("compute"):
            v_b, v_c, v_w, v_dc, v_dw = T.axis.remap("SSSRR", [b, c, w, dc, dw])
            T.reads(data_pad[v_b, v_dc, v_w + v_dw], kernel[v_c, v_dc, v_dw])
            T.writes(compute[v_b, v_c, v_w])
            with T.init():
                compute[v_b, v_c, v_w] = T.float32(0)
            compute[v_b, v_c, v_w] = compute[v_b, v_c, v_w] + data_pad[v_b, v_dc, v_w + v_dw] * kernel[v_c, v_dc, v_dw]
)TVM");
}

// adaptive_pool_impl over W: constant window 2, avg as a product by 0.5.
TEST(OpFidelityNN, AdaptiveAvgPool1D) {
  EXPECT_EQ(LowerOne("%a: Tensor[(1, 2, 8), float32]",
                     "nn.adaptive_avg_pool1d(%a, output_size=[4])"),
            R"TVM(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(1), T.int64(2), T.int64(8)), "float32"), adaptive_pool_avg: T.Buffer((T.int64(1), T.int64(2), T.int64(4)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    adaptive_pool_sum = T.alloc_buffer((T.int64(1), T.int64(2), T.int64(4)))
    for ax0, ax1, ax2, rv0 in T.grid(T.int64(1), T.int64(2), T.int64(4), T.int64(2)):
        with T.block("adaptive_pool_sum"):
            v_ax0, v_ax1, v_ax2, v_rv0 = T.axis.remap("SSSR", [ax0, ax1, ax2, rv0])
            T.reads(p0[v_ax0, v_ax1, v_ax2 * T.int64(2) + v_rv0])
            T.writes(adaptive_pool_sum[v_ax0, v_ax1, v_ax2])
            with T.init():
                adaptive_pool_sum[v_ax0, v_ax1, v_ax2] = T.float32(0)
            adaptive_pool_sum[v_ax0, v_ax1, v_ax2] = adaptive_pool_sum[v_ax0, v_ax1, v_ax2] + p0[v_ax0, v_ax1, v_ax2 * T.int64(2) + v_rv0]
    for ax0, ax1, ax2 in T.grid(T.int64(1), T.int64(2), T.int64(4)):
        with T.block("adaptive_pool_avg"):
            v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(adaptive_pool_sum[v_ax0, v_ax1, v_ax2])
            T.writes(adaptive_pool_avg[v_ax0, v_ax1, v_ax2])
            T.block_attr({"schedule_rule": "meta_schedule.adaptive_pool_avg"})
            adaptive_pool_avg[v_ax0, v_ax1, v_ax2] = adaptive_pool_sum[v_ax0, v_ax1, v_ax2] * T.float32(0.5)
)TVM");
}

// DilatedInput: floordiv/floormod on the strided dims only, the dilation value as the else branch.
TEST(OpFidelityNN, Dilate) {
  EXPECT_EQ(LowerOne("%a: Tensor[(2, 3, 4), float32]",
                     "nn.dilate(%a, strides=[1, 2, 3], dilation_value=0.5f)"),
            R"TVM(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(3), T.int64(4)), "float32"), DilatedInput: T.Buffer((T.int64(2), T.int64(5), T.int64(10)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for i0, i1, i2 in T.grid(T.int64(2), T.int64(5), T.int64(10)):
        with T.block("DilatedInput"):
            v_i0, v_i1, v_i2 = T.axis.remap("SSS", [i0, i1, i2])
            T.reads(p0[v_i0, v_i1 // T.int64(2), v_i2 // T.int64(3)])
            T.writes(DilatedInput[v_i0, v_i1, v_i2])
            DilatedInput[v_i0, v_i1, v_i2] = T.if_then_else(v_i1 % T.int64(2) == T.int64(0) and v_i2 % T.int64(3) == T.int64(0), p0[v_i0, v_i1 // T.int64(2), v_i2 // T.int64(3)], T.float32(0.5))
)TVM");
}

// topi.nn.conv over NCDHW/OIDHW: vars nn ff yy xx zz, reductions rc ry rx rz.
TEST(OpFidelityNN, Conv3DNcdhw) {
  EXPECT_EQ(LowerOne("%a: Tensor[(1, 2, 3, 4, 4), float32], %w: Tensor[(2, 2, 3, 3, 3), float32]",
                     "nn.conv3d(%a, %w, padding=[1, 1, 1], channels=2, kernel_size=[3, 3, 3])"),
            R"TVM(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(1), T.int64(2), T.int64(3), T.int64(4), T.int64(4)), "float32"), p1: T.Buffer((T.int64(2), T.int64(2), T.int64(3), T.int64(3), T.int64(3)), "float32"), conv3d_ncdhw: T.Buffer((T.int64(1), T.int64(2), T.int64(3), T.int64(4), T.int64(4)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    pad_temp = T.alloc_buffer((T.int64(1), T.int64(2), T.int64(5), T.int64(6), T.int64(6)))
    for i0, i1, i2, i3, i4 in T.grid(T.int64(1), T.int64(2), T.int64(5), T.int64(6), T.int64(6)):
        with T.block("pad_temp"):
            v_i0, v_i1, v_i2, v_i3, v_i4 = T.axis.remap("SSSSS", [i0, i1, i2, i3, i4])
            T.reads(p0[v_i0, v_i1, v_i2 - T.int64(1), v_i3 - T.int64(1), v_i4 - T.int64(1)])
            T.writes(pad_temp[v_i0, v_i1, v_i2, v_i3, v_i4])
            pad_temp[v_i0, v_i1, v_i2, v_i3, v_i4] = T.if_then_else(T.int64(1) <= v_i2 and v_i2 < T.int64(4) and T.int64(1) <= v_i3 and v_i3 < T.int64(5) and T.int64(1) <= v_i4 and v_i4 < T.int64(5), p0[v_i0, v_i1, v_i2 - T.int64(1), v_i3 - T.int64(1), v_i4 - T.int64(1)], T.float32(0))
    for nn, ff, yy, xx, zz, rc, ry, rx, rz in T.grid(T.int64(1), T.int64(2), T.int64(3), T.int64(4), T.int64(4), T.int64(2), T.int64(3), T.int64(3), T.int64(3)):
        with T.block("conv3d_ncdhw"):
            v_nn, v_ff, v_yy, v_xx, v_zz, v_rc, v_ry, v_rx, v_rz = T.axis.remap("SSSSSRRRR", [nn, ff, yy, xx, zz, rc, ry, rx, rz])
            T.reads(pad_temp[v_nn, v_rc, v_yy + v_ry, v_xx + v_rx, v_zz + v_rz], p1[v_ff, v_rc, v_ry, v_rx, v_rz])
            T.writes(conv3d_ncdhw[v_nn, v_ff, v_yy, v_xx, v_zz])
            with T.init():
                conv3d_ncdhw[v_nn, v_ff, v_yy, v_xx, v_zz] = T.float32(0)
            conv3d_ncdhw[v_nn, v_ff, v_yy, v_xx, v_zz] = conv3d_ncdhw[v_nn, v_ff, v_yy, v_xx, v_zz] + pad_temp[v_nn, v_rc, v_yy + v_ry, v_xx + v_rx, v_zz + v_rz] * p1[v_ff, v_rc, v_ry, v_rx, v_rz]
)TVM");
}

// group_conv3d_ndhwc: vars in layout order (nn yy xx zz ff), reductions ry rx rz rc, channel ff // 2 + rc.
TEST(OpFidelityNN, Conv3DNdhwcGroups) {
  EXPECT_EQ(LowerOne("%a: Tensor[(1, 3, 4, 4, 2), float32], %w: Tensor[(3, 3, 3, 1, 4), float32]",
                     "nn.conv3d(%a, %w, strides=[1, 2, 2], padding=[1, 1, 1], groups=2, channels=4, kernel_size=[3, 3, 3], data_layout=\"NDHWC\", kernel_layout=\"DHWIO\")"),
            R"TVM(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(1), T.int64(3), T.int64(4), T.int64(4), T.int64(2)), "float32"), p1: T.Buffer((T.int64(3), T.int64(3), T.int64(3), T.int64(1), T.int64(4)), "float32"), group_conv3d_ndhwc: T.Buffer((T.int64(1), T.int64(3), T.int64(2), T.int64(2), T.int64(4)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    pad_temp = T.alloc_buffer((T.int64(1), T.int64(5), T.int64(6), T.int64(6), T.int64(2)))
    for i0, i1, i2, i3, i4 in T.grid(T.int64(1), T.int64(5), T.int64(6), T.int64(6), T.int64(2)):
        with T.block("pad_temp"):
            v_i0, v_i1, v_i2, v_i3, v_i4 = T.axis.remap("SSSSS", [i0, i1, i2, i3, i4])
            T.reads(p0[v_i0, v_i1 - T.int64(1), v_i2 - T.int64(1), v_i3 - T.int64(1), v_i4])
            T.writes(pad_temp[v_i0, v_i1, v_i2, v_i3, v_i4])
            pad_temp[v_i0, v_i1, v_i2, v_i3, v_i4] = T.if_then_else(T.int64(1) <= v_i1 and v_i1 < T.int64(4) and T.int64(1) <= v_i2 and v_i2 < T.int64(5) and T.int64(1) <= v_i3 and v_i3 < T.int64(5), p0[v_i0, v_i1 - T.int64(1), v_i2 - T.int64(1), v_i3 - T.int64(1), v_i4], T.float32(0))
    for nn, yy, xx, zz, ff, ry, rx, rz, rc in T.grid(T.int64(1), T.int64(3), T.int64(2), T.int64(2), T.int64(4), T.int64(3), T.int64(3), T.int64(3), T.int64(1)):
        with T.block("group_conv3d_ndhwc"):
            v_nn, v_yy, v_xx, v_zz, v_ff, v_ry, v_rx, v_rz, v_rc = T.axis.remap("SSSSSRRRR", [nn, yy, xx, zz, ff, ry, rx, rz, rc])
            T.reads(pad_temp[v_nn, v_yy + v_ry, v_xx * T.int64(2) + v_rx, v_zz * T.int64(2) + v_rz, v_ff // T.int64(2) + v_rc], p1[v_ry, v_rx, v_rz, v_rc, v_ff])
            T.writes(group_conv3d_ndhwc[v_nn, v_yy, v_xx, v_zz, v_ff])
            with T.init():
                group_conv3d_ndhwc[v_nn, v_yy, v_xx, v_zz, v_ff] = T.float32(0)
            group_conv3d_ndhwc[v_nn, v_yy, v_xx, v_zz, v_ff] = group_conv3d_ndhwc[v_nn, v_yy, v_xx, v_zz, v_ff] + pad_temp[v_nn, v_yy + v_ry, v_xx * T.int64(2) + v_rx, v_zz * T.int64(2) + v_rz, v_ff // T.int64(2) + v_rc] * p1[v_ry, v_rx, v_rz, v_rc, v_ff]
)TVM");
}

// pool_impl_nd over D, H, W: reductions rv0 rv1 rv2, pad only on padded dims.
TEST(OpFidelityNN, MaxPool3D) {
  EXPECT_EQ(LowerOne("%a: Tensor[(1, 2, 4, 5, 5), float32]",
                     "nn.max_pool3d(%a, pool_size=[2, 3, 3], strides=[2, 2, 2], padding=[0, 1, 1])"),
            R"TVM(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(1), T.int64(2), T.int64(4), T.int64(5), T.int64(5)), "float32"), pool_max: T.Buffer((T.int64(1), T.int64(2), T.int64(2), T.int64(3), T.int64(3)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    pad_temp = T.alloc_buffer((T.int64(1), T.int64(2), T.int64(4), T.int64(7), T.int64(7)))
    for ax0, ax1, ax2, ax3, ax4 in T.grid(T.int64(1), T.int64(2), T.int64(4), T.int64(7), T.int64(7)):
        with T.block("pad_temp"):
            v_ax0, v_ax1, v_ax2, v_ax3, v_ax4 = T.axis.remap("SSSSS", [ax0, ax1, ax2, ax3, ax4])
            T.reads(p0[v_ax0, v_ax1, v_ax2, v_ax3 - T.int64(1), v_ax4 - T.int64(1)])
            T.writes(pad_temp[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4])
            pad_temp[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4] = T.if_then_else(T.int64(1) <= v_ax3 and v_ax3 < T.int64(6) and T.int64(1) <= v_ax4 and v_ax4 < T.int64(6), p0[v_ax0, v_ax1, v_ax2, v_ax3 - T.int64(1), v_ax4 - T.int64(1)], T.float32(-3.4028234663852886e+38))
    for ax0, ax1, ax2, ax3, ax4, rv0, rv1, rv2 in T.grid(T.int64(1), T.int64(2), T.int64(2), T.int64(3), T.int64(3), T.int64(2), T.int64(3), T.int64(3)):
        with T.block("pool_max"):
            v_ax0, v_ax1, v_ax2, v_ax3, v_ax4, v_rv0, v_rv1, v_rv2 = T.axis.remap("SSSSSRRR", [ax0, ax1, ax2, ax3, ax4, rv0, rv1, rv2])
            T.reads(pad_temp[v_ax0, v_ax1, v_ax2 * T.int64(2) + v_rv0, v_ax3 * T.int64(2) + v_rv1, v_ax4 * T.int64(2) + v_rv2])
            T.writes(pool_max[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4])
            T.block_attr({"schedule_rule": "meta_schedule.pool_max"})
            with T.init():
                pool_max[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4] = T.float32(-3.4028234663852886e+38)
            pool_max[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4] = T.max(pool_max[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4], pad_temp[v_ax0, v_ax1, v_ax2 * T.int64(2) + v_rv0, v_ax3 * T.int64(2) + v_rv1, v_ax4 * T.int64(2) + v_rv2])
)TVM");
}

// count_include_pad divisor clipped at data + pad_tail - 1 - offset per dim.
TEST(OpFidelityNN, AvgPool3DCeilIncludePad) {
  EXPECT_EQ(LowerOne("%a: Tensor[(1, 1, 4, 5, 5), float32]",
                     "nn.avg_pool3d(%a, pool_size=[2, 2, 2], strides=[2, 2, 2], ceil_mode=True, count_include_pad=True)"),
            R"TVM(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(1), T.int64(1), T.int64(4), T.int64(5), T.int64(5)), "float32"), pool_avg: T.Buffer((T.int64(1), T.int64(1), T.int64(2), T.int64(3), T.int64(3)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    pad_temp = T.alloc_buffer((T.int64(1), T.int64(1), T.int64(5), T.int64(6), T.int64(6)))
    pool_sum = T.alloc_buffer((T.int64(1), T.int64(1), T.int64(2), T.int64(3), T.int64(3)))
    for ax0, ax1, ax2, ax3, ax4 in T.grid(T.int64(1), T.int64(1), T.int64(5), T.int64(6), T.int64(6)):
        with T.block("pad_temp"):
            v_ax0, v_ax1, v_ax2, v_ax3, v_ax4 = T.axis.remap("SSSSS", [ax0, ax1, ax2, ax3, ax4])
            T.reads(p0[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4])
            T.writes(pad_temp[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4])
            pad_temp[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4] = T.if_then_else(v_ax2 < T.int64(4) and v_ax3 < T.int64(5) and v_ax4 < T.int64(5), p0[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4], T.float32(0))
    for ax0, ax1, ax2, ax3, ax4, rv0, rv1, rv2 in T.grid(T.int64(1), T.int64(1), T.int64(2), T.int64(3), T.int64(3), T.int64(2), T.int64(2), T.int64(2)):
        with T.block("pool_sum"):
            v_ax0, v_ax1, v_ax2, v_ax3, v_ax4, v_rv0, v_rv1, v_rv2 = T.axis.remap("SSSSSRRR", [ax0, ax1, ax2, ax3, ax4, rv0, rv1, rv2])
            T.reads(pad_temp[v_ax0, v_ax1, v_ax2 * T.int64(2) + v_rv0, v_ax3 * T.int64(2) + v_rv1, v_ax4 * T.int64(2) + v_rv2])
            T.writes(pool_sum[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4])
            with T.init():
                pool_sum[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4] = T.float32(0)
            pool_sum[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4] = pool_sum[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4] + pad_temp[v_ax0, v_ax1, v_ax2 * T.int64(2) + v_rv0, v_ax3 * T.int64(2) + v_rv1, v_ax4 * T.int64(2) + v_rv2]
    for ax0, ax1, ax2, ax3, ax4 in T.grid(T.int64(1), T.int64(1), T.int64(2), T.int64(3), T.int64(3)):
        with T.block("pool_avg"):
            v_ax0, v_ax1, v_ax2, v_ax3, v_ax4 = T.axis.remap("SSSSS", [ax0, ax1, ax2, ax3, ax4])
            T.reads(pool_sum[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4])
            T.writes(pool_avg[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4])
            T.block_attr({"schedule_rule": "meta_schedule.pool_avg"})
            pool_avg[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4] = pool_sum[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4] / T.Cast("float32", (T.min(v_ax2 * T.int64(2) + T.int64(1), T.int64(3)) + T.int64(1) - v_ax2 * T.int64(2)) * (T.min(v_ax3 * T.int64(2) + T.int64(1), T.int64(4)) + T.int64(1) - v_ax3 * T.int64(2)) * (T.min(v_ax4 * T.int64(2) + T.int64(1), T.int64(4)) + T.int64(1) - v_ax4 * T.int64(2)))
)TVM");
}

// adaptive_pool_impl over D, H, W (divisible windows).
TEST(OpFidelityNN, AdaptiveAvgPool3D) {
  EXPECT_EQ(LowerOne("%a: Tensor[(1, 2, 4, 6, 6), float32]",
                     "nn.adaptive_avg_pool3d(%a, output_size=[2, 3, 1])"),
            R"TVM(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(1), T.int64(2), T.int64(4), T.int64(6), T.int64(6)), "float32"), adaptive_pool_avg: T.Buffer((T.int64(1), T.int64(2), T.int64(2), T.int64(3), T.int64(1)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    adaptive_pool_sum = T.alloc_buffer((T.int64(1), T.int64(2), T.int64(2), T.int64(3), T.int64(1)))
    for ax0, ax1, ax2, ax3, ax4, rv0, rv1, rv2 in T.grid(T.int64(1), T.int64(2), T.int64(2), T.int64(3), T.int64(1), T.int64(2), T.int64(2), T.int64(6)):
        with T.block("adaptive_pool_sum"):
            v_ax0, v_ax1, v_ax2, v_ax3, v_ax4, v_rv0, v_rv1, v_rv2 = T.axis.remap("SSSSSRRR", [ax0, ax1, ax2, ax3, ax4, rv0, rv1, rv2])
            T.reads(p0[v_ax0, v_ax1, v_ax2 * T.int64(2) + v_rv0, v_ax3 * T.int64(2) + v_rv1, v_ax4 * T.int64(6) + v_rv2])
            T.writes(adaptive_pool_sum[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4])
            with T.init():
                adaptive_pool_sum[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4] = T.float32(0)
            adaptive_pool_sum[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4] = adaptive_pool_sum[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4] + p0[v_ax0, v_ax1, v_ax2 * T.int64(2) + v_rv0, v_ax3 * T.int64(2) + v_rv1, v_ax4 * T.int64(6) + v_rv2]
    for ax0, ax1, ax2, ax3, ax4 in T.grid(T.int64(1), T.int64(2), T.int64(2), T.int64(3), T.int64(1)):
        with T.block("adaptive_pool_avg"):
            v_ax0, v_ax1, v_ax2, v_ax3, v_ax4 = T.axis.remap("SSSSS", [ax0, ax1, ax2, ax3, ax4])
            T.reads(adaptive_pool_sum[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4])
            T.writes(adaptive_pool_avg[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4])
            T.block_attr({"schedule_rule": "meta_schedule.adaptive_pool_avg"})
            adaptive_pool_avg[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4] = adaptive_pool_sum[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4] * T.float32(0.041666666666666664)
)TVM");
}

// conv3d_transpose_ncdhw: data_dilate, data_pad (python pad: both conditions on a dim padded on one side), kernel_transform vars o i d h w, compute over dc dd dh dw.
TEST(OpFidelityNN, Conv3DTranspose) {
  EXPECT_EQ(LowerOne("%a: Tensor[(1, 2, 2, 3, 3), float32], %w: Tensor[(2, 3, 2, 2, 2), float32]",
                     "nn.conv3d_transpose(%a, %w, channels=3, kernel_size=[2, 2, 2], strides=[2, 2, 2], padding=[0, 1, 1, 0, 0, 1], output_padding=[1, 0, 0])"),
            R"TVM(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(1), T.int64(2), T.int64(2), T.int64(3), T.int64(3)), "float32"), p1: T.Buffer((T.int64(2), T.int64(3), T.int64(2), T.int64(2), T.int64(2)), "float32"), compute: T.Buffer((T.int64(1), T.int64(3), T.int64(5), T.int64(5), T.int64(4)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    data_dilate = T.alloc_buffer((T.int64(1), T.int64(2), T.int64(3), T.int64(5), T.int64(5)))
    data_pad = T.alloc_buffer((T.int64(1), T.int64(2), T.int64(6), T.int64(6), T.int64(5)))
    kernel_transform = T.alloc_buffer((T.int64(3), T.int64(2), T.int64(2), T.int64(2), T.int64(2)))
    for i0, i1, i2, i3, i4 in T.grid(T.int64(1), T.int64(2), T.int64(3), T.int64(5), T.int64(5)):
        with T.block("data_dilate"):
            v_i0, v_i1, v_i2, v_i3, v_i4 = T.axis.remap("SSSSS", [i0, i1, i2, i3, i4])
            T.reads(p0[v_i0, v_i1, v_i2 // T.int64(2), v_i3 // T.int64(2), v_i4 // T.int64(2)])
            T.writes(data_dilate[v_i0, v_i1, v_i2, v_i3, v_i4])
            data_dilate[v_i0, v_i1, v_i2, v_i3, v_i4] = T.if_then_else(v_i2 % T.int64(2) == T.int64(0) and v_i3 % T.int64(2) == T.int64(0) and v_i4 % T.int64(2) == T.int64(0), p0[v_i0, v_i1, v_i2 // T.int64(2), v_i3 // T.int64(2), v_i4 // T.int64(2)], T.float32(0))
    for i0, i1, i2, i3, i4 in T.grid(T.int64(1), T.int64(2), T.int64(6), T.int64(6), T.int64(5)):
        with T.block("data_pad"):
            v_i0, v_i1, v_i2, v_i3, v_i4 = T.axis.remap("SSSSS", [i0, i1, i2, i3, i4])
            T.reads(data_dilate[v_i0, v_i1, v_i2 - T.int64(1), v_i3, v_i4])
            T.writes(data_pad[v_i0, v_i1, v_i2, v_i3, v_i4])
            data_pad[v_i0, v_i1, v_i2, v_i3, v_i4] = T.if_then_else(T.int64(1) <= v_i2 and v_i2 < T.int64(4) and T.int64(0) <= v_i3 and v_i3 < T.int64(5), data_dilate[v_i0, v_i1, v_i2 - T.int64(1), v_i3, v_i4], T.float32(0))
    for o, i, d, h, w in T.grid(T.int64(3), T.int64(2), T.int64(2), T.int64(2), T.int64(2)):
        with T.block("kernel_transform"):
            v_o, v_i, v_d, v_h, v_w = T.axis.remap("SSSSS", [o, i, d, h, w])
            T.reads(p1[v_i, v_o, T.int64(1) - v_d, T.int64(1) - v_h, T.int64(1) - v_w])
            T.writes(kernel_transform[v_o, v_i, v_d, v_h, v_w])
            kernel_transform[v_o, v_i, v_d, v_h, v_w] = p1[v_i, v_o, T.int64(1) - v_d, T.int64(1) - v_h, T.int64(1) - v_w]
    for b, c, d, h, w, dc, dd, dh, dw in T.grid(T.int64(1), T.int64(3), T.int64(5), T.int64(5), T.int64(4), T.int64(2), T.int64(2), T.int64(2), T.int64(2)):
        with T.block("compute"):
            v_b, v_c, v_d, v_h, v_w, v_dc, v_dd, v_dh, v_dw = T.axis.remap("SSSSSRRRR", [b, c, d, h, w, dc, dd, dh, dw])
            T.reads(data_pad[v_b, v_dc, v_d + v_dd, v_h + v_dh, v_w + v_dw], kernel_transform[v_c, v_dc, v_dd, v_dh, v_dw])
            T.writes(compute[v_b, v_c, v_d, v_h, v_w])
            with T.init():
                compute[v_b, v_c, v_d, v_h, v_w] = T.float32(0)
            compute[v_b, v_c, v_d, v_h, v_w] = compute[v_b, v_c, v_d, v_h, v_w] + data_pad[v_b, v_dc, v_d + v_dd, v_h + v_dh, v_w + v_dw] * kernel_transform[v_c, v_dc, v_dd, v_dh, v_dw]
)TVM");
}

}  // namespace
}  // namespace tirgen
