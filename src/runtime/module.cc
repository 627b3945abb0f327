#include "tirgen/support/checked_size.h"
#include "tirgen/runtime/module.h"

#include <dlfcn.h>

#include <cstring>
#include <set>

#include "tirgen/codegen/build.h"
#include "tirgen/runtime/call_record.h"
#include "tirgen/support/error.h"

namespace tirgen {
namespace runtime {
namespace {

using namespace tir;

// Data vars of the parameters a function stores into (those get fresh memory for the call).
void CollectStores(const Stmt& s, std::set<const Object*>* out) {
  if (!s.defined()) return;
  switch (s.kind()) {
    case Kind::kSeqStmt:
      for (const Stmt& c : s.as<SeqStmtNode>()->seq) CollectStores(c, out);
      return;
    case Kind::kBufferStore: out->insert(s.as<BufferStoreNode>()->buffer->data.get()); return;
    case Kind::kFor: CollectStores(s.as<ForNode>()->body, out); return;
    case Kind::kWhile: CollectStores(s.as<WhileNode>()->body, out); return;
    case Kind::kIfThenElse:
      CollectStores(s.as<IfThenElseNode>()->then_case, out);
      CollectStores(s.as<IfThenElseNode>()->else_case, out);
      return;
    case Kind::kLetStmt: CollectStores(s.as<LetStmtNode>()->body, out); return;
    case Kind::kAttrStmt: CollectStores(s.as<AttrStmtNode>()->body, out); return;
    case Kind::kAssertStmt: CollectStores(s.as<AssertStmtNode>()->body, out); return;
    case Kind::kAllocate: CollectStores(s.as<AllocateNode>()->body, out); return;
    case Kind::kAllocateConst: CollectStores(s.as<AllocateConstNode>()->body, out); return;
    case Kind::kDeclBuffer: CollectStores(s.as<DeclBufferNode>()->body, out); return;
    default: return;
  }
}

std::string ShapeStr(const std::vector<int64_t>& s) {
  std::string r = "(";
  for (size_t i = 0; i < s.size(); ++i) r += (i ? ", " : "") + std::to_string(s[i]);
  return r + (s.size() == 1 ? ",)" : ")");
}

}  // namespace

Module Module::Load(const std::string& library, const std::vector<codegen::CFunction>& functions) {
  // RTLD_NODELETE: a library built with -fopenmp pulls in libgomp, whose idle worker threads
  // outlive the call; unloading it under them crashes the process.
  void* h = dlopen(library.c_str(), RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE);
  if (!h) {
    std::string why = dlerror();
    // A T.call_extern function the library does not define must already be loaded globally.
    std::string hint = why.find("undefined symbol") != std::string::npos
                           ? " (an extern function the program calls must come from a library loaded before it with "
                             "RTLD_GLOBAL, e.g. ctypes.CDLL(path, mode=ctypes.RTLD_GLOBAL))"
                           : "";
    TIRGEN_CHECK(false) << "cannot load " << library << ": " << why << hint;
  }
  Module m;
  m.library_ = library;
  m.handle_ = std::shared_ptr<void>(h, [](void* p) { dlclose(p); });
  for (const auto& f : functions) {
    void* sym = dlsym(h, f.symbol.c_str());
    TIRGEN_CHECK(sym) << "symbol " << f.symbol << " missing from " << library;
    Entry e;
    e.info = f;
    e.fn = reinterpret_cast<int32_t (*)(void**)>(sym);
    m.entries_[f.name] = e;
  }
  m.fault_message_ = reinterpret_cast<FaultMessage>(dlsym(h, "tg_fault_message"));  // only with bound checks
  return m;
}

namespace {
// The constant shape of a parameter's buffer (ParamsOf's and CheckStaticShapes' one check).
std::vector<int64_t> StaticShape(const Buffer& b, const std::string& name) {
  std::vector<int64_t> shape;
  for (const PrimExpr& e : b->shape) {
    const auto* imm = e.as<IntImmNode>();
    TIRGEN_CHECK(imm) << name << ": parameter " << b->name << " has a symbolic shape";
    shape.push_back(imm->value);
  }
  return shape;
}
}  // namespace

void Module::CheckStaticShapes(const tir::PrimFunc& func, const std::string& name) {
  for (const auto& kv : func->buffer_map) StaticShape(kv.second, name);
}

Module Module::Build(const std::vector<std::pair<std::string, tir::PrimFunc>>& funcs) {
  for (const auto& [name, f] : funcs) CheckStaticShapes(f, name);
  codegen::CSource src = codegen::GenerateC(funcs);
  return Load(codegen::BuildSharedLibrary(src.code, src.needs_openmp), src.functions);
}

Module Module::Build(const tir::PrimFunc& f, const std::string& name) { return Build({{name, f}}); }

std::vector<std::string> Module::FunctionNames() const {
  std::vector<std::string> r;
  for (const auto& [n, e] : entries_) r.push_back(n);
  return r;
}

const tir::PrimFunc& Module::Function(const std::string& name) const {
  auto it = entries_.find(name);
  if (it == entries_.end()) {
    std::string names;
    for (const auto& kv : entries_) names += (names.empty() ? "" : ", ") + kv.first;
    TIRGEN_CHECK(false) << "no function '" << name << "' in the module (it has: " << names << ")";
  }
  return it->second.info.func;
}

Module::EntryPoint Module::EntryOf(const std::string& name) const {
  Function(name);  // the error naming the function when absent
  return entries_.at(name).fn;
}

namespace {
// For each parameter of `f`: whether the function stores into it.
std::vector<bool> WrittenParamsOf(const PrimFunc& f) {
  std::set<const Object*> written;
  CollectStores(f->body, &written);
  std::vector<bool> out;
  for (const Var& p : f->params) {
    const Buffer* b = f->BufferOf(p);
    out.push_back(b && written.count((*b)->data.get()));
  }
  return out;
}
}  // namespace

std::vector<bool> Module::WrittenParams(const std::string& name) const { return WrittenParamsOf(Function(name)); }

std::vector<Module::Param> Module::Params(const std::string& name) const { return ParamsOf(Function(name), name); }

std::vector<Module::Param> Module::ParamsOf(const PrimFunc& f, const std::string& name) {
  std::vector<bool> written = WrittenParamsOf(f);
  std::vector<Param> params;
  for (size_t i = 0; i < f->params.size(); ++i) {
    const Buffer* b = f->BufferOf(f->params[i]);
    TIRGEN_CHECK(b) << name << ": scalar parameter '" << f->params[i]->name_hint << "' is not supported by Call";
    Param p;
    p.name = (*b)->name;
    p.dtype = (*b)->dtype;
    p.written = written[i];
    p.shape = StaticShape(*b, name);
    params.push_back(std::move(p));
  }
  return params;
}

void Module::CheckArgCount(const std::string& name, size_t given, size_t takes) {
  TIRGEN_CHECK(given <= takes) << name << ": " << given << " arguments given, the function takes " << takes;
}

void Module::CheckArgument(const std::string& name, size_t i, const Param& p, const std::vector<int64_t>& shape,
                           DataType dtype) {
  TIRGEN_CHECK(shape == p.shape && dtype == p.dtype)
      << name << ": argument " << i << " (" << p.name << ") must be " << p.dtype.str() << ShapeStr(p.shape) << ", got "
      << dtype.str() << ShapeStr(shape);
}

std::string Module::StatusText(int32_t rc) {
  return rc == -2 ? "out of memory" : rc == -3 ? "integer division by zero" : rc == -4 ? "an index out of bounds"
                                                                                    : "an assertion failed";
}

void Module::CheckStatus(const std::string& name, int32_t rc, const char* fault_message) {
  if (rc == 0) return;
  TIRGEN_CHECK(!(rc == -4 && fault_message && *fault_message)) << "function " << name << ": " << fault_message;
  TIRGEN_CHECK(false) << "function " << name << ": " << StatusText(rc) << " (code " << rc << ")";
}

std::vector<NDArray> Module::Call(const std::string& name, const std::vector<NDArray>& args) const {
  EntryPoint fn = EntryOf(name);
  CheckArgCount(name, args.size(), Function(name)->params.size());
  std::vector<Param> params = Params(name);
  std::vector<NDArray> arrays;
  std::vector<void*> ptrs;
  for (size_t i = 0; i < params.size(); ++i) {
    const Param& p = params[i];
    std::shared_ptr<std::vector<uint8_t>> bytes;
    if (i < args.size()) {
      const NDArray& a = args[i];
      CheckArgument(name, i, p, a->shape, a->dtype);
      if (!p.written) {
        arrays.push_back(a);
        ptrs.push_back(const_cast<uint8_t*>(a.data()));  // read-only by the function
        continue;
      }
      bytes = std::make_shared<std::vector<uint8_t>>(a.data(), a.data() + a.nbytes());
    } else {
      int64_t n = support::CheckedNumElements(p.shape, p.dtype.bytes(), name + ": output " + p.name);
      bytes = std::make_shared<std::vector<uint8_t>>(static_cast<size_t>(n * p.dtype.bytes()), 0);
    }
    ptrs.push_back(bytes->data());
    arrays.push_back(NDArray(p.shape, p.dtype, std::shared_ptr<const std::vector<uint8_t>>(bytes)));
  }
  int32_t rc;
  {
    RunningFunction running(name);
    rc = fn(ptrs.data());
  }
  CheckStatus(name, rc, rc == -4 && fault_message_ ? fault_message_() : nullptr);
  return arrays;
}

std::vector<NDArray> Module::Run(const std::string& name, const std::vector<NDArray>& inputs) const {
  std::vector<NDArray> all = Call(name, inputs);
  return std::vector<NDArray>(all.begin() + static_cast<long>(inputs.size()), all.end());
}

}  // namespace runtime
}  // namespace tirgen
