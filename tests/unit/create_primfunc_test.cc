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
#if __has_include("tirgen/script/parser.h") && __has_include("tirgen/ir/structural_equal.h")
#include "tirgen/ir/structural_equal.h"
#include "tirgen/script/parser.h"
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
  EXPECT_TRUE(StructuralEqual(f, script::Parse(golden, c + ".py"))) << c;
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

}  // namespace
}  // namespace tirgen
