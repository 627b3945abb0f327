// TOPI computes without a TVM golden: they lower, and their blocks carry TVM's names.
#include <gtest/gtest.h>

#include "tirgen/te/create_primfunc.h"
#include "tirgen/te/operation.h"
#include "tirgen/tir/functor.h"
#include "tirgen/tir/op.h"
#include "tirgen/topi/broadcast.h"
#include "tirgen/topi/elemwise.h"
#include "tirgen/topi/nn.h"
#include "tirgen/topi/transform.h"

#if __has_include("tirgen/script/printer.h")
#include "tirgen/script/printer.h"
#define TIRGEN_HAVE_PRINTER 1
#endif

namespace tirgen {
namespace {

using te::Tensor;
using tir::PrimExpr;
const DataType kF32 = DataType::Float(32);

std::vector<PrimExpr> Shape(std::initializer_list<int64_t> dims) {
  std::vector<PrimExpr> s;
  for (int64_t d : dims) s.push_back(tir::IntImm(DataType::Int(32), d));
  return s;
}

std::vector<std::string> Blocks(const tir::PrimFunc& f) {
  struct V : tir::StmtExprVisitor {
    std::vector<std::string> names;
    using tir::StmtExprVisitor::VisitStmt;
    void VisitStmt_(const tir::BlockNode* op) override {
      if (op->name_hint != "root") names.push_back(op->name_hint);
      tir::StmtExprVisitor::VisitStmt_(op);
    }
  } v;
  v.VisitStmt(f->body);
  return v.names;
}

tir::PrimFunc Lower(const std::vector<Tensor>& args) {
  tir::PrimFunc f = te::CreatePrimFunc(args, {}, DataType::Int(64));
#ifdef TIRGEN_HAVE_PRINTER
  EXPECT_FALSE(script::Print(f).empty());
#endif
  return f;
}

TEST(Topi, ElementwiseFamily) {
  Tensor x = te::placeholder(Shape({2, 3}), kF32, "p0");
  Tensor s = te::placeholder(Shape({3}), kF32, "p1");
  EXPECT_EQ(Blocks(Lower({x, topi::leaky_relu(x, 0.1)})), std::vector<std::string>{"T_leaky_relu"});
  EXPECT_EQ(Blocks(Lower({x, s, topi::prelu(x, s, 1)})), std::vector<std::string>{"T_prelu"});
  Tensor c = topi::clip(x, tir::make_const(kF32, 0.0), tir::make_const(kF32, 6.0));
  EXPECT_EQ(Blocks(Lower({x, c})), std::vector<std::string>{"T_clip"});
  EXPECT_EQ(Blocks(Lower({x, topi::full_like(x, tir::make_const(kF32, 1.0))})),
            std::vector<std::string>{"T_full_like"});
}

TEST(Topi, WhereBroadcasts) {
  Tensor c = te::placeholder(Shape({2, 1}), DataType::Bool(), "p0");
  Tensor x = te::placeholder(Shape({2, 3}), kF32, "p1");
  Tensor y = te::placeholder(Shape({3}), kF32, "p2");
  Tensor w = topi::where(c, x, y);
  EXPECT_EQ(w->shape.size(), 2u);
  EXPECT_EQ(Blocks(Lower({c, x, y, w})), std::vector<std::string>{"T_where"});
}

TEST(Topi, PadMatmulLogSoftmaxSlice) {
  Tensor x = te::placeholder(Shape({4, 6}), kF32, "p0");
  Tensor w = te::placeholder(Shape({6, 5}), kF32, "p1");
  EXPECT_EQ(Blocks(Lower({x, topi::pad_constant(x, {0, 1}, {0, 2}, PrimExpr())})),
            std::vector<std::string>{"T_pad"});
  tir::PrimFunc mm = Lower({x, w, topi::matmul(x, w, false, false, kF32)});
  EXPECT_EQ(Blocks(mm), std::vector<std::string>{"T_matmul_NN"});
  EXPECT_EQ(mm->attrs.count("layout_free_buffers"), 1u);
  EXPECT_EQ(Blocks(Lower({x, topi::log_softmax(x, -1)})),
            (std::vector<std::string>{"T_softmax_maxelem", "compute", "compute_1"}));
  Tensor sl = topi::strided_slice(x, {1, 0}, {3, -1}, {1, 2});
  EXPECT_EQ(*tir::as_const_int(sl->shape[0]), 2);
  EXPECT_EQ(*tir::as_const_int(sl->shape[1]), 3);
  EXPECT_EQ(Blocks(Lower({x, sl})), std::vector<std::string>{"T_strided_slice"});
}

TEST(Topi, Conv2dTranspose) {
  Tensor x = te::placeholder(Shape({1, 4, 5, 5}), kF32, "p0");
  Tensor w = te::placeholder(Shape({4, 2, 3, 3}), kF32, "p1");
  Tensor y = topi::conv2d_transpose_nchw(x, w, {2, 2}, {1, 1, 1, 1}, {1, 1}, kF32);
  // (5 - 1) * 2 - 2 + 3 + 1 = 10
  EXPECT_EQ(*tir::as_const_int(y->shape[2]), 10);
  EXPECT_EQ(Blocks(Lower({x, w, y})),
            (std::vector<std::string>{"data_dilate", "data_pad", "kernel_transform", "compute"}));
}

}  // namespace
}  // namespace tirgen
