#include "tirgen/tir/structural_equal.h"

#include <gtest/gtest.h>

#include <cstring>

#include "tirgen/ir/module.h"
#include "tirgen/tir/function.h"

namespace tirgen {
namespace tir {
namespace {

const DataType kF32 = DataType::Float(32);
const DataType kI32 = DataType::Int(32);
const DataType kI64 = DataType::Int(64);

// Knobs of a small elementwise function, B[vi] = A[vi] + addend, built fresh on every call.
struct Knobs {
  std::string a = "A", b = "B", i = "i", vi = "vi", block = "compute";
  DataType dtype = kF32;
  int64_t n = 16, extent = 16;
  double addend = 1.0;
  AttrMap annotations;
  bool swap_uses = false;  // read B and write A instead
  std::string scope = "global";
};

PrimFunc Build(const Knobs& k) {
  Var a(k.a + "_handle", DataType::Handle()), b(k.b + "_handle", DataType::Handle());
  Buffer A = Buffer::Decl({IntImm(kI64, k.n)}, k.dtype, k.a, k.scope);
  Buffer B = Buffer::Decl({IntImm(kI64, k.n)}, k.dtype, k.b);
  Buffer src = k.swap_uses ? B : A, dst = k.swap_uses ? A : B;
  Var i(k.i, kI64), vi(k.vi, kI64);
  IterVar iv(Range(IntImm(kI64, 0), IntImm(kI64, k.n)), vi, IterVarType::kDataPar);
  PrimExpr value = Binary(Kind::kAdd, BufferLoad(src, {vi}), FloatImm(k.dtype, k.addend));
  Range at(vi, IntImm(kI64, 1));
  Block block({iv}, {BufferRegion(src, {at})}, {BufferRegion(dst, {at})}, k.block,
              BufferStore(dst, value, {vi}), std::nullopt, {}, {}, k.annotations);
  Stmt loop = For(i, IntImm(kI64, 0), IntImm(kI64, k.extent), ForKind::kSerial,
                  BlockRealize({i}, PrimExpr(), block));
  Block root({}, {}, {}, "root", loop);
  return PrimFunc({a, b}, BlockRealize({}, PrimExpr(), root), {{a, A}, {b, B}},
                  {{"global_symbol", String("main")}});
}

// A function reading a 4-element AllocateConst through a buffer that is never declared.
PrimFunc BuildConst(const std::vector<float>& values, const std::string& name = "c") {
  std::vector<uint8_t> bytes(values.size() * 4);
  std::memcpy(bytes.data(), values.data(), bytes.size());
  NDArray data({static_cast<int64_t>(values.size())}, kF32, bytes);
  Var out_h("out_handle", DataType::Handle());
  Buffer out = Buffer::Decl({IntImm(kI64, 4)}, kF32, "out");
  Var c = Var::Pointer(name, kF32);
  Buffer cbuf = Buffer::Make(c, kF32, {IntImm(kI32, 4)}, {}, PrimExpr(), name + "_1");
  Var i("i", kI64);
  Stmt store = BufferStore(out, BufferLoad(cbuf, {Cast(kI32, i)}), {i});
  Stmt body = AllocateConst(c, kF32, {IntImm(kI32, 4)}, data,
                            For(i, IntImm(kI64, 0), IntImm(kI64, 4), ForKind::kSerial, store));
  return PrimFunc({out_h}, body, {{out_h, out}});
}

void ExpectEqual(const ObjectRef& x, const ObjectRef& y) {
  auto m = StructuralMismatch(x, y);
  EXPECT_FALSE(m.has_value()) << *m;
  EXPECT_TRUE(StructuralEqual(x, y));
  EXPECT_EQ(StructuralHash(x), StructuralHash(y));
}

// Unequal, and the mismatch message mentions `what`.
void ExpectDiffers(const ObjectRef& x, const ObjectRef& y, const std::string& what) {
  EXPECT_FALSE(StructuralEqual(x, y));
  EXPECT_FALSE(StructuralEqual(y, x));
  auto m = StructuralMismatch(x, y);
  ASSERT_TRUE(m.has_value());
  EXPECT_NE(m->find(what), std::string::npos) << *m;
  EXPECT_NE(StructuralHash(x), StructuralHash(y)) << "hash collision for " << *m;
}

TEST(StructuralEqual, EqualModuloRenaming) {
  Knobs renamed;
  renamed.a = "X";
  renamed.b = "Y";
  renamed.i = "j";
  renamed.vi = "vj";
  ExpectEqual(Build({}), Build(renamed));
  ExpectEqual(Build({}), Build({}));
}

TEST(StructuralEqual, SameObjectIsEqual) {
  PrimFunc f = Build({});
  ExpectEqual(f, f);
}

TEST(StructuralEqual, ConstantValueDiffers) {
  Knobs k;
  k.addend = 2.0;
  ExpectDiffers(Build({}), Build(k), "FloatImm: value 1 vs 2");
}

TEST(StructuralEqual, FloatsCompareBitExactly) {
  ExpectDiffers(FloatImm(kF32, 0.0), FloatImm(kF32, -0.0), "value");
  ExpectDiffers(FloatImm(kF32, 0.1), FloatImm(kF32, static_cast<double>(0.1f)), "value");
}

TEST(StructuralEqual, DtypeDiffers) {
  Knobs k;
  k.dtype = DataType::Float(16);
  ExpectDiffers(Build({}), Build(k), "float32 vs float16");
}

TEST(StructuralEqual, ShapeDiffers) {
  Knobs k;
  k.n = 32;
  k.extent = 16;
  ExpectDiffers(Build({}), Build(k), "shape[0].IntImm: value 16 vs 32");
}

TEST(StructuralEqual, LoopExtentDiffers) {
  Knobs k;
  k.extent = 8;
  auto m = StructuralMismatch(Build({}), Build(k));
  ASSERT_TRUE(m.has_value());
  EXPECT_EQ(*m, "PrimFunc.body.BlockRealize.block.Block(root).body.For.extent.IntImm: value 16 vs 8");
  ExpectDiffers(Build({}), Build(k), "For.extent");
}

// As TVM's BlockNodeSEqualReduce: a block's name is not part of its structure (the printer
// elides a root block whatever its name; the parser names it "root").
TEST(StructuralEqual, BlockNamesAreNotCompared) {
  Knobs k;
  k.block = "other";
  ExpectEqual(Build({}), Build(k));
}

TEST(StructuralEqual, AnnotationDiffers) {
  Knobs k1, k2, k3;
  k1.annotations = {{"schedule_rule", String("a")}};
  k2.annotations = {{"schedule_rule", String("b")}};
  k3.annotations = {{"other_key", String("a")}};
  ExpectEqual(Build(k1), Build(k1));
  ExpectDiffers(Build(k1), Build(k2), "annotations[\"schedule_rule\"].String: value");
  ExpectDiffers(Build(k1), Build(k3), "annotations keys {schedule_rule} vs {other_key}");
  ExpectDiffers(Build({}), Build(k1), "annotations keys {} vs {schedule_rule}");
}

TEST(StructuralEqual, FuncAttrsCompared) {
  PrimFunc f = Build({});
  auto n = CopyNode(*f.get());
  n->attrs["global_symbol"] = String("other");
  ExpectDiffers(f, PrimFunc(n), "attrs[\"global_symbol\"]");
}

TEST(StructuralEqual, BindingIsByPosition) {
  // Same statements, but the body reads the second param and writes the first.
  Knobs swapped;
  swapped.swap_uses = true;
  ExpectDiffers(Build({}), Build(swapped), "paired with a different buffer");
}

TEST(StructuralEqual, StorageScopeEmptyEqualsGlobal) {
  Knobs empty, shared;
  empty.scope = "";
  shared.scope = "shared";
  ExpectEqual(Build({}), Build(empty));
  ExpectDiffers(Build({}), Build(shared), "storage_scope \"global\" vs \"shared\"");
}

TEST(StructuralEqual, AllocateConstBufferDefinedAtFirstUse) {
  ExpectEqual(BuildConst({1, 2, 3, 4}), BuildConst({1, 2, 3, 4}, "renamed"));
}

TEST(StructuralEqual, AllocateConstDataByteDiffers) {
  float changed = 3.0f;
  uint32_t bits;
  std::memcpy(&bits, &changed, 4);
  bits ^= 1;  // lowest mantissa bit
  std::memcpy(&changed, &bits, 4);
  ExpectDiffers(BuildConst({1, 2, 3, 4}), BuildConst({1, 2, changed, 4}),
                "AllocateConst.data.NDArray: NDArray bytes differ at byte 8");
}

TEST(StructuralEqual, FreeVarsByIdentityUnlessMapped) {
  Var x("x"), y("x");
  PrimExpr ex = Binary(Kind::kAdd, x, 1), ey = Binary(Kind::kAdd, y, 1);
  EXPECT_FALSE(StructuralEqual(ex, ey));
  EXPECT_TRUE(StructuralEqual(ex, ey, /*map_free_vars=*/true));
  EXPECT_EQ(StructuralHash(ex, true), StructuralHash(ey, true));
  EXPECT_TRUE(StructuralEqual(ex, Binary(Kind::kAdd, x, 1)));
  auto m = StructuralMismatch(ex, ey);
  ASSERT_TRUE(m.has_value());
  EXPECT_EQ(*m, "Add.a.Var(x): free vars differ: x vs x");
  // Mapping must stay a bijection: x+x vs x+z is not a renaming.
  Var z("z");
  EXPECT_FALSE(StructuralEqual(Binary(Kind::kAdd, x, x), Binary(Kind::kAdd, y, z), true));
}

TEST(StructuralEqual, VarTypeButNotNameCompared) {
  EXPECT_FALSE(StructuralEqual(Var("x", kI32), Var("x", kI64), true));
  EXPECT_FALSE(StructuralEqual(Var("x"), Var::Size("x"), true));
  EXPECT_TRUE(StructuralEqual(Var("x"), Var("y"), true));
}

TEST(StructuralEqual, LetAndCommReducerBindVars) {
  auto let = [](const std::string& name, int64_t v) {
    Var x(name);
    return Let(x, IntImm(kI32, v), Binary(Kind::kMul, x, x));
  };
  ExpectEqual(let("x", 3), let("y", 3));
  ExpectDiffers(let("x", 3), let("y", 4), "value 3 vs 4");

  auto reducer = [](bool swap) {
    Var l("l", kF32), r("r", kF32);
    PrimExpr res = swap ? Binary(Kind::kSub, r, l) : Binary(Kind::kSub, l, r);
    return CommReducer({l}, {r}, {res}, {FloatImm(kF32, 0.0)});
  };
  ExpectEqual(reducer(false), reducer(false));
  EXPECT_FALSE(StructuralEqual(reducer(false), reducer(true)));
}

TEST(StructuralEqual, SymbolicShapeVarsDefinedByBuffer) {
  // n appears only in the buffer's shape and in the loop extent: it is bound by the buffer.
  auto f = [](const std::string& n_name) {
    Var n(n_name), a("a", DataType::Handle()), i("i");
    Buffer A = Buffer::Decl({n}, kF32, "A");
    Stmt body = For(i, IntImm(kI32, 0), n, ForKind::kSerial,
                    BufferStore(A, FloatImm(kF32, 0.0), {i}));
    return PrimFunc({a}, body, {{a, A}});
  };
  ExpectEqual(f("n"), f("m"));
}

TEST(StructuralEqual, GenericValuesAndModules) {
  ExpectEqual(Array({String("a"), IntImm(kI32, 1)}), Array({String("a"), IntImm(kI32, 1)}));
  ExpectDiffers(Array({String("a")}), Array({String("a"), String("b")}), "array size 1 vs 2");
  ExpectDiffers(Map({{"k", String("a")}}), Map({{"k", String("b")}}), "Map[\"k\"].String");
  IRModule m1({{"main", Build({})}}), m2({{"main", Build({})}});
  Knobs k;
  k.addend = 3.0;
  IRModule m3({{"main", Build(k)}}), m4({{"other", Build({})}});
  ExpectEqual(m1, m2);
  ExpectDiffers(m1, m3, "IRModule.functions[\"main\"].PrimFunc");
  ExpectDiffers(m1, m4, "functions keys {main} vs {other}");
}

TEST(StructuralHash, ConsistentWithEquality) {
  // Every pair from a pool of variants: equal <=> same hash (no collisions expected here).
  std::vector<ObjectRef> pool;
  for (int v = 0; v < 2; ++v) {
    Knobs k;
    pool.push_back(Build(k));
    k.addend = 2.0;
    pool.push_back(Build(k));
    k.extent = 8;
    pool.push_back(Build(k));
    k.swap_uses = true;
    pool.push_back(Build(k));
    k.block = "b";
    pool.push_back(Build(k));
    pool.push_back(BuildConst({1, 2, 3, 4}));
    pool.push_back(BuildConst({1, 2, 3, 5}));
  }
  for (const auto& x : pool) {
    for (const auto& y : pool) {
      bool eq = StructuralEqual(x, y);
      EXPECT_EQ(eq, StructuralHash(x) == StructuralHash(y));
      EXPECT_EQ(eq, !StructuralMismatch(x, y).has_value());
    }
  }
}

TEST(StructuralHash, IndependentOfNamesOfBindingsAndAddresses) {
  // Objects allocated in a different order hash the same.
  std::vector<PrimFunc> keep;
  for (int i = 0; i < 10; ++i) keep.push_back(Build({}));
  Knobs renamed;
  renamed.a = "Z";
  EXPECT_EQ(StructuralHash(keep[0]), StructuralHash(Build(renamed)));
  // Free vars hash by name and type, never by address.
  EXPECT_EQ(StructuralHash(Var("x")), StructuralHash(Var("x")));
  EXPECT_NE(StructuralHash(Var("x")), StructuralHash(Var("y")));
}

TEST(StructuralEqual, UndefinedAndKindMismatch) {
  EXPECT_TRUE(StructuralEqual(ObjectRef(), ObjectRef()));
  EXPECT_FALSE(StructuralEqual(ObjectRef(), IntImm(kI32, 1)));
  auto m = StructuralMismatch(Binary(Kind::kAdd, Var("x"), 1), Binary(Kind::kSub, Var("x"), 1), true);
  ASSERT_TRUE(m.has_value());
  EXPECT_EQ(*m, "Add: kind Add vs Sub");
}

}  // namespace
}  // namespace tir
}  // namespace tirgen
