// The relay printer on hand-built IR (TVM's layout rules), and parse/print of looser text.
#include <gtest/gtest.h>

#include <cstring>

#include "tirgen/relay/op.h"
#include "tirgen/relay/text.h"

namespace tirgen {
namespace relay {
namespace {

const std::string kV = "#[version = \"0.0.5\"]\n";

Type F32(std::vector<int64_t> shape = {}) { return TensorType(shape, DataType::Float(32)); }

template <class T>
Constant Scalar(DataType t, T v) {
  std::vector<uint8_t> b(sizeof(T));
  std::memcpy(b.data(), &v, sizeof(T));
  return Constant(NDArray({}, t, b));
}

TEST(RelayPrinter, SharedExpressionsGetTemporaries) {
  Var x("x", F32({2}));
  Expr a = Call(Op::Get("add"), {x, x});
  Expr b = Call(Op::Get("multiply"), {a, a});
  EXPECT_EQ(PrintExpr(Function({x}, b)),
            kV + "fn (%x: Tensor[(2), float32]) {\n  %0 = add(%x, %x);\n  multiply(%0, %0)\n}\n");
}

TEST(RelayPrinter, FreeVarsAreDeclared) {
  Var x("x", F32());
  EXPECT_EQ(PrintExpr(Call(Op::Get("add"), {x, Scalar(DataType::Float(32), 1.0f)})),
            kV + "free_var %x: float32;\nadd(%x, 1f)\n");
}

TEST(RelayPrinter, FreeVarDeclaredAtFirstUseEvenInANestedFunction) {
  Var x("x", F32()), a("a", F32());
  Expr fn = Function({a}, Call(Op::Get("add"), {a, x}));
  std::string text = kV +
      "%0 = fn (%a: float32) {\n  free_var %x: float32;\n  add(%a, %x)\n};\n(%0, %x)\n";
  EXPECT_EQ(PrintExpr(Tuple({fn, x})), text);
  EXPECT_EQ(PrintExpr(ParseExpr(text)), text);  // the declaration is visible after the fn too
}

TEST(RelayPrinter, LetAndIf) {
  Var x("x", F32()), y("y"), c("c", TensorType(std::vector<int64_t>{}, DataType::Bool()));
  Expr let = Let(y, Call(Op::Get("add"), {x, x}), Call(Op::Get("multiply"), {y, y}));
  EXPECT_EQ(PrintExpr(Function({x}, let)),
            kV + "fn (%x: float32) {\n  let %y = add(%x, %x);\n  multiply(%y, %y)\n}\n");
  Expr iff = If(c, Scalar(DataType::Float(32), 1.0f), Scalar(DataType::Float(32), 2.0f));
  EXPECT_EQ(PrintExpr(Function({c}, iff)),
            kV + "fn (%c: bool) {\n  if (%c) {\n    1f\n  } else {\n    2f\n  }\n}\n");
  // Both parse back to the same structure.
  for (const Expr& e : {Expr(Function({x}, let)), Expr(Function({c}, iff))}) {
    std::string text = PrintExpr(e);
    EXPECT_EQ(PrintExpr(ParseExpr(text)), text);
  }
  // A let that is not the end of its scope prints in parentheses and parses back.
  Var z("z");
  Expr inner = Let(z, x, z);
  std::string text = PrintExpr(Function({x}, Tuple({inner, inner})));
  EXPECT_EQ(text, kV + "fn (%x: float32) {\n  %0 = (\n    let %z = %x;\n    %z\n  );\n  (%0, %0)\n}\n");
  EXPECT_EQ(PrintExpr(ParseExpr(text)), text);
}

// A value a branch shares with the code after the If, or with the other branch, is printed
// before the If (inside the then-branch its name would be undefined later: the text did not
// parse back); a value only one branch uses stays in it.
TEST(RelayPrinter, ValuesSharedAcrossIfBranchesArePrintedBeforeTheIf) {
  Var x("x", F32({4})), c("c", TensorType(std::vector<int64_t>{}, DataType::Bool()));
  Expr e = Call(Op::Get("exp"), {x});
  Expr own = Call(Op::Get("negative"), {x});
  Expr then = Call(Op::Get("multiply"), {own, own});
  Expr both = If(c, Call(Op::Get("add"), {e, e}), Call(Op::Get("subtract"), {e, x}));
  Expr root = If(c, then, e);  // the false branch is the shared value itself
  Expr body = Tuple({both, root, e});
  std::string text = PrintExpr(Function({c, x}, body));
  EXPECT_EQ(text, kV +
                      "fn (%c: bool, %x: Tensor[(4), float32]) {\n"
                      "  %0 = exp(%x);\n"
                      "  %2 = if (%c) {\n    add(%0, %0)\n  } else {\n    subtract(%0, %x)\n  };\n"
                      "  %3 = if (%c) {\n    %1 = negative(%x);\n    multiply(%1, %1)\n  } else {\n    %0\n  };\n"
                      "  (%2, %3, %0)\n}\n");  // temporaries are numbered as they are printed, as TVM's
  EXPECT_EQ(PrintExpr(ParseExpr(text)), text);
}

TEST(RelayPrinter, DuplicateNamesGetSuffixes) {
  Var a("x"), b("x"), c("0");
  Expr t = Tuple({a, b, c});
  EXPECT_EQ(PrintExpr(Function({a, b, c}, t)), kV + "fn (%x, %x1, %v0) {\n  (%x, %x1, %v0)\n}\n");
}

TEST(RelayPrinter, ScalarsInlineOthersToMeta) {
  std::vector<Expr> fields = {
      Scalar(DataType::Int(64), int64_t{3}), Scalar(DataType::Float(64), 2.5),
      Scalar(DataType::Bool(), uint8_t{1}), Scalar(DataType::Int(16), int16_t{-7}),
      Scalar(DataType::Int(32), int32_t{42}), Scalar(DataType::Float(32), -0.125f),
      Scalar(DataType::Int(8), int8_t{5})};
  Expr single = Tuple({Scalar(DataType::Int(32), int32_t{1})});
  fields.push_back(single);
  EXPECT_EQ(PrintExpr(Tuple(fields)),
            kV + "%0 = (1,);\n(3i64, 2.5f64, True, -7i16, 42, -0.125f, meta[relay.Constant][0], %0)\n"
                 "/* For debugging purposes the metadata section has been omitted.\n"
                 " * If you would like to see the full metadata section you can set the \n"
                 " * option to `True` when invoking `astext`. \n */\n");
}

TEST(RelayPrinter, AttributeValues) {
  Var x("x", F32({1, 4}));
  AttrFields attrs = {
      {"padding", Array({tir::IntImm(DataType::Int(32), 1), tir::IntImm(DataType::Int(32), 1)})},
      {"axis", tir::IntImm(DataType::Int(64), -1)},
      {"units", ObjectRef()},
      {"epsilon", tir::FloatImm(DataType::Float(32), 1e-05)},
      {"keepdims", tir::IntImm(DataType::Bool(), 1)},
      {"out_dtype", String("")},
  };
  Expr call = Call(Op::Get("nn.dense"), {x, x}, Attrs(attrs));
  Function fn({x}, call, F32({1, 1}), {{"Primitive", tir::IntImm(DataType::Int(32), 1)}});
  EXPECT_EQ(PrintExpr(fn),
            kV + "fn (%x: Tensor[(1, 4), float32], Primitive=1) -> Tensor[(1, 1), float32] {\n"
                 "  nn.dense(%x, %x, padding=[1, 1], axis=-1i64, units=None, epsilon=1e-05f, "
                 "keepdims=True, out_dtype=\"\")\n}\n");
}

TEST(RelayPrinter, ModuleFunctionsSortedWithBlankLine) {
  Var a("a", F32()), b("b", F32());
  IRModule mod({{"main", Function({a}, a)}, {"helper", Function({b}, b, F32())}});
  EXPECT_EQ(PrintModule(mod),
            kV + "def @helper(%b: float32) -> float32 {\n  %b\n}\n\ndef @main(%a: float32) {\n  %a\n}\n");
}

TEST(RelayParser, GlobalCallsBetweenFunctions) {
  std::string text = kV +
      "def @f(%a: float32) -> float32 {\n  nn.relu(%a)\n}\n\n"
      "def @main(%x: float32) {\n  @f(%x)\n}\n";
  IRModule mod = ParseModule(text);
  EXPECT_EQ(PrintModule(mod), text);
  const auto* call = mod.Lookup("main").as<FunctionNode>()->body.as<CallNode>();
  ASSERT_TRUE(call);
  EXPECT_EQ(call->op.as<GlobalVarNode>()->name_hint, "f");
}

TEST(RelayParser, LooseFormPrintsCanonically) {
  std::string text = kV +
      "fn(%x : Tensor[(5, 7), float32], %y : Tensor[(5,7), float32], Primitive=1) -> Tensor[(5, 7), float32] "
      "{ add(%x, %y) }";
  EXPECT_EQ(PrintExpr(ParseExpr(text)),
            kV + "fn (%x: Tensor[(5, 7), float32], %y: Tensor[(5, 7), float32], Primitive=1) -> "
                 "Tensor[(5, 7), float32] {\n  add(%x, %y)\n}\n");
}

TEST(RelayParser, FrontendNamesAndProjections) {
  std::string text = kV +
      "def @main(%layer1.0.conv1.weight: Tensor[(2), float32], %onnx::Conv_193: Tensor[(2), float32], "
      "%t: (Tensor[(2), float32], float32)) {\n"
      "  %0 = add(%layer1.0.conv1.weight, %onnx::Conv_193);\n"
      "  %1 = %t.1;\n"
      "  %2 = %t.0;\n"
      "  (%0, %1, %2)\n"
      "}\n";
  IRModule mod = ParseModule(text);
  const auto* fn = mod.Lookup("main").as<FunctionNode>();
  ASSERT_EQ(fn->params.size(), 3u);
  EXPECT_EQ(fn->params[0]->name_hint, "layer1.0.conv1.weight");
  EXPECT_EQ(fn->params[1]->name_hint, "onnx::Conv_193");
  const auto* tup = fn->body.as<TupleNode>();
  ASSERT_TRUE(tup);
  const auto* last = tup->fields[2].as<TupleGetItemNode>();  // %t.0: a projection of %t
  ASSERT_TRUE(last);
  EXPECT_EQ(last->index, 0);
  EXPECT_TRUE(last->tuple.same_as(fn->params[2]));
  EXPECT_EQ(PrintModule(mod), text);
}

TEST(RelayParser, TypeCommentsBecomeCheckedTypes) {
  std::string text = kV +
      "def @main(%x: Tensor[(1, 3), float32] /* ty=Tensor[(1, 3), float32] span=/conv1/Conv.x:0:0 */) "
      "-> Tensor[(1, 3), float32] {\n"
      "  %0 = (%x, %x) /* ty=(Tensor[(1, 3), float32], Tensor[(1, 3), float32]) */;\n"
      "  %1 = %0.1 /* ty=Tensor[(1, 3), float32] */;\n"
      "  nn.relu(%1) /* ty=Tensor[(1, 3), float32] span=from_string:4:3 */\n"
      "}\n";
  IRModule mod = ParseModule(text);
  const auto* fn = mod.Lookup("main").as<FunctionNode>();
  const Var& x = fn->params[0];
  EXPECT_TRUE(TypeEqual(x->checked_type, TensorType({1, 3}, DataType::Float(32))));
  EXPECT_EQ(x->span.file, "/conv1/Conv.x");
  EXPECT_EQ(fn->body->span.file, "from_string");
  EXPECT_EQ(fn->body->span.line, 4);
  EXPECT_EQ(fn->body->span.column, 3);
  const auto* call = fn->body.as<CallNode>();
  ASSERT_TRUE(call);
  EXPECT_TRUE(call->args[0]->checked_type.as<TensorTypeNode>());
  EXPECT_TRUE(call->args[0].as<TupleGetItemNode>()->tuple->checked_type.as<TupleTypeNode>());
  // Parse locations (for diagnostics) are recorded but never printed.
  EXPECT_EQ(fn->body->location.file, "<string>");
  EXPECT_EQ(fn->body->location.line, 5);
  EXPECT_EQ(fn->body->location.column, 3);
  EXPECT_EQ(x->location.line, 2);
  EXPECT_EQ(x->location.column, 11);
  EXPECT_EQ(PrintModule(mod), text);
}

TEST(RelayPrinter, TypeToString) {
  Type t = TensorType({1, 3}, DataType::Float(32));
  EXPECT_EQ(TypeToString(t), "Tensor[(1, 3), float32]");
  EXPECT_EQ(TypeToString(TensorType({7}, DataType::Int(64))), "Tensor[(7), int64]");
  EXPECT_EQ(TypeToString(TupleType({t})), "(Tensor[(1, 3), float32],)");
  EXPECT_EQ(TypeToString(FuncType({t, TensorType({}, DataType::Bool())}, TupleType(std::vector<Type>{}))),
            "fn (Tensor[(1, 3), float32], bool) -> ()");
  EXPECT_EQ(TypeToString(Type()), "<untyped>");
}

TEST(RelayOp, RegistryIsUniquePerName) {
  EXPECT_TRUE(Op::Get("nn.conv2d").same_as(Op::Get("nn.conv2d")));
  EXPECT_TRUE(IsOpRegistered("image.resize2d"));
  EXPECT_FALSE(IsOpRegistered("nn.relux"));
  EXPECT_THROW(Op::Get("nn.relux"), Error);
  // An existing name: a new one would stay registered for the rest of the process.
  EXPECT_TRUE(RegisterOp("nn.conv2d").same_as(Op::Get("nn.conv2d")));
}

}  // namespace
}  // namespace relay
}  // namespace tirgen
