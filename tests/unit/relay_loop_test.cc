// A let-bound recursive function (TVM's relay.loops.while_loop form): the parser binds the let
// variable inside its own value, InferType types it from its annotated parameters (the return
// type from the branch that returns a value, checked against the other), the text round trips,
// structural equality compares the recursive use by position, FuseOps fuses the body's operators
// inside the body only, and the executor runs the tail call as a backward jump (a hundred
// thousand iterations, no C++ stack), with calls per run counted in the profile.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <map>
#include <set>

#include "tirgen/lower/constant_evaluator.h"
#include "tirgen/lower/lower.h"
#include "tirgen/relay/expr_functor.h"
#include "tirgen/relay/structural.h"
#include "tirgen/relay/text.h"
#include "tirgen/relay/transforms.h"
#include "tirgen/runtime/executor.h"

namespace tirgen {
namespace {

// acc <- acc * 2 (+ x when %add) while i < n; returns (i, acc).
std::string LoopText(const std::string& step = "multiply(%acc, 2f)", const std::string& exit = "(%i, %acc)",
                     const std::string& ret = "") {
  return "#[version = \"0.0.5\"]\n"
         "def @main(%n: int64, %x: Tensor[(4), float32]) {\n"
         "  %0 = (\n"
         "    let %while_loop = fn (%i: int64, %acc: Tensor[(4), float32])" + ret + " {\n"
         "      if (less(%i, %n)) {\n"
         "        %while_loop(add(%i, 1i64), " + step + ")\n"
         "      } else {\n"
         "        " + exit + "\n"
         "      }\n"
         "    };\n"
         "    %while_loop\n"
         "  );\n"
         "  %1 = %0(0i64, %x);\n"
         "  %1.1\n"
         "}\n";
}

NDArray Vec(std::vector<float> v) {
  std::vector<uint8_t> b(v.size() * 4);
  std::memcpy(b.data(), v.data(), b.size());
  return NDArray({static_cast<int64_t>(v.size())}, DataType::Float(32), std::move(b));
}
NDArray I64(int64_t v) {
  std::vector<uint8_t> b(8);
  std::memcpy(b.data(), &v, 8);
  return NDArray({}, DataType::Int(64), std::move(b));
}
std::vector<float> Values(const NDArray& a) {
  std::vector<float> v(static_cast<size_t>(a->NumElements()));
  std::memcpy(v.data(), a.data(), v.size() * 4);
  return v;
}

TEST(RelayLoop, ParsesInfersAndPrintsBackIdentically) {
  IRModule typed = relay::InferType(relay::ParseModule(LoopText(), "<loop>"));
  std::string once = relay::PrintModule(typed);
  // The let variable gets its function type, the function its return type (as TVM fills them).
  EXPECT_NE(once.find("let %while_loop: fn (int64, Tensor[(4), float32]) -> (int64, Tensor[(4), float32])"),
            std::string::npos)
      << once;
  EXPECT_NE(once.find("%while_loop(%"), std::string::npos) << once;
  std::string twice = relay::PrintModule(relay::InferType(relay::ParseModule(once, "<printed>")));
  EXPECT_EQ(once, twice);
}

TEST(RelayLoop, StructuralEqualityBindsTheRecursiveUseByPosition) {
  IRModule a = relay::InferType(relay::ParseModule(LoopText(), "<a>"));
  IRModule b = relay::InferType(relay::ParseModule(LoopText(), "<b>"));
  IRModule c = relay::InferType(relay::ParseModule(LoopText("multiply(%acc, 3f)"), "<c>"));
  relay::Expr ma = a.Lookup("main").cast<relay::Expr>(), mb = b.Lookup("main").cast<relay::Expr>(),
              mc = c.Lookup("main").cast<relay::Expr>();
  EXPECT_TRUE(relay::StructuralEqual(ma, mb));
  EXPECT_EQ(relay::StructuralHash(ma), relay::StructuralHash(mb));
  EXPECT_FALSE(relay::StructuralEqual(ma, mc));
}

void ExpectTypeError(const std::string& text, const std::string& message) {
  try {
    relay::InferType(relay::ParseModule(text, "<bad>"));
    FAIL() << "no error for:\n" << text;
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find(message), std::string::npos) << e.what();
    EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos) << e.what();
  }
}

TEST(RelayLoop, TypeErrorsAreLocatedOneLineErrors) {
  // The value leaving the loop has another type than the declared return type.
  ExpectTypeError(LoopText("multiply(%acc, 2f)", "(%i, %acc)", " -> (int64, Tensor[(4), float64])"),
                  "the branches of 'if' have different types");
  // The next state has another type than the parameters.
  ExpectTypeError(LoopText("sum(%acc)"), "argument 1 has type float32 but the function expects Tensor[(4), float32]");
  // Without a declared return type, the pending result cannot feed an operator.
  ExpectTypeError(
      "#[version = \"0.0.5\"]\ndef @main(%x: float32) {\n  let %f = fn (%a: float32) {\n"
      "    if (less(%a, 1f)) { add(%f(add(%a, 1f)), 1f) } else { %a }\n  };\n  %f(%x)\n}\n",
      "the result of the recursive call of %f is used before its type is known");
  ExpectTypeError(
      "#[version = \"0.0.5\"]\ndef @main(%x: float32) {\n  let %f = fn (%a: float32) {\n"
      "    if (less(%a, 1f)) { %f(%a) } else { %f(%x) }\n  };\n  %f(%x)\n}\n",
      "every path of the function calls %f again");
  ExpectTypeError(
      "#[version = \"0.0.5\"]\ndef @main(%x: float32) {\n  let %f = fn (%a) {\n"
      "    if (less(%a, 1f)) { %f(%a) } else { %a }\n  };\n  %f(%x)\n}\n",
      "parameter %a of the recursive function %f needs a type annotation");
}

TEST(RelayLoop, AFunctionWithNoReturningPathIsRefusedDeclaredTypeOrNot) {
  // With a declared return type the recursive calls are typed, but a call would never end.
  for (const char* ret : {"", " -> float32"})
    for (const char* body : {"%f(add(%a, 1f))", "if (less(%a, 1f)) { %f(%a) } else { let %h = %f; %h(%a) }",
                             "let %r = %f(%a); %r"})
      ExpectTypeError(std::string("#[version = \"0.0.5\"]\ndef @main(%x: float32) {\n  let %f = fn (%a: float32)") +
                          ret + " {\n    " + body + "\n  };\n  %f(%x)\n}\n",
                      "every path of the function calls %f again, so it never returns a value");
}

// The calls of primitive functions reachable from `e` without entering a function.
std::set<const Object*> FusedCalls(const relay::Expr& e) {
  std::set<const Object*> calls;
  relay::PostOrderVisit(
      e,
      [&](const relay::Expr& x) {
        const auto* call = x.as<relay::CallNode>();
        const auto* fn = call ? call->op.as<relay::FunctionNode>() : nullptr;
        if (fn && fn->IsPrimitive()) calls.insert(x.get());
      },
      [](const relay::Expr& x) { return !x.as<relay::FunctionNode>(); });
  return calls;
}

// The body of the one local (non-primitive) function under `e`.
relay::Expr LoopBody(const relay::Expr& e) {
  relay::Expr body;
  relay::PostOrderVisit(e, [&](const relay::Expr& x) {
    if (const auto* f = x.as<relay::FunctionNode>(); f && !f->IsPrimitive()) body = f->body;
  });
  return body;
}

TEST(RelayLoop, FuseOpsFusesInsideTheBodyNeverAcrossItsBoundary) {
  // exp(%x) is computed outside and read by the body: it stays a function of main's, and the
  // body's add + multiply fuse into one function of the body's.
  std::string text = LoopText("multiply(add(%acc, %9), 2f)");
  size_t at = text.find("  %0 = (");
  text.insert(at, "  %9 = exp(%x);\n");
  text.replace(text.find("%1.1"), 4, "add(%1.1, %9)");
  IRModule fused = relay::FuseOps(relay::InferType(relay::ParseModule(text, "<fuse>")));
  relay::Expr main_body = fused.Lookup("main").as<relay::FunctionNode>()->body;
  std::set<const Object*> outside = FusedCalls(main_body), in_body;
  for (const Object* c : FusedCalls(LoopBody(main_body)))
    if (!outside.count(c)) in_body.insert(c);
  std::string printed = relay::PrintModule(fused);
  EXPECT_EQ(outside.size(), 2u) << printed;  // exp, and the add after the loop
  EXPECT_EQ(in_body.size(), 3u) << printed;  // less, add (counter), add + multiply
  // The value main uses after the loop is printed before the loop, not inside its body.
  EXPECT_LT(printed.find("exp("), printed.find("let %while_loop")) << printed;
  // The printed fused form parses and prints back the same.
  EXPECT_EQ(relay::PrintModule(relay::InferType(relay::ParseModule(printed, "<fused>"))), printed);
}

TEST(RelayLoop, LowerTESharesABodysFunctionWithMainsWhenEqual) {
  // exp of a Tensor[(4), float32] inside the body and before the loop: one PrimFunc, called
  // from both places.
  std::string text = LoopText("exp(%acc)");
  text.insert(text.find("  %0 = ("), "  %9 = exp(%x);\n");
  text.replace(text.find("%0(0i64, %x)"), 12, "%0(0i64, %9)");
  text.replace(text.find("%1.1"), 4, "add(%1.1, %9)");
  IRModule lowered = lower::LowerTE(relay::FuseOps(relay::InferType(relay::ParseModule(text, "<lower>"))),
                                    lower::LowerTEOptions());
  int exps = 0;
  for (const auto& [name, fn] : lowered->functions) exps += name.find("exp") != std::string::npos;
  EXPECT_EQ(exps, 1);
  std::string printed = relay::PrintModule(lowered);
  size_t in_body = printed.find("call_lowered(@"), loop_end = printed.find("%while_loop\n");
  ASSERT_NE(in_body, std::string::npos) << printed;
  EXPECT_LT(in_body, loop_end) << printed;  // calls inside the body are lowered too
}

TEST(RelayLoop, DeadCodeEliminationDropsAnUncalledLoopAndKeepsACalledOne) {
  std::string fn =
      "fn (%i: int64, %a: float32) { if (less(%i, 3i64)) { %f(add(%i, 1i64), %a) } else { (%i, %a) } }";
  relay::Expr unused = relay::ParseExpr("#[version = \"0.0.5\"]\nfree_var %x: float32;\nlet %f = " + fn + ";\n%x");
  relay::Expr kept = relay::ParseExpr("#[version = \"0.0.5\"]\nfree_var %x: float32;\nlet %f = " + fn + ";\n%f(0i64, %x)");
  for (bool inline_once : {false, true}) {
    EXPECT_TRUE(relay::DeadCodeElimination(unused, inline_once).as<relay::VarNode>()) << inline_once;
    relay::Expr out = relay::DeadCodeElimination(kept, inline_once);
    EXPECT_TRUE(out.same_as(kept)) << relay::PrintExpr(out);  // recursive: never inlined
  }
}

// A module whose main takes %n: int64 and %x: Tensor[(4), float32] and computes `body`.
std::string MainOfNAndX(const std::string& body) {
  return "#[version = \"0.0.5\"]\ndef @main(%n: int64, %x: Tensor[(4), float32]) {\n" + body + "}\n";
}

runtime::Executor Build(const std::string& text) {
  return runtime::Executor(runtime::LowerForExecution(relay::ParseModule(text, "<loop>")));
}

TEST(ExecutorLoop, RunsTheTailCallAsAJump) {
  runtime::Executor ex = Build(LoopText("add(multiply(%acc, 2f), %x)"));
  NDArray x = Vec({1, -2, 0.5f, 3});
  for (int64_t n : {0, 1, 5}) {
    std::vector<float> want = Values(x);
    for (int64_t i = 0; i < n; ++i)
      for (size_t k = 0; k < want.size(); ++k) want[k] = want[k] * 2 + Values(x)[k];
    EXPECT_EQ(Values(ex.Run({I64(n), x})[0]), want) << n;
  }
}

TEST(ExecutorLoop, AHundredThousandIterationsUseNoStackAndCountInTheProfile) {
  // acc + 1 per iteration: exact in float32 up to 2^24.
  runtime::Executor ex = Build(LoopText("add(%acc, 1f)"));
  NDArray x = Vec({0, 1, 2, 3}), n = I64(100000);
  EXPECT_EQ(Values(ex.Run({n, x})[0]), (std::vector<float>{100000, 100001, 100002, 100003}));
  std::vector<runtime::TensorView> in{{n.data(), {}, DataType::Int(64)}, {x.data(), {4}, DataType::Float(32)}};
  std::map<std::string, int> calls;
  for (const auto& row : ex.Profile(in, 1)) calls[row.name] += row.calls;
  int counted = 0;
  for (const auto& [name, c] : calls) {
    if (name.find("less") != std::string::npos) EXPECT_EQ(c, 100001) << name;  // one test per entry
    if (name.find("add") != std::string::npos) EXPECT_EQ(c, 100000) << name;   // the body, per iteration
    counted += c;
  }
  EXPECT_GE(counted, 300001);
}

TEST(ExecutorLoop, AnOuterValueTheBodyAndMainUseIsComputedOnceBeforeTheLoop) {
  std::string text = LoopText("multiply(add(%acc, %9), 2f)");
  text.insert(text.find("  %0 = ("), "  %9 = exp(%x);\n");
  text.replace(text.find("%1.1"), 4, "add(%1.1, %9)");
  runtime::Executor ex = Build(text);
  NDArray x = Vec({0, 1, -1, 0.5f}), n = I64(5);
  std::vector<float> want = Values(x), e(4);
  for (size_t k = 0; k < 4; ++k) e[k] = std::exp(Values(x)[k]);
  for (int i = 0; i < 5; ++i)
    for (size_t k = 0; k < 4; ++k) want[k] = (want[k] + e[k]) * 2;
  for (size_t k = 0; k < 4; ++k) want[k] += e[k];
  std::vector<float> got = Values(ex.Run({n, x})[0]);
  for (size_t k = 0; k < 4; ++k) EXPECT_NEAR(got[k], want[k], 1e-5f * std::abs(want[k])) << k;
  std::vector<runtime::TensorView> in{{n.data(), {}, DataType::Int(64)}, {x.data(), {4}, DataType::Float(32)}};
  int exps = 0;
  for (const auto& row : ex.Profile(in, 1))
    if (row.name.find("exp") != std::string::npos) exps += row.calls;
  EXPECT_EQ(exps, 1);  // not once per iteration
}

TEST(ExecutorLoop, AValueReadingALetOfTheBodyStaysInTheLoop) {
  // %y is bound in the body; %0 reads it, and the body and an inner loop's body (a use the
  // outer body's walk does not count) read %0: %0 varies with the outer loop, so it is not
  // hoisted before it.
  std::string text = MainOfNAndX(
      "  let %f = fn (%i: int64, %a: Tensor[(4), float32]) {\n"
      "    let %y = add(%a, 1f);\n"
      "    %0 = multiply(%y, 2f);\n"
      "    if (less(%i, %n)) {\n"
      "      let %g = fn (%j: int64, %b: Tensor[(4), float32]) {\n"
      "        if (less(%j, 2i64)) { %g(add(%j, 1i64), add(%b, %0)) } else { (%j, %b) }\n"
      "      };\n"
      "      %f(add(%i, 1i64), add(%g(0i64, %y).1, %0))\n"
      "    } else { (%i, %a) }\n"
      "  };\n  %f(0i64, %x).1\n");
  runtime::Executor ex = Build(text);
  NDArray x = Vec({1, 2, 3, 4});
  std::vector<float> want = Values(x);
  for (int i = 0; i < 3; ++i)
    for (float& v : want) v = 7 * (v + 1);  // y + 2 * (2y) from the inner loop, + 2y
  EXPECT_EQ(Values(ex.Run({I64(3), x})[0]), want);
}

TEST(ExecutorLoop, SwappedStateIsAParallelAssignment) {
  // (a, b) <- (b, a + b): the next state reads the parameters the copies overwrite.
  std::string text = MainOfNAndX(
      "  let %f = fn (%i: int64, %a: Tensor[(4), float32], %b: Tensor[(4), float32]) {\n"
      "    if (less(%i, %n)) { %f(add(%i, 1i64), %b, add(%a, %b)) } else { (%a, %b) }\n"
      "  };\n  %f(0i64, %x, %x).0\n");
  runtime::Executor ex = Build(text);
  NDArray x = Vec({1, 2, 3, 4});
  // Fibonacci scaled by x: a_n = F(n+1)... a0 = x, b0 = x: a after 6 steps = 13x.
  EXPECT_EQ(Values(ex.Run({I64(6), x})[0]), (std::vector<float>{13, 26, 39, 52}));
}

// A float32 scalar.
NDArray F32(float v) {
  return NDArray({}, DataType::Float(32), std::vector<uint8_t>(reinterpret_cast<uint8_t*>(&v), reinterpret_cast<uint8_t*>(&v) + 4));
}

// `let` forms around a local function: an alias of it (called from main or the body) and a
// tail call whose value a let names (all count %a up to 10 from 1: 10).
TEST(ExecutorLoop, AliasesOfTheFunctionAndALetNamedTailCallRun) {
  const std::string head = "#[version = \"0.0.5\"]\ndef @main(%x: float32) {\n  let %f = fn (%a: float32) -> float32 {\n";
  for (const std::string& text :
       {head + "    if (less(%a, 10f)) { %f(add(%a, 1f)) } else { %a }\n  };\n  let %g = %f;\n  %g(%x)\n}\n",
        head + "    if (less(%a, 10f)) { let %h = %f; %h(add(%a, 1f)) } else { %a }\n  };\n  %f(%x)\n}\n",
        head + "    if (less(%a, 10f)) { let %r = %f(add(%a, 1f)); %r } else { %a }\n  };\n  %f(%x)\n}\n"}) {
    runtime::Executor ex = Build(text);
    EXPECT_EQ(Values(ex.Run({F32(1)})[0]), std::vector<float>{10}) << text;
  }
}

TEST(ExecutorLoop, ALocalFunctionUsedAsAValueIsAOneLineError) {
  std::string text =
      "#[version = \"0.0.5\"]\ndef @main(%x: float32) {\n  let %f = fn (%a: float32) -> float32 {\n"
      "    if (less(%a, 10f)) { %f(add(%a, 1f)) } else { %a }\n  };\n  %f\n}\n";
  try {
    Build(text).Run({F32(1)});
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("the local function %f is used as a value"), std::string::npos) << e.what();
    EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos) << e.what();
  }
}

TEST(ExecutorLoop, ANonTailRecursiveCallIsAClearError) {
  std::string text =
      "#[version = \"0.0.5\"]\ndef @main(%x: float32) {\n  let %f = fn (%a: float32) -> float32 {\n"
      "    if (less(%a, 10f)) { add(%f(add(%a, 1f)), 1f) } else { %a }\n  };\n  %f(%x)\n}\n";
  runtime::Executor ex = Build(text);
  float one = 1;
  NDArray x({}, DataType::Float(32), std::vector<uint8_t>(reinterpret_cast<uint8_t*>(&one), reinterpret_cast<uint8_t*>(&one) + 4));
  try {
    ex.Run({x});
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("%f calls itself other than as its last action"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace tirgen
