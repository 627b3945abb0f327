// CreatePrimFunc against real TVM v0.14 output: TE programs built with tirgen's TOPI, lowered
// with index_dtype_override=int64, compared with tests/data/tvm/golden/<case>/primfunc_<i>.py
// (text, when the printer is built; structure otherwise).
#include <gtest/gtest.h>

#include <cstring>
#include <fstream>
#include <regex>
#include <sstream>

#include "tirgen/te/create_primfunc.h"
#include "tirgen/te/operation.h"
#include "tirgen/tir/functor.h"
#include "tirgen/tir/op.h"
#include "tirgen/topi/broadcast.h"
#include "tirgen/topi/elemwise.h"
#include "tirgen/topi/nn.h"
#include "tirgen/topi/reduction.h"
#include "tirgen/topi/transform.h"

#if __has_include("tirgen/script/printer.h")
#include "tirgen/script/printer.h"
#define TIRGEN_HAVE_PRINTER 1
#endif
#if __has_include("tirgen/script/parser.h") && __has_include("tirgen/tir/structural_equal.h")
#include "tirgen/script/parser.h"
#include "tirgen/tir/structural_equal.h"
#define TIRGEN_HAVE_PARSER 1
#endif

namespace tirgen {
namespace {

using te::Tensor;
using tir::PrimExpr;
const DataType kF32 = DataType::Float(32);
const DataType kI64 = DataType::Int(64);

std::string GoldenDir(const std::string& c) {
  return std::string(TIRGEN_SHARED_DIR) + "/golden/" + c + "/";
}

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in.good()) << "cannot read " << path;
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::vector<PrimExpr> Shape(std::initializer_list<int64_t> dims) {
  std::vector<PrimExpr> s;
  for (int64_t d : dims) s.push_back(tir::IntImm(DataType::Int(32), d));
  return s;
}

Tensor P(const std::string& name, std::initializer_list<int64_t> dims, DataType t = kF32) {
  return te::placeholder(Shape(dims), t, name);
}

// ---- numpy .npz (a stored zip of .npy files), enough for the golden params ---------------------
uint32_t U32(const std::string& s, size_t at) {
  uint32_t v;
  std::memcpy(&v, s.data() + at, 4);
  return v;
}
uint16_t U16(const std::string& s, size_t at) {
  uint16_t v;
  std::memcpy(&v, s.data() + at, 2);
  return v;
}

NDArray ParseNpy(const std::string& npy) {
  EXPECT_EQ(npy.substr(1, 5), "NUMPY");
  size_t header_len = U16(npy, 8);
  std::string header = npy.substr(10, header_len);
  std::smatch m;
  EXPECT_TRUE(std::regex_search(header, m, std::regex("'descr': '([<|>])([a-z])([0-9]+)'")));
  char kind = m[2].str()[0];
  int bytes = std::stoi(m[3].str());
  DataType t = kind == 'f' ? DataType::Float(bytes * 8)
               : kind == 'u' ? DataType::UInt(bytes * 8) : DataType::Int(bytes * 8);
  EXPECT_TRUE(std::regex_search(header, m, std::regex("'shape': \\(([0-9, ]*)\\)")));
  std::vector<int64_t> shape;
  std::stringstream dims(m[1].str());
  std::string d;
  while (std::getline(dims, d, ','))
    if (d.find_first_not_of(' ') != std::string::npos) shape.push_back(std::stoll(d));
  std::string data = npy.substr(10 + header_len);
  return NDArray(shape, t, std::vector<uint8_t>(data.begin(), data.end()));
}

NDArray LoadNpz(const std::string& path, const std::string& name) {
  std::string z = ReadFile(path);
  size_t at = 0;
  while (at + 30 <= z.size() && U32(z, at) == 0x04034b50) {
    uint32_t size = U32(z, at + 18);
    uint16_t name_len = U16(z, at + 26), extra_len = U16(z, at + 28);
    std::string file = z.substr(at + 30, name_len);
    size_t data_at = at + 30 + name_len + extra_len;
    if (file == name + ".npy") return ParseNpy(z.substr(data_at, size));
    at = data_at + size;
  }
  ADD_FAILURE() << name << " not found in " << path;
  return NDArray();
}

// ---- comparison ---------------------------------------------------------------------------------
std::vector<std::string> BlockNames(const tir::PrimFunc& f) {
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

void ExpectGolden(const tir::PrimFunc& f, const std::string& c, int index = 0) {
  std::string golden = ReadFile(GoldenDir(c) + "primfunc_" + std::to_string(index) + ".py");
  std::vector<std::string> expected_blocks;
  std::regex block_re("T\\.block\\(\"([^\"]*)\"\\)");
  for (auto it = std::sregex_iterator(golden.begin(), golden.end(), block_re);
       it != std::sregex_iterator(); ++it) {
    if ((*it)[1].str() != "root") expected_blocks.push_back((*it)[1].str());
  }
  EXPECT_EQ(BlockNames(f), expected_blocks) << c;
  std::smatch m;
  std::regex_search(golden, m, std::regex("def main\\((.*)\\):"));
  std::string params = m[1].str();
  size_t n_params = std::count(params.begin(), params.end(), ':');
  EXPECT_EQ(f->params.size(), n_params) << c;
#ifdef TIRGEN_HAVE_PRINTER
  EXPECT_EQ(script::Print(f), golden) << c;
#endif
#ifdef TIRGEN_HAVE_PARSER
  ObjectRef parsed = script::Parse(golden, c + ".py");
  EXPECT_TRUE(StructuralEqual(f, parsed)) << c << ": " << StructuralMismatch(f, parsed).value_or("");
#endif
}

tir::PrimFunc Lower(const std::vector<Tensor>& args,
                    const std::vector<std::pair<Tensor, NDArray>>& consts = {}) {
  return te::CreatePrimFunc(args, consts, kI64);
}

Tensor Conv(const Tensor& x, const Tensor& w, int64_t pad, DataType out = kF32, int64_t groups = 1,
            const std::string& layout = "NCHW") {
  return topi::conv2d(x, w, {1, 1}, {pad, pad, pad, pad}, {1, 1}, groups, layout, out);
}

// ---- the cases ----------------------------------------------------------------------------------

TEST(CreatePrimFuncGolden, AddRelu) {
  Tensor p0 = P("p0", {1, 16, 32, 32}), p1 = P("p1", {1, 16, 32, 32});
  Tensor out = topi::relu(topi::add(p0, p1));
  ExpectGolden(Lower({p0, p1, out}), "add_relu");
}

TEST(CreatePrimFuncGolden, Softmax) {
  Tensor p0 = P("p0", {4, 128});
  ExpectGolden(Lower({p0, topi::softmax(p0, -1)}), "softmax");
}

TEST(CreatePrimFuncGolden, Conv2dBiasRelu) {
  Tensor p0 = P("p0", {1, 3, 32, 32}), p1 = P("p1", {16, 3, 3, 3}), p2 = P("p2", {16});
  Tensor out = topi::relu(topi::add(Conv(p0, p1, 1), topi::expand_dims(p2, 1, 2)));
  ExpectGolden(Lower({p0, p1, p2, out}), "conv2d_bias_relu");
}

TEST(CreatePrimFuncGolden, DenseBiasRelu) {
  Tensor p0 = P("p0", {16, 64}), p1 = P("p1", {32, 64}), p2 = P("p2", {32});
  Tensor out = topi::relu(topi::add(topi::dense(p0, p1, kF32), p2));
  ExpectGolden(Lower({p0, p1, p2, out}), "dense_bias_relu");
}

TEST(CreatePrimFuncGolden, Conv2dBnRelu) {
  Tensor p0 = P("p0", {1, 8, 16, 16}), p1 = P("p1", {16, 8, 3, 3}), p2 = P("p2", {16, 1, 1});
  Tensor out = topi::relu(topi::add(Conv(p0, p1, 1), p2));
  ExpectGolden(Lower({p0, p1, p2, out}), "conv2d_bn_relu");
}

TEST(CreatePrimFuncGolden, ResidualBlock) {
  Tensor p0 = P("p0", {1, 8, 16, 16}), p1 = P("p1", {8, 8, 3, 3}), p2 = P("p2", {1, 8, 16, 16});
  ExpectGolden(Lower({p0, p1, topi::relu(Conv(p0, p1, 1))}), "residual_block", 0);
  ExpectGolden(Lower({p0, p1, p2, topi::relu(topi::add(Conv(p0, p1, 1), p2))}), "residual_block", 1);
}

TEST(CreatePrimFuncGolden, Conv2dNhwc) {
  Tensor p0 = P("p0", {1, 16, 16, 8}), p1 = P("p1", {3, 3, 8, 16});
  ExpectGolden(Lower({p0, p1, Conv(p0, p1, 1, kF32, 1, "NHWC")}), "conv2d_nhwc");
}

TEST(CreatePrimFuncGolden, GroupConv2d) {
  Tensor p0 = P("p0", {1, 8, 12, 12}), p1 = P("p1", {8, 4, 3, 3});
  ExpectGolden(Lower({p0, p1, Conv(p0, p1, 1, kF32, 2)}), "group_conv2d");
}

TEST(CreatePrimFuncGolden, Conv2dDepthwise) {
  Tensor p0 = P("p0", {1, 16, 16, 16}), p1 = P("p1", {16, 1, 3, 3});
  Tensor out = topi::depthwise_conv2d_nchw(p0, p1, {1, 1}, {1, 1, 1, 1}, {1, 1}, kF32);
  ExpectGolden(Lower({p0, p1, out}), "conv2d_depthwise");
}

TEST(CreatePrimFuncGolden, BatchMatmul) {
  Tensor p0 = P("p0", {4, 32, 64}), p1 = P("p1", {4, 48, 64});
  ExpectGolden(Lower({p0, p1, topi::batch_matmul(p0, p1, kF32)}), "batch_matmul");
}

TEST(CreatePrimFuncGolden, MaxPool2d) {
  Tensor p0 = P("p0", {1, 16, 32, 32});
  ExpectGolden(Lower({p0, topi::max_pool2d(p0, {3, 3}, {2, 2}, {1, 1, 1, 1})}), "max_pool2d");
}

TEST(CreatePrimFuncGolden, Conv2dLinkParams) {
  Tensor p0 = P("p0", {1, 64, 56, 56}, DataType::UInt(8));
  Tensor w = P("fused_constant", {64, 64, 3, 3}, DataType::UInt(8));
  NDArray data = LoadNpz(GoldenDir("conv2d_link_params") + "params.npz", "weight");
  Tensor out = Conv(p0, w, 0, DataType::Int(32));
  ExpectGolden(Lower({p0, out}, {{w, data}}), "conv2d_link_params");
}

TEST(CreatePrimFuncGolden, MlpLinkParams) {
  std::string npz = GoldenDir("mlp_link_params") + "params.npz";
  {
    Tensor p0 = P("p0", {4, 32});
    Tensor w = P("fused_constant", {64, 32}), b = P("fused_nn_dense_constant", {64});
    Tensor out = topi::relu(topi::add(topi::dense(p0, w, kF32), b));
    ExpectGolden(Lower({p0, out}, {{w, LoadNpz(npz, "w1")}, {b, LoadNpz(npz, "b1")}}),
                 "mlp_link_params", 0);
  }
  {
    Tensor p0 = P("p0", {4, 64});
    Tensor w = P("fused_constant", {10, 64}), b = P("fused_nn_dense_constant", {10});
    Tensor out = topi::add(topi::dense(p0, w, kF32), b);
    // Constants arrive in any order; the AllocateConst nesting follows first use.
    ExpectGolden(Lower({p0, out}, {{b, LoadNpz(npz, "b2")}, {w, LoadNpz(npz, "w2")}}),
                 "mlp_link_params", 1);
  }
}

// A Relay float32 scalar constant, as the graph layer lowers it.
Tensor F32Const(float v) { return topi::scalar_const(tir::make_const(kF32, static_cast<double>(v))); }

TEST(CreatePrimFuncGolden, BatchNormDropout) {
  Tensor p0 = P("p0", {6}), p1 = P("p1", {6}), p2 = P("p2", {2, 6, 5, 5}), p3 = P("p3", {6}),
         p4 = P("p4", {6});
  Tensor t0 = topi::add(p0, F32Const(1e-05f));
  Tensor t2 = topi::multiply(topi::rsqrt(t0), p1);
  Tensor t3 = topi::expand_dims(t2, 1, 2);
  Tensor t6 = topi::add(topi::multiply(topi::negative(p3), t2), p4);
  Tensor t7 = topi::multiply(p2, t3);
  Tensor out = topi::relu(topi::add(t7, topi::expand_dims(t6, 1, 2)));
  ExpectGolden(Lower({p0, p1, p2, p3, p4, out}), "batch_norm_dropout");
}

TEST(CreatePrimFuncGolden, FullLikeCopy) {
  Tensor p0 = P("p0", {4, 5}), p1 = P("p1", {4, 5});
  Tensor out = topi::add(F32Const(1.0f), topi::multiply(topi::identity(p0), p1));
  ExpectGolden(Lower({p0, p1, out}), "full_like_copy");
}

TEST(CreatePrimFuncGolden, UnaryChain) {
  Tensor p0 = P("p0", {8, 16});
  Tensor s = topi::sigmoid(p0), t = topi::tanh(p0), a = topi::abs(p0);
  Tensor n = topi::negative(a);
  Tensor t4 = topi::add(s, t);
  Tensor t6 = topi::multiply(t4, topi::exp(n));
  Tensor t8 = topi::add(a, F32Const(1.0f));
  Tensor t9 = topi::add(t6, topi::erf(p0));
  Tensor t11 = topi::add(t9, topi::log(t8));
  Tensor out = topi::add(t11, topi::rsqrt(t8));
  ExpectGolden(Lower({p0, out}), "unary_chain");
}

// Relay's mean / variance computes: a sum reduction divided by the element count.
Tensor Mean(const Tensor& x) {
  return topi::divide(topi::sum(x, {-1}, true), tir::make_const(kF32, 1.0 * tir::as_const_int(x->shape.back())[0]));
}
Tensor Variance(const Tensor& x, const Tensor& mean) {
  Tensor d = topi::subtract(x, mean);
  return topi::divide(topi::sum(topi::multiply(d, d), {-1}, true),
                      tir::make_const(kF32, 1.0 * tir::as_const_int(x->shape.back())[0]));
}

TEST(CreatePrimFuncGolden, MeanVariance) {
  Tensor p0 = P("p0", {4, 128}), p1 = P("p1", {4, 1}), p2 = P("p2", {4, 1});
  ExpectGolden(Lower({p0, topi::mean(p0, {-1}, true)}), "mean_variance", 0);
  ExpectGolden(Lower({p0, p1, topi::variance(p0, p1, {-1}, true)}), "mean_variance", 1);
  Tensor t0 = topi::add(p2, F32Const(1e-05f));
  Tensor out = topi::multiply(topi::subtract(p0, p1), topi::rsqrt(t0));
  ExpectGolden(Lower({p0, p1, p2, out}), "mean_variance", 2);
}

TEST(CreatePrimFuncGolden, LayerNorm) {
  Tensor p0 = P("p0", {4, 16, 64}), p1 = P("p1", {4, 16, 1}), p2 = P("p2", {4, 16, 1}),
         p3 = P("p3", {64}), p4 = P("p4", {64});
  ExpectGolden(Lower({p0, Mean(p0)}), "layer_norm", 0);
  ExpectGolden(Lower({p0, p1, Variance(p0, p1)}), "layer_norm", 1);
  Tensor t0 = topi::add(p2, F32Const(1e-05f));
  Tensor t3 = topi::multiply(topi::subtract(p0, p1), topi::rsqrt(t0));
  Tensor out = topi::add(topi::multiply(t3, p3), p4);
  ExpectGolden(Lower({p0, p1, p2, p3, p4, out}), "layer_norm", 2);
}

TEST(CreatePrimFuncGolden, ConcatSplit) {
  Tensor p0 = P("p0", {2, 3, 4}), p1 = P("p1", {2, 5, 4});
  std::vector<Tensor> parts = topi::split(topi::concatenate({p0, p1}, 1), {2, 6}, 1);
  ExpectGolden(Lower({p0, p1, parts[0], parts[1], parts[2]}), "concat_split", 0);
  // A tuple parameter: one placeholder per field, all named after the parameter.
  Tensor a = P("p0", {2, 2, 4}), b = P("p0", {2, 4, 4}), c = P("p0", {2, 2, 4});
  ExpectGolden(Lower({a, b, c, topi::exp(a)}), "concat_split", 1);
  ExpectGolden(Lower({a, b, c, topi::negative(c)}), "concat_split", 2);
}

TEST(CreatePrimFuncGolden, SplitSections) {
  Tensor p0 = P("p0", {6, 9});
  std::vector<Tensor> parts = topi::split_sections(p0, 3, 1);
  ExpectGolden(Lower({p0, parts[0], parts[1], parts[2]}), "split_sections", 0);
  Tensor a = P("p0", {6, 3}), b = P("p0", {6, 3}), c = P("p0", {6, 3});
  ExpectGolden(Lower({a, b, c, topi::sigmoid(a)}), "split_sections", 1);
  ExpectGolden(Lower({a, b, c, topi::tanh(b)}), "split_sections", 2);
}

TEST(CreatePrimFuncGolden, StackGather) {
  Tensor p0 = P("p0", {3, 4}), p1 = P("p1", {3, 4});
  ExpectGolden(Lower({p0, p1, topi::stack({p0, p1}, 0)}), "stack_gather", 0);
  Tensor idx = P("p1", {3, 2}, kI64);
  ExpectGolden(Lower({p0, idx, topi::gather(p0, 1, idx)}), "stack_gather", 1);
}

TEST(CreatePrimFuncGolden, TakeEmbedding) {
  Tensor p0 = P("p0", {100, 16}), p1 = P("p1", {2, 7}, DataType::Int(32));
  ExpectGolden(Lower({p0, p1, topi::take(p0, p1, 0)}), "take_embedding");
}

TEST(CreatePrimFuncGolden, TileRepeatReverse) {
  Tensor p0 = P("p0", {2, 3, 4});
  ExpectGolden(Lower({p0, topi::tile(p0, {2, 1, 2})}), "tile_repeat_reverse", 0);
  ExpectGolden(Lower({p0, topi::repeat(p0, 2, 1)}), "tile_repeat_reverse", 1);
  ExpectGolden(Lower({p0, topi::reverse_sequence(p0, 2)}), "tile_repeat_reverse", 2);
}

TEST(CreatePrimFuncGolden, ExpandSqueezeBroadcast) {
  Tensor p0 = P("p0", {1, 8, 1});
  Tensor out = topi::broadcast_to(topi::expand_dims(topi::squeeze(p0, {2}), 2), Shape({3, 8, 5}));
  ExpectGolden(Lower({p0, out}), "expand_squeeze_broadcast");
}

TEST(CreatePrimFuncGolden, Argmax) {
  Tensor p0 = P("p0", {4, 10});
  ExpectGolden(Lower({p0, topi::argmax(p0, {1}, false)}), "argmax");
}

TEST(CreatePrimFuncGolden, AvgPool2d) {
  Tensor p0 = P("p0", {1, 8, 16, 16});
  ExpectGolden(Lower({p0, topi::avg_pool2d(p0, {3, 3}, {2, 2}, {1, 1, 1, 1})}), "avg_pool2d");
}

TEST(CreatePrimFuncGolden, GlobalAvgPool2d) {
  Tensor p0 = P("p0", {1, 32, 7, 7});
  ExpectGolden(Lower({p0, topi::adaptive_avg_pool2d(p0, {1, 1})}), "global_avg_pool2d", 0);
  Tensor p1 = P("p0", {1, 32, 1, 1});
  ExpectGolden(Lower({p1, topi::flatten(p1)}), "global_avg_pool2d", 1);
}

TEST(CreatePrimFuncGolden, TransposeReshape) {
  Tensor p0 = P("p0", {2, 3, 4, 5});
  Tensor out = topi::reshape(topi::transpose(p0, {0, 2, 1, 3}), Shape({8, 15}));
  ExpectGolden(Lower({p0, out}), "transpose_reshape");
}

TEST(CreatePrimFuncGolden, ReshapeSpecial) {
  Tensor p0 = P("p0", {2, 3, 4, 1});
  Tensor out = topi::reshape(topi::squeeze(p0, {}), Shape({2, 3, 2, 2}));
  ExpectGolden(Lower({p0, out}), "reshape_special");
}

// ---- behaviour not covered by the goldens ---------------------------------------------------

const tir::BlockNode* FindBlock(const tir::PrimFunc& f, const std::string& name) {
  struct V : tir::StmtExprVisitor {
    std::string name;
    const tir::BlockNode* found = nullptr;
    using tir::StmtExprVisitor::VisitStmt;
    void VisitStmt_(const tir::BlockNode* op) override {
      if (op->name_hint == name) found = op;
      tir::StmtExprVisitor::VisitStmt_(op);
    }
  } v;
  v.name = name;
  v.VisitStmt(f->body);
  return v.found;
}

TEST(CreatePrimFunc, RepeatedReadsUnionToACoveringRange) {
  Tensor a = P("A", {8});
  Tensor b = te::compute(Shape({7}), [&](const std::vector<tir::Var>& i) { return a(i[0]) + a(i[0] + 1); }, "B");
  tir::PrimFunc f = te::CreatePrimFunc({a, b});
  const tir::BlockNode* blk = FindBlock(f, "B");
  ASSERT_TRUE(blk);
  ASSERT_EQ(blk->reads.size(), 1u);
  const tir::Range& r = blk->reads[0]->region[0];
  EXPECT_TRUE(r->min.as<tir::VarNode>());
  ASSERT_TRUE(tir::as_const_int(r->extent));
  EXPECT_EQ(*tir::as_const_int(r->extent), 2);
}

TEST(CreatePrimFunc, ReductionReadsLeaveOutTheOutput) {
  Tensor a = P("A", {4, 8});
  tir::IterVar k = te::reduce_axis(tir::Range(0, 8), "k");
  Tensor s = te::compute(Shape({4}), [&](const std::vector<tir::Var>& i) { return tir::sum(a(i[0], k->var), {k}); }, "S");
  tir::PrimFunc f = te::CreatePrimFunc({a, s});
  const tir::BlockNode* blk = FindBlock(f, "S");
  ASSERT_TRUE(blk && blk->init);
  ASSERT_EQ(blk->reads.size(), 1u);
  EXPECT_EQ(blk->reads[0]->buffer->name, "A");
  ASSERT_EQ(blk->writes.size(), 1u);
  EXPECT_EQ(blk->iter_vars[1]->iter_type, tir::IterVarType::kCommReduce);
}

// A reduction's `where` guards each update (TVM v0.14 drops it: it would sum the whole row).
TEST(CreatePrimFunc, ReductionConditionGuardsTheUpdate) {
  Tensor a = P("A", {4, 4});
  tir::IterVar k = te::reduce_axis(tir::Range(0, 4), "k");
  Tensor s = te::compute(
      Shape({4}), [&](const std::vector<tir::Var>& i) { return tir::sum(a(i[0], k->var), {k}, k->var <= i[0]); }, "S");
  tir::PrimFunc f = te::CreatePrimFunc({a, s});
  const tir::BlockNode* blk = FindBlock(f, "S");
  ASSERT_TRUE(blk && blk->init);
  const auto* guard = blk->body.as<tir::IfThenElseNode>();
  ASSERT_TRUE(guard) << "the update must sit under the reduction's condition";
  EXPECT_FALSE(guard->else_case.defined());
  EXPECT_TRUE(guard->then_case.as<tir::BufferStoreNode>());
}

TEST(CreatePrimFunc, WithoutOverrideIndicesStayInt32) {
  Tensor a = P("A", {4});
  Tensor b = topi::relu(a);
  tir::PrimFunc f = te::CreatePrimFunc({a, b});
  EXPECT_EQ(f->buffer_map[0].second->shape[0].dtype(), DataType::Int(32));
  tir::PrimFunc g = te::CreatePrimFunc({a, b}, {}, kI64);
  EXPECT_EQ(g->buffer_map[0].second->shape[0].dtype(), kI64);
  EXPECT_EQ(f->attrs.count("global_symbol"), 1u);
  EXPECT_EQ(f->attrs.count("tir.noalias"), 1u);
}

TEST(CreatePrimFunc, DuplicateNamesGetFreshBlockNames) {
  Tensor a = P("A", {4});
  Tensor b = topi::exp(a, "E");
  Tensor c = topi::exp(b, "E");
  tir::PrimFunc f = te::CreatePrimFunc({a, c});
  EXPECT_EQ(BlockNames(f), (std::vector<std::string>{"E", "E_1"}));
}

TEST(CreatePrimFunc, PlaceholderMustBeAnArgument) {
  Tensor a = P("A", {4});
  Tensor b = topi::exp(a);
  EXPECT_THROW(te::CreatePrimFunc({b}), Error);
}

}  // namespace
}  // namespace tirgen
