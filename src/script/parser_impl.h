// The TVMScript parser's internals: a recursive-descent parser that evaluates expressions as it
// reads them (like TVM's parser evaluates Python AST nodes) and builds statements through a
// stack of frames (like TVM's IRBuilder). Private to src/script.
//
//   parse_expr.cc   expressions: Python operators, literals, names, subscripts, calls
//   builtins.cc     the T.* functions (T.grid, T.Buffer, T.Cast, T.exp, ...): a name -> handler table
//   intrinsics.cc   the table of T.<builtin> calls that build one tir.<builtin> Call
//   target_config.cc T.target(...) values (TVM's Target.export() form)
//   parse_stmt.cc   statements, frames, blocks, functions and modules
//   constants.cc    T.allocate_const data -> NDArray (fast path for huge number lists)
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "lexer.h"
#include "tirgen/script/parser.h"
#include "tirgen/tir/function.h"

namespace tirgen {
namespace script {

struct FrameSpec;

/// A value produced by evaluating a TVMScript expression: Python values (int, float, str,
/// lists, ...) as well as IR values (PrimExpr, Buffer, BufferRegion) and frames.
struct Value {
  enum class K : uint8_t {
    kNone, kBool, kInt, kFloat, kStr, kExpr, kBuffer, kRegion,
    kList, kTuple, kSlice, kDict, kNumList, kFunc, kFrame,
    kObj,     ///< another attribute object (a T.target config, a T.comm_reducer)
    kLambda,  ///< `lambda a, b: body`: items = parameter names (kStr), i = body's first token
  };
  K k = K::kNone;
  int64_t i = 0;                              ///< kInt, kBool
  double f = 0;                               ///< kFloat
  std::string s;                              ///< kStr; kFunc: dotted name such as "T.grid"
  ObjectRef obj;                              ///< kExpr, kBuffer, kRegion, kObj
  std::shared_ptr<std::vector<Value>> items;  ///< kList/kTuple; kSlice: start, stop, step; kDict: k, v, k, v...
  std::vector<bool> slice_dims;               ///< kRegion from a subscript: which dims were slices
  const Token* numlist = nullptr;             ///< kNumList (its offsets are into `src`'s text)
  std::shared_ptr<FrameSpec> frame;           ///< kFrame
  int line = 0, col = 0;                      ///< where the expression starts (for errors)
  bool neg_zero = false;                      ///< kInt 0 negated (`-0`): negative zero in float data
  /// The text `line`/`col` (and a kNumList's token) belong to; null while it is the text being
  /// parsed. Set when a value is bound to a name or comes from the host, so a value read where
  /// another text is parsed (a macro body reading the caller's names) is located in its own.
  const Source* src = nullptr;

  bool IsNumber() const { return k == K::kInt || k == K::kFloat || k == K::kBool; }
  bool IsSeq() const { return k == K::kList || k == K::kTuple || k == K::kNumList; }
};

/// What a frame-producing call (T.grid, T.block, T.allocate, ...) asks the statement parser to build.
struct FrameSpec {
  enum class K { kFor, kBlock, kInit, kAllocate, kAllocateConst, kDeclBuffer, kLet, kAttr, kAssert, kRealize };
  K k;
  // kFor
  std::vector<tir::PrimExpr> mins, extents;
  std::vector<DataType> var_types;
  tir::ForKind for_kind = tir::ForKind::kSerial;
  std::string thread;
  AttrMap annotations;  ///< also kAllocate/kAllocateConst annotations
  // kBlock
  std::string name;
  bool no_realize = false;
  // kAllocate / kAllocateConst / kLet / kAttr / kAssert
  tir::Var var;
  DataType dtype;
  tir::PrimExpr condition;  ///< kAllocate, kAssert
  tir::PrimExpr value;      ///< kLet, kAttr; kAssert: message
  ObjectRef node;           ///< kAttr
  std::string attr_key;     ///< kAttr
  NDArray data;             ///< kAllocateConst
  // kDeclBuffer; kRealize (with `bounds`, `condition`, the storage scope in `attr_key`)
  tir::Buffer buffer;
  std::vector<tir::Range> bounds;
  bool allocated = false;
};

/// Builder state of one block being parsed.
struct BlockState {
  std::string name;
  std::vector<tir::IterVar> iter_vars;
  std::vector<tir::PrimExpr> iter_values;
  std::optional<std::vector<tir::BufferRegion>> reads, writes;
  std::vector<tir::Buffer> alloc_buffers;
  std::vector<tir::MatchBufferRegion> match_buffers;
  std::optional<AttrMap> annotations;
  std::optional<tir::Stmt> init;
  tir::PrimExpr predicate;
  bool no_realize = false;
  int line = 0, col = 0;
};

/// Builder state of one function being parsed.
struct FuncState {
  std::string name;
  std::vector<tir::Var> params;
  std::vector<std::pair<tir::Var, tir::Buffer>> buffer_map;
  std::optional<AttrMap> attrs;
  DataType ret_type = DataType::Void();
  bool is_private = false;
  std::vector<tir::Buffer> root_alloc_buffers;
  /// T.env_thread vars -> their thread IterVar (its domain is set by the first T.launch_thread).
  std::vector<std::pair<tir::Var, tir::IterVar>> env_threads;
  /// Blocks written without T.reads and/or T.writes (ScriptComplete infers them): block ->
  /// (mask: 1 = reads missing, 2 = writes missing; source line, col).
  struct MissingAccess {
    const Object* block;
    int mask;
    int line, col;
  };
  std::vector<MissingAccess> missing_access;
};

/// One entry of the builder's frame stack (TVM's IRBuilder frames), used for the "must be
/// called directly inside a block / function" rules and for T.axis.remap's loop lookup.
struct Ctx {
  enum class K { kFunc, kBlock, kInit, kFor, kOther };
  Ctx(K kind) : k(kind) {}  // NOLINT: `ctx_.push_back({Ctx::K::kOther})`
  K k;
  FuncState* func = nullptr;
  BlockState* block = nullptr;
  std::vector<tir::Var> loop_vars;   ///< kFor
  std::vector<tir::Range> loop_doms;
};

/// Positional and keyword arguments of a call, with their locations.
struct CallArgs {
  std::string fname;  ///< e.g. "T.grid"
  int line = 0, col = 0;
  std::vector<Value> pos;
  std::vector<std::pair<std::string, Value>> kw;
  std::vector<std::pair<int, int>> kw_pos;  ///< where each keyword name is
  ObjectRef self;                           ///< the buffer of a bound method (A.access_ptr)
};

/// The kFunc value an ir_module class name (and `cls`) evaluates to inside the module.
inline constexpr const char* kModuleRef = "@module";

class Parser {
 public:
  Parser(std::string_view text, const std::string& filename);
  void SetHost(const HostScope* host) { host_ = host; }
  ObjectRef ParseProgram();

  // ---- errors ----
  [[noreturn]] void Fail(int line, int col, const std::string& msg) const { src_->Fail(line, col, msg); }
  [[noreturn]] void Fail(const Token& t, const std::string& msg) const { src_->Fail(t.line, t.col, msg); }
  [[noreturn]] void Fail(const Value& v, const std::string& msg) const { SrcOf(v).Fail(v.line, v.col, msg); }
  /// The text a value's location (and number-list token) belongs to.
  const Source& SrcOf(const Value& v) const { return v.src ? *v.src : *src_; }
  /// `v` (and its items) marked as located in the text being parsed, where not marked yet.
  Value Stamped(Value v) const;

  // ---- tokens ----
  const Token& Peek(size_t ahead = 0) const;
  const Token& Next();
  bool AcceptOp(std::string_view op);
  bool AcceptName(std::string_view name);
  const Token& ExpectOp(std::string_view op, const char* what);
  const Token& ExpectName(const char* what);
  static std::string Describe(const Token& t);

  // ---- expressions (parse_expr.cc) ----
  Value ParseExpr();
  Value ParseExprList();  ///< `a, b, c` -> tuple (or the single value)
  Value ParseOr();
  Value ParseAnd();
  Value ParseNot();
  Value ParseComparison();
  Value ParseBitOr();
  Value ParseBitXor();
  Value ParseBitAnd();
  Value ParseShift();
  Value ParseArith();
  Value ParseTerm();
  Value ParseFactor();
  Value ParsePower();
  Value ParsePostfix();
  Value ParseAtom();
  Value ParseCall(const Value& callee);
  Value CallHost(const CallArgs& args);
  HostValue ToHost(const Value& v, const std::string& fname);
  Value FromHost(const HostValue& h, const CallArgs& at);
  /// Parses a @T.macro's body where it was called (parse_stmt.cc).
  void ExpandMacro(const HostMacro& m, const CallArgs& at);
  Value ParseSubscript(const Value& base, bool for_store, std::vector<Value>* store_indices);
  Value Attribute(const Value& base, const Token& name);
  Value BinaryOp(const std::string& op, const Value& a, const Value& b, const Token& at);
  Value CompareOp(const std::string& op, const Value& a, const Value& b, const Token& at);
  Value UnaryOp(const std::string& op, const Value& a, const Token& at);
  Value LookupName(const Token& t);

  // ---- conversions ----
  tir::PrimExpr ToExpr(const Value& v, const char* what = "an expression");
  /// Python int/float next to a PrimExpr in a comparison: the literal takes the other's type.
  tir::PrimExpr ToExprLike(const Value& v, DataType like);
  std::vector<Value> ToList(const Value& v, const char* what);
  std::vector<tir::PrimExpr> ToExprList(const Value& v, const char* what);
  /// A buffer shape or allocation extents: integer dims, none a negative constant, and a
  /// constant element count that fits int64 (located errors otherwise).
  std::vector<tir::PrimExpr> ToShape(const Value& v, const char* what);
  std::string ToStr(const Value& v, const char* what);
  DataType ToDType(const Value& v);
  int64_t ToInt(const Value& v, const char* what);
  bool ToBool(const Value& v, const char* what);
  tir::Buffer ToBuffer(const Value& v, const char* what);
  tir::Var ToVar(const Value& v, const char* what);
  ObjectRef ToAttrValue(const Value& v);
  AttrMap ToAttrMap(const Value& v, const char* what);
  tir::BufferRegion ToRegion(const Value& v);
  tir::PrimExpr RegionToLoad(const Value& v);
  static Value MakeExpr(tir::PrimExpr e, int line, int col);
  /// At `at`'s position, in `at`'s text.
  static Value MakeExpr(tir::PrimExpr e, const Value& at);

  // ---- builtins (builtins.cc) ----
  Value CallBuiltin(CallArgs& args);
  /// Binds arguments to parameter names; missing optional ones are nullptr.
  std::vector<const Value*> Bind(const CallArgs& a, const std::vector<const char*>& names,
                                 size_t required);
  tir::Buffer DeclBufferFromArgs(const CallArgs& a, const std::vector<const Value*>& v,
                                 const char* default_scope, int default_align,
                                 int default_offset_factor, size_t shape_index);
  Value MakeForFrame(CallArgs& a, tir::ForKind kind);
  Value AxisCall(CallArgs& a, const std::string& kind);
  Value AxisRemap(CallArgs& a);
  // ---- the table of tir.<builtin> calls (intrinsics.cc) ----
  bool IsIntrinsic(const std::string& f) const;
  Value CallIntrinsic(CallArgs& a, const std::string& f);
  /// T.min_value / T.max_value.
  Value ExtremeValue(CallArgs& a, bool max);
  /// T.comm_reducer(lambda x, y: ..., identity): the lambda's body evaluated over fresh vars.
  Value CommReducerCall(CallArgs& a);
  Value ParseLambda();
  /// A.access_ptr(...), A.vload(...), A.vstore(...).
  Value BufferMethod(CallArgs& a);
  /// Names of the functions of the ir_module being parsed (declared before any is parsed).
  std::map<std::string, DataType> module_functions_;  ///< name -> declared return type
  NDArray ConstData(const Value& data, DataType dtype, const std::vector<tir::PrimExpr>& extents,
                    const Value& extents_value);

  // ---- statements (parse_stmt.cc) ----
  tir::PrimFunc ParseFunction(std::string* name, bool is_private);
  void ParseDecorators(std::vector<std::string>* names, bool* is_private);
  void ParseStatements(std::vector<tir::Stmt>* out);
  void ParseStatement(std::vector<tir::Stmt>* out);
  std::vector<tir::Stmt> ParseSuite(const char* what);
  void ParseFor(std::vector<tir::Stmt>* out);
  void ParseWith(std::vector<tir::Stmt>* out);
  void ParseIf(std::vector<tir::Stmt>* out, const Token& kw);
  void ParseSimple(std::vector<tir::Stmt>* out);
  void ParseRestInto(std::vector<tir::Stmt>* out, const std::vector<std::shared_ptr<FrameSpec>>& frames);
  tir::Stmt WrapFrame(const FrameSpec& f, tir::Stmt body);
  /// Binds `name = v` (TVM's bind_assign_value); a let/allocation frame to wrap the rest is
  /// appended to `frames`.
  void BindOne(const Token& name, const Value& v, std::vector<std::shared_ptr<FrameSpec>>* frames);
  void BindNames(const std::vector<const Token*>& names, const Value& v, const Token& at,
                 std::vector<tir::Stmt>* out);
  void SkipImports();
  tir::PrimFunc FinishFunction(FuncState& fs, std::vector<tir::Stmt> stmts);
  void BufferStore(const Value& buffer, const std::vector<Value>& indices, Value value,
                   const Token& at, std::vector<tir::Stmt>* out);
  void EndLine();

  // ---- scopes and builder frames ----
  void PushScope() { scopes_.emplace_back(); }
  void PopScope() { scopes_.pop_back(); }
  void Define(const std::string& name, Value v);
  BlockState* FindBlock(int line, int col, const char* fname);
  BlockState* LastBlock() const;
  FuncState* TopFunc(int line, int col, const char* fname);
  FuncState* AnyFunc() const;

  /// Guards recursion so hostile input cannot overflow the stack.
  struct DepthGuard {
    DepthGuard(Parser* p, const Token& at);
    ~DepthGuard() { --p->depth_; }
    Parser* p;
  };

  std::vector<std::unique_ptr<Source>> sources_;  ///< the program's text, then macro bodies'
  const Source* src_ = nullptr;                   ///< the one being parsed
  std::vector<Token> toks_;
  size_t pos_ = 0;
  int depth_ = 0;
  std::vector<std::unordered_map<std::string, Value>> scopes_;
  const HostScope* host_ = nullptr;  ///< the Python decorators' enclosing scope, if any
  /// Inside a hygienic macro: the function's enclosing scope (host_->values, host_->functions)
  /// is not visible, as in TVM (the macro sees its own scope, given as its `names`).
  bool host_names_hidden_ = false;
  std::vector<std::unique_ptr<std::string>> macro_texts_;  ///< expanded macro bodies (tokens point here)
  std::vector<Ctx> ctx_;
  std::vector<tir::Stmt>* emit_ = nullptr;  ///< where T.evaluate(...) statements go
};

/// Renames a freshly built var / buffer (TVMScript names values when they are bound, as TVM's
/// IRBuilder Namer does). Only used on nodes this parse created and nobody else has seen.
void RenameVar(const tir::Var& v, const std::string& name);
void RenameBuffer(const tir::Buffer& b, const std::string& name, bool rename_data);

}  // namespace script
}  // namespace tirgen
