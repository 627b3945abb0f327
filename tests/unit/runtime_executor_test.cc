// runtime::Executor on a hand-built lowered module (Relay main calling PrimFuncs directly):
// dataflow order, shared nodes computed once, tuple-returning PrimFuncs, TupleGetItem, tuple
// results flattened; input checks; repeated runs on one plan, RunInto, Benchmark. (Modules from
// LowerTE: runtime_run_golden_test.cc.)
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <set>

#include "tirgen/relay/type.h"
#include "tirgen/runtime/executor.h"
#include "tirgen/script/parser.h"

namespace tirgen {
namespace {

const char* kFuncs = R"(# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def f_add(A: T.Buffer((T.int64(4),), "float32"), B: T.Buffer((T.int64(4),), "float32"), C: T.Buffer((T.int64(4),), "float32")):
        T.func_attr({"tir.noalias": T.bool(True)})
        for i in range(T.int64(4)):
            with T.block("C"):
                v_i = T.axis.spatial(T.int64(4), i)
                C[v_i] = A[v_i] + B[v_i]
    @T.prim_func
    def f_split(A: T.Buffer((T.int64(4),), "float32"), O1: T.Buffer((T.int64(4),), "float32"), O2: T.Buffer((T.int64(4),), "float32")):
        T.func_attr({"tir.noalias": T.bool(True)})
        for i in range(T.int64(4)):
            with T.block("O1"):
                v_i = T.axis.spatial(T.int64(4), i)
                O1[v_i] = A[v_i] * T.float32(2)
        for i in range(T.int64(4)):
            with T.block("O2"):
                v_i = T.axis.spatial(T.int64(4), i)
                O2[v_i] = A[v_i] - T.float32(1)
)";

NDArray Vec(std::vector<float> v) {
  std::vector<uint8_t> b(v.size() * 4);
  std::memcpy(b.data(), v.data(), b.size());
  return NDArray({static_cast<int64_t>(v.size())}, DataType::Float(32), std::move(b));
}
std::vector<float> Values(const NDArray& a) {
  std::vector<float> v(static_cast<size_t>(a->NumElements()));
  std::memcpy(v.data(), a.data(), v.size() * 4);
  return v;
}

// main(x, y) = (f_add(f_split(x).0, y), f_split(x).1, const)
IRModule Lowered() {
  IRModule funcs = script::Parse(kFuncs, "<test>").cast<IRModule>();
  relay::TensorType t({4}, DataType::Float(32));
  relay::Var x("x", t), y("y", t);
  relay::Expr split = relay::WithCheckedType(relay::Call(relay::GlobalVar("f_split"), {x}), relay::TupleType({t, t}));
  relay::Expr add = relay::Call(relay::GlobalVar("f_add"), {relay::TupleGetItem(split, 0), y});
  relay::Expr body = relay::Tuple({add, relay::TupleGetItem(split, 1), relay::Constant(Vec({9, 9, 9, 9}))});
  std::map<std::string, ObjectRef> fs = funcs->functions;
  fs["main"] = relay::Function({x, y}, body);
  return IRModule(fs);
}

TEST(Executor, RunsCallsInDataflowOrderAndFlattensTuples) {
  runtime::Executor ex(Lowered());
  EXPECT_EQ(ex.InputNames(), (std::vector<std::string>{"x", "y"}));
  std::vector<NDArray> out = ex.Run({Vec({1, 2, 3, 4}), Vec({10, 20, 30, 40})});
  ASSERT_EQ(out.size(), 3u);
  EXPECT_EQ(Values(out[0]), (std::vector<float>{12, 24, 36, 48}));
  EXPECT_EQ(Values(out[1]), (std::vector<float>{0, 1, 2, 3}));
  EXPECT_EQ(Values(out[2]), (std::vector<float>{9, 9, 9, 9}));
  std::vector<NDArray> named = ex.RunNamed(std::map<std::string, NDArray>{{"y", Vec({0, 0, 0, 0})}, {"x", Vec({1, 1, 1, 1})}});
  EXPECT_EQ(Values(named[0]), (std::vector<float>{2, 2, 2, 2}));
}

std::string ErrorOf(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "<no error>";
}

TEST(Executor, InputErrorsNameTheInput) {
  runtime::Executor ex(Lowered());
  EXPECT_NE(ErrorOf([&] { ex.Run({Vec({1, 2, 3})}); }).find("main takes 2 inputs, 1 given"), std::string::npos);
  EXPECT_NE(ErrorOf([&] { ex.Run({Vec({1, 2, 3}), Vec({1, 2, 3, 4})}); }).find("input 'x' must be float32(4,), got float32(3,)"),
            std::string::npos);
  EXPECT_NE(ErrorOf([&] { ex.RunNamed(std::map<std::string, NDArray>{{"x", Vec({1, 2, 3, 4})}}); }).find("missing input 'y' (main's inputs: x, y)"),
            std::string::npos);
  EXPECT_NE(ErrorOf([&] { ex.RunNamed(std::map<std::string, NDArray>{{"z", Vec({1})}}); }).find("unknown input 'z'"), std::string::npos);
}

// The execution plan is built once and its intermediate tensors reused: each run computes from
// its own inputs, and outputs a caller holds are copies no later run writes over.
TEST(Executor, RepeatedRunsReuseThePlanAndReturnIndependentOutputs) {
  runtime::Executor ex(Lowered());
  std::vector<NDArray> first = ex.Run({Vec({1, 2, 3, 4}), Vec({10, 20, 30, 40})});
  std::vector<NDArray> second = ex.Run({Vec({-1, 0, 5, 2}), Vec({1, 1, 1, 1})});
  EXPECT_EQ(Values(first[0]), (std::vector<float>{12, 24, 36, 48}));
  EXPECT_EQ(Values(first[1]), (std::vector<float>{0, 1, 2, 3}));
  EXPECT_EQ(Values(second[0]), (std::vector<float>{-1, 1, 11, 5}));
  EXPECT_EQ(Values(second[1]), (std::vector<float>{-2, -1, 4, 1}));
  EXPECT_NE(first[0].data(), second[0].data());
  // Copies of the executor share the plan: runs are serialized, results still independent.
  runtime::Executor copy = ex;
  std::vector<NDArray> third = copy.Run({Vec({0, 0, 0, 0}), Vec({0, 0, 0, 0})});
  EXPECT_EQ(Values(third[0]), (std::vector<float>{0, 0, 0, 0}));
  EXPECT_EQ(Values(second[0]), (std::vector<float>{-1, 1, 11, 5}));
}

TEST(Executor, RunIntoReadsBorrowedInputsAndFillsCallerMemory) {
  runtime::Executor ex(Lowered());
  ASSERT_EQ(ex.OutputTypes().size(), 3u);
  EXPECT_EQ(ex.OutputTypes()[0]->ConstShape(), (std::vector<int64_t>{4}));
  std::vector<float> x{1, 2, 3, 4}, y{1, 1, 1, 1}, o0(4), o1(4), o2(4);
  DataType f32 = DataType::Float(32);
  ex.RunInto({{x.data(), {4}, f32}, {y.data(), {4}, f32}}, {o0.data(), o1.data(), o2.data()});
  EXPECT_EQ(o0, (std::vector<float>{3, 5, 7, 9}));
  EXPECT_EQ(o1, (std::vector<float>{0, 1, 2, 3}));
  EXPECT_EQ(o2, (std::vector<float>{9, 9, 9, 9}));
  EXPECT_NE(ErrorOf([&] { ex.RunInto({{x.data(), {2, 2}, f32}, {y.data(), {4}, f32}}, {o0.data(), o1.data(), o2.data()}); })
                .find("input 'x' must be float32(4,), got float32(2, 2)"),
            std::string::npos);
}

TEST(Executor, BenchmarkReturnsTheMedianSecondsOfOneRun) {
  runtime::Executor ex(Lowered(), target::Target::Parse("c -mcpu=x86-64-v3 -num-cores 2"));
  EXPECT_EQ(ex.target(), "c -mcpu=x86-64-v3 -num-cores 2");
  EXPECT_EQ(runtime::Executor(Lowered()).target(), target::DefaultBuildTarget().str());
  std::vector<NDArray> in{Vec({1, 2, 3, 4}), Vec({10, 20, 30, 40})};
  double s = ex.Benchmark(in, 3);
  EXPECT_GT(s, 0);
  EXPECT_LT(s, 1);  // a few adds
  EXPECT_TRUE(std::isfinite(ex.Benchmark(in, 2, 5, 1.0)));
  EXPECT_NE(ErrorOf([&] { ex.Benchmark(in, 0); }).find("repeat must be at least 1, got 0"), std::string::npos);
  EXPECT_NE(ErrorOf([&] { ex.Benchmark({Vec({1})}, 3); }).find("main takes 2 inputs, 1 given"), std::string::npos);
  EXPECT_EQ(Values(ex.Run(in)[0]), (std::vector<float>{12, 24, 36, 48}));  // still runs right after
}

// Profile: one row per compiled function main calls, slowest first, with calls per run.
TEST(Executor, ProfileListsEachFunctionWithItsCalls) {
  runtime::Executor ex(Lowered());
  NDArray x = Vec({1, 2, 3, 4}), y = Vec({10, 20, 30, 40});
  std::vector<runtime::TensorView> in{{x.data(), {4}, DataType::Float(32)}, {y.data(), {4}, DataType::Float(32)}};
  std::vector<runtime::Executor::FunctionTime> table = ex.Profile(in, 3);
  ASSERT_EQ(table.size(), 2u);
  std::set<std::string> names{table[0].name, table[1].name};
  EXPECT_EQ(names, (std::set<std::string>{"f_add", "f_split"}));
  for (const auto& row : table) {
    EXPECT_EQ(row.calls, 1) << row.name;
    EXPECT_GE(row.seconds, 0) << row.name;
  }
  EXPECT_GE(table[0].seconds, table[1].seconds);
  EXPECT_NE(ErrorOf([&] { ex.Profile(in, 0); }).find("repeat must be at least 1, got 0"), std::string::npos);
  EXPECT_EQ(Values(ex.Run({x, y})[0]), (std::vector<float>{12, 24, 36, 48}));
}

TEST(Executor, RelayOpCallsAreRejectedWithAHint) {
  IRModule funcs = script::Parse(kFuncs, "<test>").cast<IRModule>();
  relay::Var x("x", relay::TensorType({4}, DataType::Float(32)));
  std::map<std::string, ObjectRef> fs = funcs->functions;
  fs["main"] = relay::Function({x}, relay::Call(relay::Op::Get("nn.relu"), {x}));
  runtime::Executor ex{IRModule(fs)};
  EXPECT_NE(ErrorOf([&] { ex.Run({Vec({1, 2, 3, 4})}); }).find("run LowerTE first"), std::string::npos);
}

}  // namespace
}  // namespace tirgen
