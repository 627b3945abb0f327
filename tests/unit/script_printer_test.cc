// TVMScript printer tests: hand-built IR against real TVM v0.14 output, and printer rules.
#include "tirgen/script/printer.h"

#include <gtest/gtest.h>

#include <cstring>
#include <fstream>
#include <sstream>

#include "tirgen/tir/function.h"

namespace tirgen {
namespace script {
namespace {

using namespace tir;  // NOLINT

PrimExpr I64(int64_t v) { return IntImm(DataType::Int(64), v); }
PrimExpr F32(double v) { return FloatImm(DataType::Float(32), v); }
PrimExpr True() { return IntImm(DataType::Bool(), 1); }

std::string ReadFile(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::vector<PrimExpr> Shape4(int64_t a, int64_t b, int64_t c, int64_t d) {
  return {I64(a), I64(b), I64(c), I64(d)};
}

/// A param: handle var + buffer (TVM's default buffer for a `T.Buffer` annotation).
std::pair<Var, Buffer> Param(const std::string& name, std::vector<PrimExpr> shape) {
  Var handle(name, DataType::Handle());
  Buffer buf = Buffer::Decl(std::move(shape), DataType::Float(32), name);
  return {handle, buf};
}

/// `for v0..v3 in T.grid(...)`: block `name` computing out[v] = f(v).
Stmt ElementwiseNest(const std::string& name, const Buffer& out, std::vector<BufferRegion> reads,
                     const std::function<PrimExpr(const std::vector<PrimExpr>&)>& value) {
  std::vector<Var> loops, vs;
  std::vector<IterVar> ivs;
  std::vector<PrimExpr> loop_exprs, v_exprs;
  for (int i = 0; i < 4; ++i) {
    loops.emplace_back("ax" + std::to_string(i), DataType::Int(64));
    vs.emplace_back("v_ax" + std::to_string(i), DataType::Int(64));
    ivs.emplace_back(Range(I64(0), out->shape[i]), vs.back(), IterVarType::kDataPar);
    loop_exprs.push_back(loops.back());
    v_exprs.push_back(vs.back());
  }
  std::vector<Range> point;
  for (const PrimExpr& v : v_exprs) point.emplace_back(v, I64(1));
  std::vector<BufferRegion> rs;
  for (const BufferRegion& r : reads) {
    std::vector<Range> pr;
    for (const PrimExpr& v : v_exprs) pr.emplace_back(v, I64(1));
    rs.emplace_back(r->buffer, pr);
  }
  Stmt body = BufferStore(out, value(v_exprs), v_exprs);
  Block block(ivs, rs, {BufferRegion(out, point)}, name, body);
  Stmt s = BlockRealize(loop_exprs, True(), block);
  for (int i = 3; i >= 0; --i) s = For(loops[i], I64(0), out->shape[i], ForKind::kSerial, s);
  return s;
}

PrimFunc AddRelu() {
  auto shape = [] { return Shape4(1, 16, 32, 32); };
  auto p0 = Param("p0", shape());
  auto p1 = Param("p1", shape());
  auto out = Param("T_relu", shape());
  Buffer t_add = Buffer::Decl(shape(), DataType::Float(32), "T_add");
  Stmt add = ElementwiseNest("T_add", t_add, {BufferRegion::Full(p0.second), BufferRegion::Full(p1.second)},
                             [&](const std::vector<PrimExpr>& v) {
                               return Binary(Kind::kAdd, BufferLoad(p0.second, v), BufferLoad(p1.second, v));
                             });
  Stmt relu = ElementwiseNest("T_relu", out.second, {BufferRegion::Full(t_add)},
                              [&](const std::vector<PrimExpr>& v) {
                                return Binary(Kind::kMax, BufferLoad(t_add, v), F32(0));
                              });
  Block root({}, {}, {}, "root", SeqStmt({add, relu}), std::nullopt, {t_add});
  AttrMap attrs{{"global_symbol", String("main")}, {"tir.noalias", IntImm(DataType::Bool(), 1)}};
  return PrimFunc({p0.first, p1.first, out.first}, BlockRealize({}, True(), root),
                  {p0, p1, out}, attrs);
}

TEST(ScriptPrinter, AddReluMatchesTvm) {
  std::string golden = ReadFile(std::string(TIRGEN_SHARED_DIR) + "/golden/add_relu/primfunc_0.py");
  ASSERT_FALSE(golden.empty());
  EXPECT_EQ(Print(AddRelu()), golden);
}

TEST(ScriptPrinter, ModuleHeaderAndIndent) {
  IRModule mod({{"main", AddRelu()}});
  std::string text = Print(mod);
  EXPECT_EQ(text.rfind("# from tvm.script import ir as I\n# from tvm.script import tir as T\n\n"
                       "@I.ir_module\nclass Module:\n    @T.prim_func\n    def main(", 0),
            0u)
      << text;
  EXPECT_EQ(text.back(), '\n');
  EXPECT_NE(text.substr(text.size() - 2), "\n\n");
}

TEST(ScriptPrinter, ExpressionSugarAndPrecedence) {
  Var x("x", DataType::Int(32)), y("y", DataType::Int(32));
  PrimExpr one = 1;
  EXPECT_EQ(PrintExpr(Binary(Kind::kAdd, x, y)), "x + y");
  // Folding operands print as calls, as TVM's printer does.
  EXPECT_EQ(PrintExpr(Binary(Kind::kAdd, x, PrimExpr(0))), "T.Add(x, 0)");
  EXPECT_EQ(PrintExpr(Binary(Kind::kMul, Binary(Kind::kAdd, x, y), PrimExpr(2))), "(x + y) * 2");
  EXPECT_EQ(PrintExpr(Binary(Kind::kSub, x, Binary(Kind::kSub, y, one))), "x - (y - 1)");
  EXPECT_EQ(PrintExpr(Binary(Kind::kFloorMod, Binary(Kind::kFloorDiv, x, PrimExpr(4)), PrimExpr(8))),
            "x // 4 % 8");
  EXPECT_EQ(PrintExpr(Binary(Kind::kDiv, x, y)), "T.Div(x, y)");
  Var f("f", DataType::Float(32));
  EXPECT_EQ(PrintExpr(Binary(Kind::kDiv, f, F32(2))), "f / T.float32(2)");
  PrimExpr c1 = Binary(Kind::kLT, x, y), c2 = Binary(Kind::kEQ, x, y), c3 = Binary(Kind::kGT, x, y);
  EXPECT_EQ(PrintExpr(Binary(Kind::kOr, c1, Binary(Kind::kAnd, c2, c3))), "x < y or x == y and x > y");
  EXPECT_EQ(PrintExpr(Binary(Kind::kAnd, Binary(Kind::kOr, c1, c2), c3)), "(x < y or x == y) and x > y");
  EXPECT_EQ(PrintExpr(Not(c1)), "not x < y");
  EXPECT_EQ(PrintExpr(I64(3)), "T.int64(3)");
  EXPECT_EQ(PrintExpr(IntImm(DataType::UInt(8), 7)), "T.uint8(7)");
  EXPECT_EQ(PrintExpr(True()), "T.bool(True)");
  EXPECT_EQ(PrintExpr(F32(0.1f)), "T.float32(0.10000000149011612)");
  EXPECT_EQ(PrintExpr(F32(-3.4028234663852886e+38)), "T.float32(-3.4028234663852886e+38)");
  EXPECT_EQ(PrintExpr(Cast(DataType::Int(64), x)), "T.Cast(\"int64\", x)");
  EXPECT_EQ(PrintExpr(Call(DataType::Float(32), "tir.exp", {f})), "T.exp(f)");
  EXPECT_EQ(PrintExpr(Binary(Kind::kMax, f, F32(0))), "T.max(f, T.float32(0))");
  EXPECT_EQ(PrintExpr(Select(c1, x, y)), "T.Select(x < y, x, y)");
}

TEST(ScriptPrinter, NamesAreSanitisedAndDeduplicated) {
  // Two loops named "i" nested: the inner one becomes i_1; a sibling loop reuses "i".
  Var i0("i", DataType::Int(32)), i1("i", DataType::Int(32)), i2("i", DataType::Int(32));
  Var data = Var::Pointer("a.b", DataType::Float(32));
  Buffer buf = Buffer::Make(data, DataType::Float(32), {PrimExpr(4)}, {}, PrimExpr(), "a.b");
  Stmt inner = For(i1, 0, 4, ForKind::kParallel, BufferStore(buf, F32(1), {i1}));
  Stmt outer = For(i0, 0, 4, ForKind::kParallel, inner);
  Stmt sibling = For(i2, 0, 4, ForKind::kSerial, BufferStore(buf, F32(2), {i2}));
  std::string text = PrintStmt(SeqStmt({outer, sibling}));
  EXPECT_NE(text.find("for i in T.parallel(4):\n    for i_1 in T.parallel(4):"), std::string::npos)
      << text;
  // The free data var is inlined (printed as `a_b.data` wherever used).
  EXPECT_EQ(text.rfind("a_b = T.Buffer((4,))\n", 0), 0u) << text;
  EXPECT_NE(text.find("\nfor i in range(4):\n"), std::string::npos) << text;
}

}  // namespace
}  // namespace script
}  // namespace tirgen
