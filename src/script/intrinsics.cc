// TVMScript's T.<builtin>(...) calls that build one `tir.<builtin>` Call (python/tvm/tir/op.py
// at v0.14): one table row per builtin says its result type and arity, instead of a branch each.
// GPU, tensor-core, PTX, packed-call and runtime builtins all parse, print and pass through the
// schedule and lowering passes unchanged; the C code generator is the one that refuses them.
#include <limits>
#include <utility>

#include "parser_impl.h"
#include "tir_ops.h"

namespace tirgen {
namespace script {

using namespace tir;  // NOLINT

namespace {

// How a builtin's result type is decided.
enum class Ret : uint8_t {
  kHandle, kInt32, kUInt32, kBool, kVoid,
  kArg0,        ///< the type of the first argument (T.ret, T.q_multiply_shift_per_axis)
  kArg1,        ///< the type of the second argument (T.tvm_warp_shuffle*)
  kDtypeFirst,  ///< a dtype argument first (or dtype=): T.ptx_mma("float32", ...)
  kDtypeLast,   ///< a dtype argument last (or dtype=): T.tvm_struct_get(a, i, f, "int32")
};

struct Intrinsic {
  const char* name;
  Ret ret;
  int min_args, max_args;  ///< max -1: any number (not counting a dtype argument)
};

const Intrinsic kIntrinsics[] = {
    // tensor cores (wmma)
    {"tvm_load_matrix_sync", Ret::kHandle, 8, 8},
    {"tvm_store_matrix_sync", Ret::kHandle, 8, 8},
    {"tvm_mma_sync", Ret::kHandle, 8, 8},
    {"tvm_bmma_sync", Ret::kHandle, 8, 8},
    {"tvm_fill_fragment", Ret::kHandle, 6, 6},
    // PTX
    {"ptx_mma", Ret::kDtypeFirst, 12, 14},
    {"ptx_mma_sp", Ret::kDtypeFirst, 14, 14},
    {"ptx_ldmatrix", Ret::kDtypeFirst, 7, 7},
    {"ptx_cp_async", Ret::kDtypeFirst, 5, 6},
    {"ptx_cp_async_bulk", Ret::kDtypeFirst, 6, 6},
    {"mma_store", Ret::kDtypeFirst, 6, 6},
    {"mma_fill", Ret::kDtypeFirst, 3, 3},
    {"ptx_commit_group", Ret::kVoid, 0, 0},
    {"ptx_wait_group", Ret::kVoid, 1, 1},
    {"ptx_cp_async_barrier", Ret::kVoid, 1, 1},
    {"ptx_init_barrier_thread_count", Ret::kVoid, 2, 2},
    {"ptx_arrive_barrier", Ret::kVoid, 1, 1},
    {"ptx_arrive_barrier_expect_tx", Ret::kVoid, 2, 2},
    {"ptx_wait_barrier", Ret::kVoid, 1, 1},
    {"create_barriers", Ret::kVoid, 1, 1},
    // vectors
    {"vectorlow", Ret::kDtypeFirst, 1, 1},
    {"vectorhigh", Ret::kDtypeFirst, 1, 1},
    {"vectorcombine", Ret::kDtypeFirst, 2, 2},
    // threads and synchronization
    {"tvm_storage_sync", Ret::kInt32, 1, 3},
    {"tvm_warp_shuffle", Ret::kArg1, 5, 5},
    {"tvm_warp_shuffle_up", Ret::kArg1, 5, 5},
    {"tvm_warp_shuffle_down", Ret::kArg1, 5, 5},
    {"tvm_warp_activemask", Ret::kUInt32, 0, 0},
    {"tvm_thread_allreduce", Ret::kHandle, 1, -1},
    // (a builtin op without a T.* function in v0.14, so TVM's printed form does not re-parse
    // there; here it does, as printed)
    {"tvm_thread_context", Ret::kHandle, 1, 1},
    // runtime / packed calls
    {"tvm_struct_get", Ret::kDtypeLast, 3, 3},
    {"tvm_struct_set", Ret::kInt32, 4, 4},
    {"tvm_stack_alloca", Ret::kHandle, 2, 2},
    {"tvm_stack_make_shape", Ret::kHandle, 0, -1},
    {"tvm_stack_make_array", Ret::kHandle, 6, 6},
    {"tvm_tuple", Ret::kHandle, 0, -1},
    {"tvm_access_ptr", Ret::kHandle, 5, 5},
    {"tvm_throw_last_error", Ret::kHandle, 0, 0},
    {"tvm_check_return", Ret::kInt32, 3, 3},
    // (T.call_packed & co. build these ops too: see kAliases)
    {"tvm_call_packed", Ret::kInt32, 1, -1},
    {"tvm_call_cpacked", Ret::kInt32, 1, -1},
    {"tvm_call_packed_lowered", Ret::kInt32, 1, -1},
    {"tvm_call_cpacked_lowered", Ret::kInt32, 1, -1},
    {"tvm_call_trace_packed", Ret::kInt32, 1, -1},
    {"tvm_call_trace_packed_lowered", Ret::kInt32, 1, -1},
    {"lookup_param", Ret::kHandle, 1, 1},
    {"address_of", Ret::kHandle, 1, 1},
    {"start_profile_intrinsic", Ret::kHandle, 1, 1},
    {"end_profile_intrinsic", Ret::kHandle, 1, 1},
    {"TVMBackendAllocWorkspace", Ret::kHandle, 5, 5},
    {"TVMBackendFreeWorkspace", Ret::kInt32, 3, 3},
    // values and assumptions
    {"type_annotation", Ret::kDtypeFirst, 0, 0},
    {"assume", Ret::kBool, 1, 1},
    {"isnullptr", Ret::kBool, 1, 1},
    {"undef", Ret::kInt32, 0, 0},
    {"ret", Ret::kArg0, 1, 1},
    {"q_multiply_shift", Ret::kInt32, 4, 4},
    {"q_multiply_shift_per_axis", Ret::kArg0, 7, 7},
    {"call_llvm_intrin", Ret::kDtypeFirst, 1, -1},
    {"call_llvm_pure_intrin", Ret::kDtypeFirst, 1, -1},
};

// T.<alias> names that build another builtin's op (tvm.script.tir at v0.14: T.call_packed builds
// tir.tvm_call_packed, which TVM prints as T.tvm_call_packed).
const std::pair<const char*, const char*> kAliases[] = {
    {"call_packed", "tvm_call_packed"},
    {"call_cpacked", "tvm_call_cpacked"},
    {"call_packed_lowered", "tvm_call_packed_lowered"},
    {"call_cpacked_lowered", "tvm_call_cpacked_lowered"},
    {"call_trace_packed", "tvm_call_trace_packed"},
};

const Intrinsic* FindIntrinsic(std::string name) {
  for (const auto& [alias, op] : kAliases)
    if (name == alias) name = op;
  for (const Intrinsic& i : kIntrinsics)
    if (name == i.name) return &i;
  return nullptr;
}

}  // namespace

bool Parser::IsIntrinsic(const std::string& f) const { return FindIntrinsic(f) != nullptr; }

Value Parser::CallIntrinsic(CallArgs& a, const std::string& f) {
  const Intrinsic* in = FindIntrinsic(f);
  std::vector<Value> args = a.pos;
  const Value* dtype_kw = nullptr;
  for (const auto& kv : a.kw) {
    if (kv.first != "dtype") Fail(kv.second, a.fname + "() got an unexpected keyword argument '" + kv.first + "'");
    dtype_kw = &kv.second;
  }
  DataType t;
  bool dtype_arg = in->ret == Ret::kDtypeFirst || in->ret == Ret::kDtypeLast;
  if (dtype_arg) {
    if (dtype_kw) {
      t = ToDType(*dtype_kw);
    } else {
      if (args.empty()) Fail(a.line, a.col, a.fname + "() needs a dtype argument");
      const Value& d = in->ret == Ret::kDtypeFirst ? args.front() : args.back();
      t = ToDType(d);
      if (in->ret == Ret::kDtypeFirst) args.erase(args.begin());
      else args.pop_back();
    }
  }
  int n = static_cast<int>(args.size());
  if (n < in->min_args || (in->max_args >= 0 && n > in->max_args)) {
    std::string want = in->min_args == in->max_args ? std::to_string(in->min_args)
                       : in->max_args < 0 ? "at least " + std::to_string(in->min_args)
                                          : std::to_string(in->min_args) + " to " + std::to_string(in->max_args);
    Fail(a.line, a.col, a.fname + "() takes " + want + " argument" + (want == "1" ? "" : "s") +
                            (dtype_arg ? " besides the dtype" : "") + " (" + std::to_string(n) + " given)");
  }
  std::vector<PrimExpr> exprs;
  for (const Value& v : args) exprs.push_back(ToExpr(v, "a builtin argument"));
  switch (in->ret) {
    case Ret::kHandle: t = DataType::Handle(); break;
    case Ret::kInt32: t = DataType::Int(32); break;
    case Ret::kUInt32: t = DataType::UInt(32); break;
    case Ret::kBool: t = DataType::Bool(); break;
    case Ret::kVoid: t = DataType::Void(); break;
    case Ret::kArg0: t = exprs[0].dtype(); break;
    case Ret::kArg1: t = exprs[1].dtype(); break;
    default: break;
  }
  if (f == "assume" && !exprs[0].dtype().is_bool())
    Fail(args[0], "T.assume() needs a boolean condition, got " + exprs[0].dtype().str());
  if (f == "address_of" && !exprs[0].as<BufferLoadNode>())
    Fail(args[0], "T.address_of() takes a buffer element such as A[i]");
  return MakeExpr(MakeCall(t, std::string("tir.") + in->name, std::move(exprs)), a.line, a.col);
}

// T.min_value / T.max_value: the extreme constants of a type, as tvm::min_value builds them.
Value Parser::ExtremeValue(CallArgs& a, bool max) {
  auto v = Bind(a, {"dtype"}, 1);
  DataType t = ToDType(*v[0]);
  PrimExpr e;
  if (t.is_int() && t.bits() <= 64) {
    int64_t lo = t.bits() == 64 ? std::numeric_limits<int64_t>::min() : -(int64_t(1) << (t.bits() - 1));
    int64_t hi = t.bits() == 64 ? std::numeric_limits<int64_t>::max() : (int64_t(1) << (t.bits() - 1)) - 1;
    e = IntImm(t, max ? hi : lo);
  } else if (t.is_bool()) {
    e = IntImm(t, max ? 1 : 0);
  } else if (t.is_uint() && t.bits() < 64) {
    e = IntImm(t, max ? static_cast<int64_t>((uint64_t(1) << t.bits()) - 1) : 0);
  } else if (t.is_float() && (t.bits() == 16 || t.bits() == 32 || t.bits() == 64)) {
    double m = t.bits() == 64 ? std::numeric_limits<double>::max()
             : t.bits() == 32 ? static_cast<double>(std::numeric_limits<float>::max()) : 65504.0;
    e = FloatImm(t, max ? m : -m);
  } else {
    Fail(*v[0], a.fname + "() does not support " + t.str());
  }
  return MakeExpr(e, a.line, a.col);
}

}  // namespace script
}  // namespace tirgen
