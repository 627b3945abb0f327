// Tests of the TVMScript parser: the whole real-TVM corpus parses, the IR built has the right
// structure, constants are exact and fast, and malformed input gives one located error.
#include "tirgen/script/parser.h"

#include <gtest/gtest.h>

#include <cstring>
#include <dirent.h>
#include <fstream>
#include <sstream>

#include "tirgen/ir/npz.h"
#include "tirgen/script/printer.h"
#include "tirgen/tir/function.h"
#include "tirgen/tir/functor.h"

namespace tirgen {
namespace script {
namespace {

using namespace tir;  // NOLINT

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::vector<std::string> ListDir(const std::string& dir) {
  std::vector<std::string> out;
  if (DIR* d = opendir(dir.c_str())) {
    while (dirent* e = readdir(d)) {
      if (e->d_name[0] != '.') out.push_back(e->d_name);
    }
    closedir(d);
  }
  std::sort(out.begin(), out.end());
  return out;
}

bool EndsWith(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// Every TVMScript file of the golden corpus (not the schedule traces, which are Python).
std::vector<std::string> CorpusFiles() {
  std::string root = TIRGEN_SHARED_DIR;
  std::vector<std::string> files;
  for (const std::string& c : ListDir(root + "/golden"))
    for (const std::string& f : ListDir(root + "/golden/" + c))
      if (f.rfind("primfunc_", 0) == 0 && EndsWith(f, ".py")) files.push_back(root + "/golden/" + c + "/" + f);
  for (const char* sub : {"/golden-passes", "/golden-schedule"})
    for (const std::string& c : ListDir(root + sub))
      for (const std::string& f : ListDir(root + sub + "/" + c))
        if (EndsWith(f, ".py") && f != "trace.py") files.push_back(root + sub + "/" + c + "/" + f);
  return files;
}

// Counts node kinds in a function body.
struct Counter : public StmtExprVisitor {
  std::map<Kind, int> n;
  void VisitStmt(const Stmt& s) override {
    ++n[s.kind()];
    StmtExprVisitor::VisitStmt(s);
  }
  void VisitExpr(const PrimExpr& e) override {
    ++n[e.kind()];
    StmtExprVisitor::VisitExpr(e);
  }
};

TEST(ScriptParser, WholeCorpusParses) {
  std::vector<std::string> files = CorpusFiles();
  ASSERT_GE(files.size(), 500u) << "golden corpus not found under " << TIRGEN_SHARED_DIR;
  int ok = 0;
  std::string failures;
  for (const std::string& f : files) {
    try {
      ObjectRef r = Parse(ReadFile(f), f);
      ASSERT_TRUE(r.defined());
      ++ok;
    } catch (const std::exception& e) {
      if (failures.size() < 4000) failures += std::string(e.what()) + "\n\n";
    }
  }
  EXPECT_EQ(ok, static_cast<int>(files.size())) << failures;
}

// ---- structure of what is built ---------------------------------------------------------------

PrimFunc ParseFunc(const std::string& text) {
  ObjectRef r = Parse(text);
  EXPECT_TRUE(r.as<PrimFuncNode>() != nullptr);
  return r.cast<PrimFunc>();
}

std::vector<const BlockNode*> Blocks(const Stmt& s) {
  struct V : public StmtExprVisitor {
    std::vector<const BlockNode*> blocks;
    using StmtExprVisitor::VisitStmt_;
    void VisitStmt_(const BlockNode* op) override {
      blocks.push_back(op);
      StmtExprVisitor::VisitStmt_(op);
    }
  } v;
  v.VisitStmt(s);
  return v.blocks;
}

TEST(ScriptParser, Conv2dBiasReluStructure) {
  std::string path = std::string(TIRGEN_SHARED_DIR) + "/golden/conv2d_bias_relu/primfunc_0.py";
  PrimFunc f = ParseFunc(ReadFile(path));
  ASSERT_EQ(f->params.size(), 4u);
  ASSERT_EQ(f->buffer_map.size(), 4u);
  const Buffer& p0 = f->buffer_map[0].second;
  EXPECT_EQ(p0->name, "p0");
  EXPECT_EQ(p0->data->name_hint, "p0");
  EXPECT_TRUE(p0->data->has_pointer_type());
  EXPECT_EQ(p0->data->pointee, DataType::Float(32));
  EXPECT_EQ(p0->shape.size(), 4u);
  EXPECT_EQ(p0->shape[0].dtype(), DataType::Int(64));
  EXPECT_TRUE(is_zero(p0->elem_offset));
  EXPECT_EQ(p0->data_alignment, 64);
  EXPECT_EQ(p0->offset_factor, 1);
  // Attributes as written plus global_symbol (TVM adds the function name).
  EXPECT_EQ(f->attrs.count("tir.noalias"), 1u);
  EXPECT_EQ(f->attrs.at("tir.noalias").as<IntImmNode>()->dtype, DataType::Bool());
  EXPECT_EQ(f->attrs.at("global_symbol").as<StringObj>()->value, "main");
  // The implicit root block holds the four intermediates.
  const auto* root = f->body.as<BlockRealizeNode>();
  ASSERT_NE(root, nullptr);
  EXPECT_EQ(root->block->name_hint, "root");
  EXPECT_TRUE(root->iter_values.empty());
  EXPECT_TRUE(is_one(root->predicate));
  ASSERT_EQ(root->block->alloc_buffers.size(), 4u);
  EXPECT_EQ(root->block->alloc_buffers[0]->name, "pad_temp");
  EXPECT_EQ(root->block->alloc_buffers[3]->name, "T_add");
  std::vector<const BlockNode*> blocks = Blocks(f->body);
  ASSERT_EQ(blocks.size(), 6u);  // root + 5
  const BlockNode* conv = blocks[2];
  EXPECT_EQ(conv->name_hint, "conv2d_nchw");
  ASSERT_EQ(conv->iter_vars.size(), 7u);
  EXPECT_EQ(conv->iter_vars[0]->iter_type, IterVarType::kDataPar);
  EXPECT_EQ(conv->iter_vars[6]->iter_type, IterVarType::kCommReduce);
  EXPECT_EQ(conv->iter_vars[6]->var->name_hint, "v_rx");
  EXPECT_EQ(conv->iter_vars[6]->var.dtype(), DataType::Int(64));
  EXPECT_TRUE(conv->init.has_value());
  EXPECT_EQ(conv->reads.size(), 2u);
  EXPECT_EQ(conv->writes.size(), 1u);
  // A loop nest of 7 int64 loops, 0-based.
  const auto* seq = root->block->body.as<SeqStmtNode>();
  ASSERT_NE(seq, nullptr);
  const auto* loop = seq->seq[1].as<ForNode>();
  ASSERT_NE(loop, nullptr);
  EXPECT_EQ(loop->loop_var->name_hint, "nn");
  EXPECT_EQ(loop->loop_var.dtype(), DataType::Int(64));
  EXPECT_EQ(loop->min.dtype(), DataType::Int(64));
  EXPECT_TRUE(is_zero(loop->min));
  EXPECT_EQ(loop->kind, ForKind::kSerial);
}

TEST(ScriptParser, ExpressionTypingFollowsTvm) {
  PrimFunc f = ParseFunc(R"(
@T.prim_func
def main(A: T.Buffer((T.int64(8),), "float32"), B: T.Buffer((8,), "int32")):
    for i in range(T.int64(8)):
        A[i] = A[i] + 1
        A[i + 1 - 1] = T.Cast("float32", B[T.Cast("int32", i)]) * 2.5
        if i < 4 and not i == 2:
            B[3] = 7 // 2 + -1
)");
  // int literal next to an int64 var -> int64 constant; int next to float -> float constant.
  const auto* loop = f->body.as<ForNode>();
  ASSERT_NE(loop, nullptr);
  const auto* seq = loop->body.as<SeqStmtNode>();
  ASSERT_NE(seq, nullptr);
  const auto* s0 = seq->seq[0].as<BufferStoreNode>();
  const auto* add = s0->value.as<BinaryNode>();
  ASSERT_TRUE(add && add->kind() == Kind::kAdd);
  EXPECT_EQ(add->b.as<FloatImmNode>()->dtype, DataType::Float(32));
  // i + 1 - 1 is not simplified beyond TVM's folding: Sub(Add(i, 1), 1), all int64.
  const auto* s1 = seq->seq[1].as<BufferStoreNode>();
  const auto* sub = s1->indices[0].as<BinaryNode>();
  ASSERT_TRUE(sub && sub->kind() == Kind::kSub);
  EXPECT_EQ(sub->b.as<IntImmNode>()->dtype, DataType::Int(64));
  // Comparisons: literal takes the var's type; `and`/`not` build And/Not nodes.
  const auto* ite = seq->seq[2].as<IfThenElseNode>();
  ASSERT_NE(ite, nullptr);
  const auto* conj = ite->condition.as<BinaryNode>();
  ASSERT_TRUE(conj && conj->kind() == Kind::kAnd);
  const auto* lt = conj->a.as<BinaryNode>();
  EXPECT_EQ(lt->b.as<IntImmNode>()->dtype, DataType::Int(64));
  EXPECT_TRUE(conj->b.as<NotNode>() != nullptr);
  // Python arithmetic on literals folds: 7 // 2 + -1 == 2.
  const auto* s2 = ite->then_case.as<BufferStoreNode>();
  EXPECT_TRUE(is_const_int(s2->value, 2));
  EXPECT_EQ(s2->value.dtype(), DataType::Int(32));
}

TEST(ScriptParser, LoweredFormsAllocateDeclBufferLetAndVectors) {
  PrimFunc f = ParseFunc(R"(
@T.prim_func
def main(p0: T.Buffer((T.int64(64),), "float32"), n: T.int32):
    T.func_attr({"tir.noalias": T.bool(True), "layout_free_buffers": [1], "s": "x"})
    T_add = T.allocate([64], "float32", "global")
    T_add_1 = T.Buffer((T.int64(64),), data=T_add)
    buf = T.decl_buffer((T.int64(4),))
    for k in T.parallel(16):
        cse_var_1: T.int32 = k * 4
        p0_1 = T.Buffer((T.int64(64),), data=p0.data)
        T_add_1[cse_var_1:cse_var_1 + 4] = p0_1[cse_var_1:cse_var_1 + 4] + T.Broadcast(T.float32(1), 4)
        T.evaluate(T.exp(p0_1[0]))
)");
  EXPECT_EQ(f->params[1].dtype(), DataType::Int(32));
  EXPECT_EQ(f->attrs.at("s").as<StringObj>()->value, "x");
  const auto* layout = f->attrs.at("layout_free_buffers").as<ArrayNode>();
  ASSERT_NE(layout, nullptr);
  EXPECT_EQ(layout->elements[0].as<IntImmNode>()->dtype, DataType::Int(32));
  const auto* alloc = f->body.as<AllocateNode>();
  ASSERT_NE(alloc, nullptr);
  EXPECT_EQ(alloc->buffer_var->name_hint, "T_add");
  EXPECT_EQ(alloc->buffer_var->storage_scope, "global");
  EXPECT_EQ(alloc->dtype, DataType::Float(32));
  // decl_buffer without data = Allocate + DeclBuffer.
  const auto* alloc2 = alloc->body.as<AllocateNode>();
  ASSERT_NE(alloc2, nullptr);
  const auto* decl = alloc2->body.as<DeclBufferNode>();
  ASSERT_NE(decl, nullptr);
  EXPECT_TRUE(decl->buffer->data.same_as(alloc2->buffer_var));
  EXPECT_EQ(decl->buffer->name, "buf");
  const auto* loop = decl->body.as<ForNode>();
  ASSERT_NE(loop, nullptr);
  EXPECT_EQ(loop->kind, ForKind::kParallel);
  const auto* let = loop->body.as<LetStmtNode>();
  ASSERT_NE(let, nullptr);
  EXPECT_EQ(let->var->name_hint, "cse_var_1");
  const auto* seq = let->body.as<SeqStmtNode>();
  ASSERT_NE(seq, nullptr);
  const auto* store = seq->seq[0].as<BufferStoreNode>();
  ASSERT_NE(store, nullptr);
  // Buffer declared on the allocation shares its data var, which keeps its own name.
  EXPECT_TRUE(store->buffer->data.same_as(alloc->buffer_var));
  EXPECT_EQ(store->buffer->data->name_hint, "T_add");
  const auto* ramp = store->indices[0].as<RampNode>();
  ASSERT_NE(ramp, nullptr);
  EXPECT_EQ(ramp->lanes, 4);
  EXPECT_TRUE(is_one(ramp->stride));
  EXPECT_EQ(store->value.dtype(), DataType::Float(32, 4));
  const auto* load = store->value.as<BinaryNode>()->a.as<BufferLoadNode>();
  ASSERT_NE(load, nullptr);
  EXPECT_TRUE(load->buffer->data.same_as(f->buffer_map[0].second->data));
  const auto* ev = seq->seq[1].as<EvaluateNode>();
  ASSERT_NE(ev, nullptr);
  EXPECT_EQ(ev->value.as<CallNode>()->op, "tir.exp");
}

TEST(ScriptParser, ModuleWithSeveralFunctionsAndPrivate) {
  ObjectRef r = Parse(R"(# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def main(a: T.handle):
        A = T.match_buffer(a, (4,), "int8", offset_factor=1)
        T.evaluate(0)

    @T.prim_func(private=True)
    def helper(x: T.int64) -> T.int64:
        T.evaluate(x)
)");
  const auto* mod = r.as<IRModuleNode>();
  ASSERT_NE(mod, nullptr);
  ASSERT_EQ(mod->functions.size(), 2u);
  PrimFunc main = mod->functions.at("main").cast<PrimFunc>();
  EXPECT_EQ(main->attrs.at("global_symbol").as<StringObj>()->value, "main");
  const Buffer& a = main->buffer_map[0].second;
  EXPECT_EQ(a->name, "A");
  EXPECT_EQ(a->dtype, DataType::Int(8));
  // offset_factor given: elem_offset becomes a fresh var, as TVM's match_buffer does.
  ASSERT_NE(a->elem_offset.as<VarNode>(), nullptr);
  EXPECT_EQ(a->elem_offset.as<VarNode>()->name_hint, "elem_offset");
  PrimFunc helper = mod->functions.at("helper").cast<PrimFunc>();
  EXPECT_EQ(helper->attrs.count("global_symbol"), 0u);
  EXPECT_EQ(helper->ret_type, DataType::Int(64));
}

TEST(ScriptParser, ExplicitRootBlockWithoutAccessAndMatchBufferRegion) {
  PrimFunc f = ParseFunc(R"(
@T.prim_func
def f(a: T.handle):
    A = T.match_buffer(a, (T.int64(8), T.int64(4)), "uint8")
    with T.block("root"):
        for i in range(T.int64(2)):
            with T.block("sub"):
                vi = T.axis.opaque(T.int64(2), i)
                T.where(i < T.int64(2))
                T.reads(A[vi * T.int64(4):vi * T.int64(4) + T.int64(4), 0:4])
                T.writes()
                S = T.match_buffer(A[vi * T.int64(4):vi * T.int64(4) + T.int64(4), 0:4], (T.int64(4), 4), "uint8")
                T.block_attr({"k": S})
                T.evaluate(0)
)");
  const auto* root = f->body.as<BlockRealizeNode>();
  ASSERT_NE(root, nullptr);
  EXPECT_EQ(root->block->name_hint, "root");
  std::vector<const BlockNode*> blocks = Blocks(f->body);
  ASSERT_EQ(blocks.size(), 2u);
  const BlockNode* sub = blocks[1];
  EXPECT_EQ(sub->iter_vars[0]->iter_type, IterVarType::kOpaque);
  ASSERT_EQ(sub->reads.size(), 1u);
  // (vi*4 + 4) - vi*4 simplifies to the constant extent 4.
  EXPECT_TRUE(is_const_int(sub->reads[0]->region[0]->extent, 4));
  EXPECT_TRUE(is_const_int(sub->reads[0]->region[1]->extent, 4));
  ASSERT_EQ(sub->match_buffers.size(), 1u);
  EXPECT_EQ(sub->match_buffers[0]->buffer->name, "S");
  EXPECT_TRUE(sub->annotations.at("k").same_as(sub->match_buffers[0]->buffer));
}


// Hand-written TVMScript in the printer's own format for constructs the goldens lack:
// print(parse(text)) must give the text back.
TEST(ScriptParser, RoundTripOfLessCommonConstructs) {
  const std::vector<std::string> programs = {
      R"(# from tvm.script import tir as T

@T.prim_func
def f(A: T.Buffer((128,), "float32"), n: T.int32):
    T.func_attr({"n": [1, T.float32(2.5), "s", T.bool(False)]})
    threadIdx_x = T.launch_thread("threadIdx.x", 128)
    blockIdx_x = T.launch_thread("blockIdx.x", 4)
    x: T.int32 = n + 1
    while x < 10:
        v = T.float32()
        A[threadIdx_x] = T.Let(v + T.float32(1), where={v: A[threadIdx_x]})
    assert n > 0, "n must be positive"
    T.attr(A.data, "storage_alignment", 128)
    for i in T.unroll(4, annotations={"pragma_x": 1}):
        if i == 1:
            T.call_extern("int32", "foo", i, A.data)
        else:
            A[i] = T.if_then_else(i < 2, T.float32(0), T.sqrt(A[i]))
)",
      R"(# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def main(a: T.handle, B: T.Buffer((T.int64(16), T.int64(16)), "float16")):
        A = T.match_buffer(a, (T.int64(16), T.int64(16)), "float16", strides=("A_s0", 1), elem_offset=T.int64(8), scope="shared", align=16, offset_factor=2)
        # with T.block("root"):
        C = T.alloc_buffer((T.int64(16),), "bfloat16", scope="local")
        for i in T.thread_binding(T.int64(16), thread="threadIdx.x"):
            for j in T.vectorized(T.int64(16)):
                with T.block("C"):
                    vi, vj = T.axis.remap("SR", [i, j])
                    T.where(i < T.int64(15) or j != T.int64(0))
                    T.reads(A[vi, vj], B[vi, vj:vj + T.int64(2)])
                    T.writes(C[vi])
                    T.block_attr({"k": [T.int64(1)], "meta_schedule.tiling_structure": "SSRSRS"})
                    with T.init():
                        C[vi] = T.bfloat16(0)
                    C[vi] = C[vi] + T.Cast("bfloat16", A[vi, vj] * B[vi, vj] - T.max(A[vi, vj], T.float16(2)))
        for k in range(T.int64(2), T.int64(6)):
            B[k, T.int64(0):T.int64(4)] = T.Broadcast(T.Select(k % T.int64(2) == T.int64(0), T.float16(1), T.float16(-1.5)), 4)
)",
  };
  for (const std::string& text : programs) {
    std::string printed;
    try {
      printed = Print(Parse(text));
    } catch (const std::exception& e) {
      ADD_FAILURE() << e.what();
      continue;
    }
    EXPECT_EQ(printed, text);
  }
}

// ---- constants ---------------------------------------------------------------------------------

NDArray ConstOf(const ObjectRef& f) {
  struct V : public StmtExprVisitor {
    NDArray data;
    using StmtExprVisitor::VisitStmt_;
    void VisitStmt_(const AllocateConstNode* op) override {
      if (!data.defined()) data = op->data;
      StmtExprVisitor::VisitStmt_(op);
    }
  } v;
  v.VisitStmt(f.cast<PrimFunc>()->body);
  return v.data;
}

TEST(ScriptParser, LinkedConstantsMatchTheirParams) {
  std::string dir = std::string(TIRGEN_SHARED_DIR) + "/golden/conv2d_link_params/";
  NDArray w = ConstOf(Parse(ReadFile(dir + "primfunc_0.py")));
  ASSERT_TRUE(w.defined());
  EXPECT_EQ(w->dtype, DataType::UInt(8));
  EXPECT_EQ(w->shape, (std::vector<int64_t>{64, 64, 3, 3}));
  int64_t sum = 0;
  for (size_t i = 0; i < w.nbytes(); ++i) sum += w.data()[i];
  EXPECT_EQ(sum, 184841);  // computed independently from the golden text
  // float32 weights: every value must round to exactly the bits TVM saved.
  std::string mdir = std::string(TIRGEN_SHARED_DIR) + "/golden/mlp_link_params/";
  std::map<std::string, NDArray> params = LoadNpz(mdir + "params.npz");
  for (const char* file : {"primfunc_0.py", "primfunc_1.py"}) {
    NDArray c = ConstOf(Parse(ReadFile(mdir + file)));
    ASSERT_TRUE(c.defined());
    bool found = false;
    for (const auto& kv : params) {
      if (kv.second.nbytes() == c.nbytes() && std::memcmp(kv.second.data(), c.data(), c.nbytes()) == 0) found = true;
    }
    EXPECT_TRUE(found) << file << ": constant bytes match no array of params.npz";
  }
}

uint16_t Bits16(const NDArray& a, size_t i) {
  uint16_t v;
  std::memcpy(&v, a.data() + 2 * i, 2);
  return v;
}

TEST(ScriptParser, HalfAndBfloatConstantsRoundLikeNumpy) {
  auto parse = [](const std::string& dtype, const std::string& values, int n) {
    return ConstOf(Parse("@T.prim_func\ndef f():\n    c = T.allocate_const([" + values + "], \"" + dtype +
                         "\", [" + std::to_string(n) + "])\n    T.evaluate(0)\n"));
  };
  NDArray h = parse("float16", "0.1, 65504, 1e-08, 6e-08, 0.33333333333333331, -2, 65520, 0, -0.0, 5.9604644775390625e-08", 10);
  const uint16_t expect_h[] = {0x2E66, 0x7BFF, 0x0000, 0x0001, 0x3555, 0xC000, 0x7C00, 0x0000, 0x8000, 0x0001};
  for (int i = 0; i < 10; ++i) EXPECT_EQ(Bits16(h, i), expect_h[i]) << "float16 element " << i;
  NDArray b = parse("bfloat16", "0.1, 1, -3.140625, 1.00390625", 4);
  const uint16_t expect_b[] = {0x3DCD, 0x3F80, 0xC049, 0x3F80};
  for (int i = 0; i < 4; ++i) EXPECT_EQ(Bits16(b, i), expect_b[i]) << "bfloat16 element " << i;
  NDArray f = parse("float32", "0.10000000149011612, -3.4028234663852886e+38, 1", 3);
  uint32_t u;
  std::memcpy(&u, f.data(), 4);
  EXPECT_EQ(u, 0x3DCCCCCDu);
  std::memcpy(&u, f.data() + 4, 4);
  EXPECT_EQ(u, 0xFF7FFFFFu);
  NDArray i8 = parse("int8", "-128, 127, 0", 3);
  EXPECT_EQ(static_cast<int8_t>(i8.data()[0]), -128);
  NDArray i64 = parse("int64", "-9223372036854775808, 9223372036854775807", 2);
  EXPECT_EQ(i64.data_as<int64_t>()[0], INT64_MIN);
  NDArray u64 = parse("uint64", "18446744073709551615", 1);
  EXPECT_EQ(u64.data_as<uint64_t>()[0], UINT64_MAX);
  NDArray w = ConstOf(Parse("@T.prim_func\ndef f():\n    with T.allocate_const([[1, 2], [3, 4]], \"int32\", [2, 2]) as c:\n        T.evaluate(0)\n"));
  EXPECT_EQ(w.data_as<int32_t>()[3], 4);
  EXPECT_EQ(w->shape, (std::vector<int64_t>{2, 2}));
}

// A 4-million-element list parses to exactly the values written. Throughput is measured by
// bench/script_bench (no timing thresholds in tests: the machine is shared).
TEST(ScriptParser, BigConstantListParsesExactly) {
  const int n = 4 * 1000 * 1000;
  // 1000 distinct values (17 significant digits, as printed), repeated.
  std::string chunk;
  char buf[32];
  for (int i = 0; i < 1000; ++i) {
    int len = std::snprintf(buf, sizeof(buf), "%.17g, ", i * 0.001 - 0.5);
    chunk.append(buf, static_cast<size_t>(len));
  }
  std::string text = "@T.prim_func\ndef f():\n    c = T.allocate_const([";
  text.reserve(chunk.size() * (n / 1000) + 200);
  for (int i = 0; i < n / 1000; ++i) text += chunk;
  text.resize(text.size() - 2);
  text += "], \"float32\", [4000, 1000])\n    T.evaluate(0)\n";
  NDArray c = ConstOf(Parse(text));
  ASSERT_TRUE(c.defined());
  ASSERT_EQ(c->NumElements(), n);
  const float* v = c.data_as<float>();
  for (int i = 0; i < n; i += 997)
    ASSERT_EQ(v[i], static_cast<float>((i % 1000) * 0.001 - 0.5)) << "element " << i;
}

// ---- errors: one located message, never a crash ------------------------------------------------

struct ErrorCase {
  const char* name;
  std::string text;
  int line, col;
  std::string message;
};

const char* kHeader =
    "# from tvm.script import tir as T\n"
    "\n"
    "@T.prim_func\n"
    "def main(A: T.Buffer((4,), \"float32\"), B: T.Buffer((4,), \"float32\")):\n";

std::string Body(const std::string& lines) { return kHeader + lines; }
const std::string kLoop =
    "    for i in range(4):\n"
    "        with T.block(\"b\"):\n"
    "            vi = T.axis.spatial(4, i)\n";

TEST(ScriptParser, ErrorsAreLocatedAndSayWhatWasExpected) {
  const std::vector<ErrorCase> cases = {
      {"empty input", "", 1, 1, "empty input: expected a @T.prim_func function or an @I.ir_module class"},
      {"only comments", "# nothing\n\n", 3, 1, "empty input: expected a @T.prim_func function or an @I.ir_module class"},
      {"unbalanced paren", Body("    T.evaluate((1 + 2)\n"), 5, 15, "'(' was never closed"},
      {"unmatched close", Body("    T.evaluate(1))\n"), 5, 18, "unmatched ')'"},
      {"mismatched bracket", Body("    T.evaluate([1, 2)\n"), 5, 21, "closing parenthesis ')' does not match opening '[' at line 5"},
      {"bad dedent", Body("    for i in range(4):\n        T.evaluate(0)\n      T.evaluate(1)\n"), 7, 7, "unindent does not match any outer indentation level"},
      {"unexpected indent", Body("    T.evaluate(0)\n        T.evaluate(1)\n"), 6, 1, "unexpected indent"},
      {"tab space mix", Body("    for i in range(4):\n\t    T.evaluate(0)\n"), 6, 1, "inconsistent use of tabs and spaces in indentation"},
      {"unterminated string", Body("    with T.block(\"b):\n        T.evaluate(0)\n"), 5, 18, "unterminated string literal"},
      {"invalid character", Body("    T.evaluate($)\n"), 5, 16, "invalid character '$'"},
      {"missing colon", Body("    for i in range(4)\n        T.evaluate(0)\n"), 5, 22, "expected ':' after the for header, found end of line"},
      {"unknown T function", Body("    T.evaluate(T.foo(1))\n"), 5, 16, "unknown TVMScript function 'T.foo'"},
      {"missing argument", Body("    T.evaluate(T.Cast(\"int32\"))\n"), 5, 16, "T.Cast() missing required argument 'value'"},
      {"too many arguments", Body("    T.evaluate(T.exp(A[0], 1, 2))\n"), 5, 31, "T.exp() takes at most 2 arguments (3 given)"},
      {"unknown keyword", Body("    C = T.Buffer((4,), \"float32\", scop=\"shared\")\n"), 5, 35, "T.Buffer() got an unexpected keyword argument 'scop'"},
      {"bad dtype", Body("    C = T.alloc_buffer((4,), \"flot32\")\n"), 5, 30,
       "unknown data type \"flot32\" (expected e.g. float32, float16, bfloat16, int8..int64, uint8..uint64, bool)"},
      {"unknown buffer", Body(kLoop + "            T.reads(A[vi])\n            T.writes(C[vi])\n"), 9, 22, "undefined variable 'C'"},
      {"undefined variable", Body("    T.evaluate(A[j])\n"), 5, 18, "undefined variable 'j'"},
      {"index count", Body("    B[0, 1] = A[0]\n"), 5, 6, "buffer 'B' has 1 dimension but is indexed with 2 indices"},
      {"store into T.Buffer", Body("    C = T.Buffer\n    C[0] = A[0]\n"), 6, 6,
       "cannot assign to this subscript: only buffer elements can be stored to"},
      {"store into a list", Body("    C = [1, 2]\n    C[0] = A[0]\n"), 6, 6,
       "cannot assign to this subscript: only buffer elements can be stored to"},
      {"region rank", Body(kLoop + "            T.reads(A[vi, 0:2])\n"), 8, 22, "buffer 'A' has 1 dimension but is indexed with 2 indices"},
      {"non-integer extent", Body("    for i in range(T.float32(2)):\n        T.evaluate(0)\n"), 5, 20, "loop bounds must be integers, got float32"},
      {"remap length", Body("    for i, j in T.grid(4, 4):\n        with T.block(\"b\"):\n            vi, vj = T.axis.remap(\"SSR\", [i, j])\n"), 7, 35,
       "T.axis.remap() got 3 kinds (\"SSR\") but 2 loop variables"},
      {"remap kind", Body("    for i in range(4):\n        with T.block(\"b\"):\n            vi = T.axis.remap(\"X\", [i])\n"), 7, 31,
       "unknown axis kind 'X' in T.axis.remap (expected S or R)"},
      {"remap non-loop var", Body("    for i in range(4):\n        with T.block(\"b\"):\n            vi = T.axis.remap(\"S\", [i])\n            with T.block(\"c\"):\n                vj = T.axis.remap(\"S\", [vi])\n"),
       9, 41, "T.axis.remap: 'vi' is not the variable of an enclosing loop"},
      {"const count mismatch", Body("    c = T.allocate_const([1, 2, 3], \"float32\", [4])\n"), 5, 26, "T.allocate_const() got 3 values but extents hold 4"},
      {"const out of range", Body("    c = T.allocate_const([1, 256], \"uint8\", [2])\n"), 5, 30, "value does not fit the constant's type (uint8)"},
      {"trailing garbage", Body("    T.evaluate(0)\nx = 1\n"), 6, 1, "unexpected 'x' after the end of the function"},
      {"missing annotation", "@T.prim_func\ndef main(a):\n    T.evaluate(0)\n", 2, 11,
       "expected ':' and a type annotation after parameter 'a' (e.g. T.handle, T.int32 or T.Buffer((4,), \"float32\"))"},
      {"no decorator", "def main():\n    T.evaluate(0)\n", 1, 1, "expected @T.prim_func or @I.ir_module, found 'def'"},
      {"int true division", Body("    T.evaluate(T.int32(4) / T.int32(2))\n"), 5, 27,
       "'/' between integers is ambiguous in TVMScript: use // (floor division) or T.Div / T.truncdiv"},
      {"compare int32 int64", Body("    for i in range(T.int64(4)):\n        if i < T.int32(2):\n            T.evaluate(0)\n"), 6, 14,
       "cannot compare int64 with int32 (cast one side with T.Cast)"},
      {"func_attr in loop", Body("    for i in range(4):\n        T.func_attr({\"a\": 1})\n"), 6, 9,
       "T.func_attr() must be called at the top level of the function body"},
      {"duplicate reads", Body(kLoop + "            T.reads(A[vi])\n            T.reads(A[vi])\n"), 9, 13, "duplicate T.reads(...) in block \"b\""},
      {"axis outside block", Body("    for i in range(4):\n        vi = T.axis.spatial(4, i)\n"), 6, 14, "T.axis.spatial() must be called directly inside a T.block"},
      {"store type", Body("    B[0] = T.Broadcast(T.float32(1), 4)\n"), 5, 12, "cannot store a float32x4 value into float32 elements of 'B'"},
      {"for without loop frame", Body("    for i in T.exp(A[0]):\n        T.evaluate(0)\n"), 5, 14,
       "expected the loop to be one of: range, T.serial, T.grid, T.parallel, T.vectorized, T.unroll, T.thread_binding"},
      {"return", Body("    return 1\n"), 5, 5, "return statements are not allowed in a TIR function"},
      {"huge int", Body("    T.evaluate(99999999999999999999999)\n"), 5, 16, "integer literal 99999999999999999999999 is too large"},
      {"let type mismatch", Body("    x: T.int64 = T.int32(1) + T.int32(2)\n    T.evaluate(x)\n"), 5, 18,
       "value of type int32 assigned to 'x' declared as int64"},
      {"negative shape", Body("    C = T.alloc_buffer((4, -4), \"float32\")\n"), 5, 28,
       "buffer shape dimension 1 is -4; dimensions are non-negative"},
      {"negative param shape", "@T.prim_func\ndef main(A: T.Buffer((-4,), \"float32\")):\n    T.evaluate(0)\n", 2, 23,
       "buffer shape dimension 0 is -4; dimensions are non-negative"},
      {"overflowing shape", Body("    C = T.alloc_buffer((4294967296, 4294967296), \"float32\")\n"), 5, 24,
       "buffer shape holds more than 2^63 elements; use smaller dimensions"},
      {"negative extents", Body("    buf = T.allocate([-1], \"float32\", \"global\")\n    T.evaluate(0)\n"), 5, 22,
       "allocation extents dimension 0 is -1; dimensions are non-negative"},
  };
  for (const ErrorCase& c : cases) {
    try {
      Parse(c.text, "t.py");
      ADD_FAILURE() << c.name << ": no error";
    } catch (const Error& e) {
      EXPECT_EQ(e.span().file, "t.py") << c.name;
      EXPECT_EQ(e.span().line, c.line) << c.name << ": " << e.what();
      EXPECT_EQ(e.span().column, c.col) << c.name << ": " << e.what();
      EXPECT_EQ(e.message(), c.message) << c.name << ": " << e.what();
    } catch (const std::exception& e) {
      ADD_FAILURE() << c.name << ": not a tirgen::Error: " << e.what();
    }
  }
  EXPECT_GE(cases.size(), 20u);
}

// Python int ** on constants: exact, by squaring (a huge exponent of 0 or +-1 is instant), and
// overflow beyond int64 is a located error (script_parser_fuzz found the hang).
TEST(ScriptParser, IntegerPowerOfConstantsIsExactAndFast) {
  auto stored = [](const std::string& expr) {
    std::string text = std::string(kHeader) + "    T.evaluate(T.int64(" + expr + "))\n";
    return script::Print(Parse(text, "t.py"));
  };
  EXPECT_NE(stored("0 ** 8490659594535828").find("T.evaluate(T.int64(0))"), std::string::npos);
  EXPECT_NE(stored("(-1) ** 8490659594535829").find("T.evaluate(T.int64(-1))"), std::string::npos);
  EXPECT_NE(stored("(-1) ** 9223372036854775806").find("T.evaluate(T.int64(1))"), std::string::npos);
  EXPECT_NE(stored("1 ** 9223372036854775807").find("T.evaluate(T.int64(1))"), std::string::npos);
  EXPECT_NE(stored("3 ** 39").find("T.evaluate(T.int64(4052555153018976267))"), std::string::npos);
  EXPECT_NE(stored("(-2) ** 63").find("T.evaluate(T.int64(-9223372036854775808))"), std::string::npos);
  EXPECT_NE(stored("2 ** 0").find("T.evaluate(T.int64(1))"), std::string::npos);
  for (const char* overflow : {"2 ** 63", "3 ** 40", "(-3) ** 41", "10 ** 9223372036854775807"}) {
    try {
      stored(overflow);
      ADD_FAILURE() << overflow << ": no error";
    } catch (const Error& e) {
      EXPECT_EQ(e.message(), "integer overflow in constant expression") << overflow;
      EXPECT_EQ(e.span().line, 5) << overflow;
    }
  }
}

TEST(ScriptParser, ErrorRendersSourceLineAndCaret) {
  try {
    Parse(Body("    T.evaluate(T.foo(1))\n"), "x.py");
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(std::string(e.what()),
              "x.py:5:16: error: unknown TVMScript function 'T.foo'\n"
              "    T.evaluate(T.foo(1))\n"
              "               ^");
  }
}

// Mutated and truncated corpus files must give a tirgen::Error or parse; never crash or hang.
TEST(ScriptParser, MalformedInputNeverCrashes) {
  std::vector<std::string> files = CorpusFiles();
  ASSERT_FALSE(files.empty());
  uint64_t rng = 0x9e3779b97f4a7c15ULL;
  auto next = [&rng] {
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
  };
  const char kChars[] = "()[]{}:,.=+-*/%<> \n\t\"'#@Tx01_aeif";
  int errors = 0, parsed = 0;
  for (size_t k = 0; k < 40; ++k) {
    std::string text = ReadFile(files[(k * 37) % files.size()]);
    if (text.size() > 20000) text.resize(20000);
    for (int m = 0; m < 25; ++m) {
      std::string t = text;
      switch (next() % 4) {
        case 0: t.resize(next() % (t.size() + 1)); break;
        case 1: if (!t.empty()) t.erase(next() % t.size(), 1 + next() % 3); break;
        case 2: t.insert(next() % (t.size() + 1), 1, kChars[next() % (sizeof(kChars) - 1)]); break;
        default: if (!t.empty()) t[next() % t.size()] = kChars[next() % (sizeof(kChars) - 1)]; break;
      }
      try {
        Parse(t);
        ++parsed;
      } catch (const Error& e) {
        ++errors;
        EXPECT_TRUE(e.span().defined()) << e.what();
      } catch (const std::exception& e) {
        ADD_FAILURE() << "not a tirgen::Error: " << e.what();
      }
    }
  }
  EXPECT_GT(errors, 0);
  // Pathological nesting is an error, not a stack overflow.
  for (const std::string& deep : {std::string(100000, '('), std::string(100000, '['), "-" + std::string(5000, '-') + "1"}) {
    EXPECT_THROW(Parse(Body("    T.evaluate(" + deep + ")\n")), Error);
  }
  std::string many_lets;
  for (int i = 0; i < 300; ++i) many_lets += "    x" + std::to_string(i) + ": T.int32 = " + std::to_string(i) + "\n";
  EXPECT_THROW(Parse(Body(many_lets + "    T.evaluate(0)\n")), Error);
  std::string deep_for;
  for (int i = 0; i < 300; ++i) deep_for += std::string(4 + 4 * i, ' ') + "for i" + std::to_string(i) + " in range(2):\n";
  EXPECT_THROW(Parse(Body(deep_for)), Error);
}

}  // namespace
}  // namespace script
}  // namespace tirgen
