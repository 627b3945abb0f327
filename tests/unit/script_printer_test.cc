// TVMScript printer tests: hand-built IR against real TVM v0.14 output, and printer rules.
#include "tirgen/script/printer.h"

#include <gtest/gtest.h>

#include <cstring>
#include <fstream>
#include <sstream>

#include "tirgen/ir/module.h"
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

/// The float list of the `name = T.allocate_const([...], ...)` line of a golden file.
std::vector<float> ConstantsFromGolden(const std::string& text, const std::string& name) {
  size_t pos = text.find(name + " = T.allocate_const([");
  std::vector<float> out;
  if (pos == std::string::npos) return out;
  const char* p = text.c_str() + text.find('[', pos) + 1;
  while (*p != ']') {
    char* end = nullptr;
    out.push_back(std::strtof(p, &end));
    p = end;
    while (*p == ',' || *p == ' ') ++p;
  }
  return out;
}

NDArray FloatArray(const std::vector<float>& v, std::vector<int64_t> shape) {
  std::vector<uint8_t> bytes(v.size() * 4);
  std::memcpy(bytes.data(), v.data(), bytes.size());
  return NDArray(std::move(shape), DataType::Float(32), std::move(bytes));
}

// golden/mlp_link_params/primfunc_1.py: dense + bias with both weights linked as constants.
// Exercises allocate_const data formatting, undeclared constant buffers defined inside the one
// block that reads each, block_attr holding a buffer, init blocks and T.grid/T.axis.remap.
PrimFunc MlpDenseAdd(const std::string& golden) {
  auto p0 = Param("p0", {I64(4), I64(64)});
  auto out = Param("T_add", {I64(4), I64(10)});
  Buffer mm = Buffer::Decl({I64(4), I64(10)}, DataType::Float(32), "T_matmul_NT");
  Var w_data = Var::Pointer("fused_constant", DataType::Float(32));
  Var b_data = Var::Pointer("fused_nn_dense_constant", DataType::Float(32));
  Buffer w = Buffer::Make(w_data, DataType::Float(32), {PrimExpr(10), PrimExpr(64)}, {}, PrimExpr(),
                          "fused_constant");
  Buffer b = Buffer::Make(b_data, DataType::Float(32), {PrimExpr(10)}, {}, PrimExpr(),
                          "fused_nn_dense_constant");
  // Dense.
  Var i("i", DataType::Int(64)), j("j", DataType::Int(64)), k("k", DataType::Int(64));
  Var vi("v_i", DataType::Int(64)), vj("v_j", DataType::Int(64)), vk("v_k", DataType::Int(64));
  auto pt = [](PrimExpr e) { return Range(e, I64(1)); };
  Stmt init = BufferStore(mm, F32(0), {vi, vj});
  Stmt update = BufferStore(
      mm,
      Binary(Kind::kAdd, BufferLoad(mm, {vi, vj}),
             Binary(Kind::kMul, BufferLoad(p0.second, {vi, vk}), BufferLoad(w, {vj, vk}))),
      {vi, vj});
  AttrMap ann{{"layout_free_placeholders", Array({w})}};
  Block dense({IterVar(Range(I64(0), I64(4)), vi, IterVarType::kDataPar),
               IterVar(Range(I64(0), I64(10)), vj, IterVarType::kDataPar),
               IterVar(Range(I64(0), I64(64)), vk, IterVarType::kCommReduce)},
              {BufferRegion(p0.second, {pt(vi), pt(vk)}), BufferRegion(w, {pt(vj), pt(vk)})},
              {BufferRegion(mm, {pt(vi), pt(vj)})}, "T_matmul_NT", update, init, {}, {}, ann);
  Stmt dense_nest = For(i, I64(0), I64(4), ForKind::kSerial,
                        For(j, I64(0), I64(10), ForKind::kSerial,
                            For(k, I64(0), I64(64), ForKind::kSerial,
                                BlockRealize({i, j, k}, True(), dense))));
  // Bias add.
  Var a0("ax0", DataType::Int(64)), a1("ax1", DataType::Int(64));
  Var v0("v_ax0", DataType::Int(64)), v1("v_ax1", DataType::Int(64));
  Stmt add_body = BufferStore(
      out.second, Binary(Kind::kAdd, BufferLoad(mm, {v0, v1}), BufferLoad(b, {v1})), {v0, v1});
  Block add({IterVar(Range(I64(0), I64(4)), v0, IterVarType::kDataPar),
             IterVar(Range(I64(0), I64(10)), v1, IterVarType::kDataPar)},
            {BufferRegion(mm, {pt(v0), pt(v1)}), BufferRegion(b, {pt(v1)})},
            {BufferRegion(out.second, {pt(v0), pt(v1)})}, "T_add", add_body);
  Stmt add_nest = For(a0, I64(0), I64(4), ForKind::kSerial,
                      For(a1, I64(0), I64(10), ForKind::kSerial, BlockRealize({a0, a1}, True(), add)));
  // Constants wrap the root body (the bias outermost, as BindParams leaves it).
  Stmt body = SeqStmt({dense_nest, add_nest});
  body = AllocateConst(w_data, DataType::Float(32), {PrimExpr(10), PrimExpr(64)},
                       FloatArray(ConstantsFromGolden(golden, "fused_constant"), {10, 64}), body);
  body = AllocateConst(b_data, DataType::Float(32), {PrimExpr(10)},
                       FloatArray(ConstantsFromGolden(golden, "fused_nn_dense_constant"), {10}), body);
  Block root({}, {}, {}, "root", body, std::nullopt, {mm});
  AttrMap attrs{{"global_symbol", String("main")}, {"tir.noalias", IntImm(DataType::Bool(), 1)}};
  return PrimFunc({p0.first, out.first}, BlockRealize({}, True(), root), {p0, out}, attrs);
}

TEST(ScriptPrinter, LinkedConstantsMatchTvm) {
  std::string golden =
      ReadFile(std::string(TIRGEN_SHARED_DIR) + "/golden/mlp_link_params/primfunc_1.py");
  ASSERT_FALSE(golden.empty());
  ASSERT_EQ(ConstantsFromGolden(golden, "fused_constant").size(), 640u);
  EXPECT_EQ(Print(MlpDenseAdd(golden)), golden);
}

// golden-passes/add_relu__primfunc_0/10_Simplify.py: the lowered form. Exercises allocate
// printed flat, flattened views of parameters (`data=p0.data`) defined inside the loop that
// uses them, a view of the allocation used by two loops defined once before both, int32 grids.
IRModule AddReluLowered() {
  auto shape = [] { return Shape4(1, 16, 32, 32); };
  auto p0 = Param("p0", shape());
  auto p1 = Param("p1", shape());
  auto out = Param("T_relu", shape());
  auto flat = [](const Buffer& b) {
    return Buffer::Make(b->data, b->dtype, {I64(16384)}, {}, PrimExpr(), b->name);
  };
  Buffer p0f = flat(p0.second), p1f = flat(p1.second), outf = flat(out.second);
  Var t_add = Var::Pointer("T_add", DataType::Float(32));
  Buffer addf = Buffer::Make(t_add, DataType::Float(32), {I64(16384)}, {}, PrimExpr(), "T_add");
  auto nest = [](const std::function<Stmt(const PrimExpr&)>& store) {
    Var a1("ax1"), a2("ax2"), a3("ax3");
    PrimExpr idx = Binary(Kind::kAdd,
                          Binary(Kind::kAdd, Binary(Kind::kMul, a1, PrimExpr(1024)),
                                 Binary(Kind::kMul, a2, PrimExpr(32))),
                          a3);
    return For(a1, 0, 16, ForKind::kSerial,
               For(a2, 0, 32, ForKind::kSerial, For(a3, 0, 32, ForKind::kSerial, store(idx))));
  };
  Stmt add = nest([&](const PrimExpr& idx) {
    return BufferStore(addf, Binary(Kind::kAdd, BufferLoad(p0f, {idx}), BufferLoad(p1f, {idx})), {idx});
  });
  Stmt relu = nest([&](const PrimExpr& idx) {
    return BufferStore(outf, Binary(Kind::kMax, BufferLoad(addf, {idx}), F32(0)), {idx});
  });
  Stmt body = Allocate(t_add, DataType::Float(32), {PrimExpr(16384)}, True(), SeqStmt({add, relu}));
  AttrMap attrs{{"global_symbol", String("main")}, {"tir.noalias", IntImm(DataType::Bool(), 1)}};
  return IRModule({{"main", PrimFunc({p0.first, p1.first, out.first}, body, {p0, p1, out}, attrs)}});
}

TEST(ScriptPrinter, LoweredModuleMatchesTvm) {
  std::string golden = ReadFile(std::string(TIRGEN_SHARED_DIR) +
                                "/golden-passes/add_relu__primfunc_0/10_Simplify.py");
  ASSERT_FALSE(golden.empty());
  EXPECT_EQ(Print(AddReluLowered()), golden);
}

// golden-schedule/seed_regression/dot3_desc.py: a tensor intrinsic description. Exercises
// handle params with T.match_buffer (a symbolic elem_offset forces offset_factor=1 and keeps
// the buffer out of the signature), an explicit root block with regions, T.axis.reduce.
PrimFunc Dot3Desc() {
  auto match = [](const std::string& param, const std::string& name, DataType dtype,
                  std::vector<PrimExpr> shape, DataType index) {
    Var handle(param, DataType::Handle());
    Var data = Var::Pointer(name, dtype);
    Buffer buf = Buffer::Make(data, dtype, std::move(shape), {}, Var(name + "_elem_offset", index), name);
    return std::make_pair(handle, buf);
  };
  auto a = match("a", "A", DataType::UInt(8), {I64(3)}, DataType::Int(64));
  auto b = match("b", "B", DataType::UInt(8), {PrimExpr(3)}, DataType::Int(32));
  auto c = match("c", "C", DataType::Int(32), {}, DataType::Int(32));
  const Buffer &A = a.second, &B = b.second, &C = c.second;
  Var k("k", DataType::Int(64)), vk("vk", DataType::Int(64));
  auto i32 = [](PrimExpr e) { return Cast(DataType::Int(32), e); };
  Stmt update = BufferStore(
      C,
      Binary(Kind::kAdd, BufferLoad(C, {}),
             Binary(Kind::kMul, i32(BufferLoad(A, {vk})), i32(BufferLoad(B, {vk})))),
      {});
  Block inner({IterVar(Range(I64(0), I64(3)), vk, IterVarType::kCommReduce)},
              {BufferRegion(C, {}), BufferRegion(A, {Range(vk, I64(1))}), BufferRegion(B, {Range(vk, I64(1))})},
              {BufferRegion(C, {})}, "update", update);
  Stmt loop = For(k, I64(0), I64(3), ForKind::kSerial, BlockRealize({k}, True(), inner));
  Block root({}, {BufferRegion(C, {}), BufferRegion(A, {Range(0, 3)}), BufferRegion(B, {Range(0, 3)})},
             {BufferRegion(C, {})}, "root", loop);
  AttrMap attrs{{"global_symbol", String("dot3_desc")}};
  return PrimFunc({a.first, b.first, c.first}, BlockRealize({}, True(), root), {a, b, c}, attrs);
}

TEST(ScriptPrinter, TensorIntrinDescMatchesTvm) {
  std::string golden = ReadFile(std::string(TIRGEN_SHARED_DIR) +
                                "/golden-schedule/seed_regression/dot3_desc.py");
  ASSERT_FALSE(golden.empty());
  EXPECT_EQ(Print(Dot3Desc()), golden);
}

TEST(ScriptPrinter, ScopedStatementsPrintFlatOnlyWhenLast) {
  Var x = Var::Pointer("x", DataType::Float(32));
  Buffer xb = Buffer::Make(x, DataType::Float(32), {PrimExpr(4)}, {}, PrimExpr(), "x");
  Var n("n", DataType::Int(64));
  Stmt store = BufferStore(xb, F32(1), {PrimExpr(0)});
  Stmt alloc = Allocate(x, DataType::Float(32), {PrimExpr(4)}, True(), store);
  Stmt let = LetStmt(n, I64(2), Evaluate(Call(DataType::Int(32), "tir.call_extern", {StringImm("f"), n})));
  // Not last: `with ... as`; last: flat.
  EXPECT_EQ(PrintStmt(SeqStmt({alloc, let})),
            "with T.allocate([4], \"float32\", \"global\") as x:\n"
            "    x_1 = T.Buffer((4,), data=x)\n"
            "    x_1[0] = T.float32(1)\n"
            "n: T.int64 = T.int64(2)\n"
            "T.call_extern(\"int32\", \"f\", n)\n");
  EXPECT_EQ(PrintStmt(SeqStmt({let, alloc})),
            "with T.LetStmt(T.int64(2)) as n:\n"
            "    T.call_extern(\"int32\", \"f\", n)\n"
            "x = T.allocate([4], \"float32\", \"global\")\n"
            "x_1 = T.Buffer((4,), data=x)\n"
            "x_1[0] = T.float32(1)\n");
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

TEST(ScriptPrinter, StatementsAndExpressionsPrintThroughPrint) {
  Var x("x", DataType::Int(32));
  EXPECT_EQ(Print(Binary(Kind::kAdd, x, PrimExpr(1))), "x + 1\n");
  EXPECT_EQ(Print(Evaluate(PrimExpr(0))), "T.evaluate(0)\n");
}

}  // namespace
}  // namespace script
}  // namespace tirgen
