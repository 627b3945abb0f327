// VerifyWellFormed: every TIR file TVM v0.14 printed (tests/data/tvm) is well formed; each kind
// of problem is found, located and listed with the others.
#include "tirgen/tir/analysis/verify_well_formed.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "tir_pass_test_util.h"
#include "tirgen/ir/ndarray.h"
#include "tirgen/tir/functor.h"
#include "tirgen/tir/op.h"

namespace tirgen {
namespace tir {
namespace {

namespace fs = std::filesystem;

std::string AllProblems(const IRModule& mod) {
  return FormatWellFormedProblems(WellFormedProblems(mod), 1000);
}

// TVM's real outputs must verify clean: a problem there is the verifier's bug.
TEST(VerifyWellFormed, EveryTvmGoldenIsClean) {
  std::vector<fs::path> files;
  for (const char* sub : {"golden", "golden-passes", "golden-schedule", "models"}) {
    fs::path root = fs::path(TIRGEN_SHARED_DIR) / sub;
    if (!fs::exists(root)) continue;
    for (const auto& e : fs::recursive_directory_iterator(root)) {
      if (e.path().extension() != ".py") continue;
      std::string name = e.path().filename().string();
      if (name == "trace.py") continue;  // Python schedule traces, not TIR
      files.push_back(e.path());
    }
  }
  std::sort(files.begin(), files.end());
  ASSERT_GT(files.size(), 300u) << "golden files missing under " << TIRGEN_SHARED_DIR;
  size_t checked = 0;
  for (const fs::path& f : files) {
    std::string text = testing::ReadText(f);
    if (text.find("@T.prim_func") == std::string::npos) continue;
    IRModule mod = testing::ParseModule(text);
    EXPECT_EQ(AllProblems(mod), "") << f;
    ++checked;
  }
  std::cout << "[ verified ] " << checked << " TVM files" << std::endl;
  EXPECT_GT(checked, 300u);
}

IRModule Parse(const std::string& text) { return testing::ParseModule(text); }

IRModule Module(const PrimFunc& f) { return IRModule({{"main", f}}); }

TEST(VerifyWellFormed, UndefinedVarIsLocated) {
  // A loop whose body uses a var bound nowhere.
  Buffer a = Buffer::Decl({IntImm(DataType::Int(32), 8)}, DataType::Float(32), "A");
  Var p("A_handle", DataType::Handle());
  Var i("i"), stray("k");
  Stmt body = For(i, 0, 8, ForKind::kSerial, BufferStore(a, FloatImm(DataType::Float(32), 0), {stray}));
  PrimFunc f({p}, body, {{p, a}});
  std::vector<WellFormedProblem> problems = WellFormedProblems(Module(f));
  ASSERT_EQ(problems.size(), 1u) << AllProblems(Module(f));
  EXPECT_EQ(problems[0].function, "main");
  EXPECT_EQ(problems[0].where, "for i: A[k] = 0");
  EXPECT_EQ(problems[0].message, "var k is used where it is not defined");
}

TEST(VerifyWellFormed, AVarInsideAMatchedShapeIsAFreeSymbol) {
  // TVM v0.14 accepts T.match_buffer(a, (n * 32,)): a bare shape var is defined by the match,
  // a var inside a shape expression is a free symbol of the function; the body may use both.
  IRModule mod = Parse(R"(
@T.prim_func
def f(a: T.handle, b: T.handle):
    n = T.int32()
    A = T.match_buffer(a, (n * 32,))
    for i in range(n * 32):
        with T.block("outer"):
            vi = T.axis.spatial(n * 32, i)
            B = T.match_buffer(A[vi:vi + 1], (n + 0 * 1,))
            B[0] = T.float32(1)
)");
  EXPECT_EQ(AllProblems(mod), "");
  // A var used in the body only is still undefined.
  mod = Parse(R"(
@T.prim_func
def f(a: T.handle):
    n = T.int32()
    m = T.int32()
    A = T.match_buffer(a, (n * 32,))
    for i in range(m):
        A[i] = T.float32(1)
)");
  EXPECT_NE(AllProblems(mod).find("var m is used where it is not defined"), std::string::npos) << AllProblems(mod);
  // Only the function's buffer_map takes free symbols (as TVM): inside a block's match_buffer
  // shape an undefined var is reported.
  mod = Parse(R"(
@T.prim_func
def f(a: T.handle):
    A = T.match_buffer(a, (64,))
    m = T.int32()
    for i in range(2):
        with T.block("outer"):
            vi = T.axis.spatial(2, i)
            B = T.match_buffer(A[vi * 32:vi * 32 + 32], (m * 32,))
            B[0] = T.float32(1)
)");
  EXPECT_NE(AllProblems(mod).find("var m is used where it is not defined"), std::string::npos) << AllProblems(mod);
}

TEST(VerifyWellFormed, ShadowingIsAProblemDisjointRebindingIsNot) {
  Buffer a = Buffer::Decl({IntImm(DataType::Int(32), 8)}, DataType::Float(32), "A");
  Var p("A_handle", DataType::Handle());
  Var i("i");
  Stmt store = BufferStore(a, FloatImm(DataType::Float(32), 0), {i});
  Stmt nested = For(i, 0, 8, ForKind::kSerial, For(i, 0, 8, ForKind::kSerial, store));
  Stmt twice = SeqStmt({For(i, 0, 8, ForKind::kSerial, store), For(i, 0, 8, ForKind::kSerial, store)});
  std::string shadow = AllProblems(Module(PrimFunc({p}, nested, {{p, a}})));
  EXPECT_NE(shadow.find("loop binds i again inside its own scope"), std::string::npos) << shadow;
  // Disjoint scopes may bind the same var: UnrollLoop's copies do, as in TVM.
  EXPECT_EQ(AllProblems(Module(PrimFunc({p}, twice, {{p, a}}))), "");
}

const char* kBlockFunc = R"(# from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((4, 4), "float32"), B: T.Buffer((4, 4), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for i, j in T.grid(4, 4):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A[vi, vj])
            T.writes(B[vi, vj])
            B[vi, vj] = A[vi, vj] + T.float32(1)
)";

TEST(VerifyWellFormed, ParsedBlockFunctionIsClean) {
  EXPECT_EQ(AllProblems(Parse(kBlockFunc)), "");
}

// Rebuilds the single block of kBlockFunc through `edit` (block realize in, statement out).
IRModule EditBlock(const std::function<Stmt(const BlockRealizeNode*)>& edit) {
  class Editor : public StmtExprMutator {
   public:
    explicit Editor(const std::function<Stmt(const BlockRealizeNode*)>& e) : edit_(e) {}
    Stmt VisitStmt_(const BlockRealizeNode* op) override {
      if (op->block->name_hint == "B") return edit_(op);
      return StmtExprMutator::VisitStmt_(op);
    }
    const std::function<Stmt(const BlockRealizeNode*)>& edit_;
  };
  IRModule mod = Parse(kBlockFunc);
  PrimFunc f = mod->functions.at("main").cast<PrimFunc>();
  Editor ed(edit);
  return Module(PrimFunc(f->params, ed.VisitStmt(f->body), f->buffer_map, f->attrs));
}

TEST(VerifyWellFormed, BlockBindingsAndRegions) {
  // One binding dropped, a read region with one range for a 2-d buffer.
  IRModule bad = EditBlock([](const BlockRealizeNode* op) {
    auto block = std::make_shared<BlockNode>(*op->block.get());
    // Built as a node: the BufferRegion constructor rejects the wrong rank itself.
    auto region = CopyNode(*block->reads[0].get());
    region->region.pop_back();
    block->reads[0] = BufferRegion(region);
    auto realize = CopyNode(*op);
    realize->iter_values.pop_back();
    realize->block = Block(block);
    return Stmt(realize);
  });
  std::string got = AllProblems(bad);
  EXPECT_NE(got.find("main: block \"root\" > for i > for j: block \"B\": 1 iter_values bind 2 block iter vars"),
            std::string::npos) << got;
  EXPECT_NE(got.find("read region of A has 1 ranges but the buffer has 2 dimensions"),
            std::string::npos) << got;
}

TEST(VerifyWellFormed, BindingDtypeAndOuterLoopVarInBlock) {
  IRModule bad = EditBlock([](const BlockRealizeNode* op) {
    // vi bound to an int64 value; the body reads the outer loop var j directly.
    const auto* store = op->block->body.as<BufferStoreNode>();
    const auto* j = op->iter_values[1].as<VarNode>();
    auto block = std::make_shared<BlockNode>(*op->block.get());
    block->body = BufferStore(store->buffer, store->value,
                              {store->indices[0], GetRef<PrimExpr>(j)});
    PrimExpr i64 = Cast(DataType::Int(64), op->iter_values[0]);
    return BlockRealize({i64, op->iter_values[1]}, op->predicate, Block(block));
  });
  std::string got = AllProblems(bad);
  EXPECT_NE(got.find("block iter var vi is int32 but is bound to T.Cast(\"int64\", i) of int64"),
            std::string::npos) << got;
  EXPECT_NE(got.find("loop var j is used inside block \"B\""), std::string::npos) << got;
}

TEST(VerifyWellFormed, BufferOutOfScope) {
  // A buffer allocated in a block and stored to after it.
  const char* text = R"(# from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((4,), "float32")):
    for i in range(4):
        with T.block("C"):
            vi = T.axis.spatial(4, i)
            T.reads()
            T.writes(A[vi])
            C = T.alloc_buffer((4,))
            C[vi] = T.float32(0)
            A[vi] = C[vi]
)";
  IRModule mod = Parse(text);
  ASSERT_EQ(AllProblems(mod), "");
  PrimFunc f = mod->functions.at("main").cast<PrimFunc>();
  const Buffer* c = nullptr;
  struct Find : StmtExprVisitor {
    const Buffer** out;
    void VisitStmt_(const BlockNode* op) override {
      if (!op->alloc_buffers.empty()) *out = &op->alloc_buffers[0];
      StmtExprVisitor::VisitStmt_(op);
    }
  } find;
  find.out = &c;
  find.VisitStmt(f->body);
  ASSERT_NE(c, nullptr);
  Stmt body = SeqStmt({f->body, BufferStore(*c, FloatImm(DataType::Float(32), 1), {IntImm(DataType::Int(32), 0)})});
  std::string got = AllProblems(Module(PrimFunc(f->params, body, f->buffer_map, f->attrs)));
  EXPECT_NE(got.find("buffer C is used out of scope"), std::string::npos) << got;
}

TEST(VerifyWellFormed, DtypesAndIndexCounts) {
  Buffer a = Buffer::Decl({IntImm(DataType::Int(32), 4), IntImm(DataType::Int(32), 4)},
                          DataType::Float(32), "A");
  Var p("A_handle", DataType::Handle());
  Var i("i");
  auto bin = std::make_shared<BinaryNode>(Kind::kAdd, DataType::Int(32), i,
                                          IntImm(DataType::Int(64), 1));
  PrimExpr mixed(bin);
  // A store of an int32 value, with one index into a 2-d buffer whose index mixes dtypes.
  // Built as a node: the BufferStore constructor rejects the index count itself.
  auto node = std::make_shared<BufferStoreNode>();
  node->buffer = a;
  node->value = IntImm(DataType::Int(32), 0);
  node->indices = {mixed};
  Stmt store(node);
  PrimFunc f({p}, For(i, 0, 4, ForKind::kSerial, store), {{p, a}});
  std::string got = AllProblems(Module(f));
  EXPECT_NE(got.find("operands of (i + 1) are int32 and int64"), std::string::npos) << got;
  EXPECT_NE(got.find("stored value: 1 indices into A of 2 dimensions"), std::string::npos) << got;
  EXPECT_NE(got.find("stored value is int32 but A holds float32"), std::string::npos) << got;
}

TEST(VerifyWellFormed, AllocateConstSize) {
  Var data = Var::Pointer("c", DataType::Float(32));
  NDArray values = NDArray::Zeros({6}, DataType::Float(32));
  // Built as a node: the AllocateConst constructor itself rejects the mismatch.
  auto node = std::make_shared<AllocateConstNode>();
  node->buffer_var = data;
  node->dtype = DataType::Float(32);
  node->extents = {IntImm(DataType::Int(32), 8)};
  node->data = values;
  node->body = Evaluate(IntImm(DataType::Int(32), 0));
  Stmt body(node);
  std::string got = AllProblems(Module(PrimFunc({}, body)));
  EXPECT_NE(got.find("allocate_const c: data holds 6 elements but the extents make 8"),
            std::string::npos) << got;
}

TEST(VerifyWellFormed, ThrowsInternalErrorListingAll) {
  Var x("x"), y("y");
  Stmt body = SeqStmt({Evaluate(x), Evaluate(y)});
  IRModule mod = Module(PrimFunc({}, body));
  try {
    VerifyWellFormed(mod, "after pass Broken");
    FAIL() << "no error";
  } catch (const InternalError& e) {
    std::string m = e.what();
    EXPECT_NE(m.find("ill-formed TIR after pass Broken (2 problems)"), std::string::npos) << m;
    EXPECT_NE(m.find("var x is used"), std::string::npos) << m;
    EXPECT_NE(m.find("var y is used"), std::string::npos) << m;
  }
}

}  // namespace
}  // namespace tir
}  // namespace tirgen
