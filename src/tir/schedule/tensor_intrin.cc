// The tensor intrinsic registry.
#include "tirgen/tir/schedule/tensor_intrin.h"

#include <map>
#include <mutex>

namespace tirgen {
namespace tir {

namespace {
std::map<std::string, TensorIntrin>& Registry() {
  static std::map<std::string, TensorIntrin> r;
  return r;
}
std::mutex& RegistryMutex() {
  static std::mutex m;
  return m;
}
void CheckRoot(const std::string& name, const char* which, const PrimFunc& f) {
  const auto* realize = f->body.as<BlockRealizeNode>();
  if (!realize)
    throw Error("tensor intrinsic \"" + name + "\": the " + which +
                " function's body must be one root block (`with T.block(\"root\"):`)");
  for (const Var& p : f->params)
    if (!f->BufferOf(p))
      throw Error("tensor intrinsic \"" + name + "\": every parameter of the " + which +
                  " function must be a match_buffer'd buffer (" + p->name_hint + " is not)");
}

void CheckPair(const std::string& name, const PrimFunc& desc, const PrimFunc& impl) {
  CheckRoot(name, "description", desc);
  CheckRoot(name, "implementation", impl);
  if (desc->params.size() != impl->params.size())
    throw Error("tensor intrinsic \"" + name + "\": the description has " + std::to_string(desc->params.size()) +
                " parameters but the implementation " + std::to_string(impl->params.size()));
  for (size_t i = 0; i < desc->params.size(); ++i) {
    const Buffer& d = *desc->BufferOf(desc->params[i]);
    const Buffer& m = *impl->BufferOf(impl->params[i]);
    if (d->dtype != m->dtype || d->shape.size() != m->shape.size())
      throw Error("tensor intrinsic \"" + name + "\": parameter " + std::to_string(i) + " (" + d->name + " / " +
                  m->name + ") differs in dtype or rank between description and implementation");
  }
}
}  // namespace

void TensorIntrin::Register(const std::string& name, const PrimFunc& desc, const PrimFunc& impl, bool override) {
  CheckPair(name, desc, impl);
  std::lock_guard<std::mutex> lock(RegistryMutex());
  if (Registry().count(name) && !override)
    throw Error("tensor intrinsic \"" + name + "\" is already registered (pass override=True to replace it)");
  Registry()[name] = TensorIntrin{desc, impl};
}

const TensorIntrin& TensorIntrin::Get(const std::string& name) {
  std::lock_guard<std::mutex> lock(RegistryMutex());
  auto it = Registry().find(name);
  if (it == Registry().end()) {
    std::string known;
    for (const auto& kv : Registry()) known += (known.empty() ? "" : ", ") + kv.first;
    throw Error("no tensor intrinsic named \"" + name + "\" is registered (registered: " +
                (known.empty() ? "none" : known) + ")");
  }
  return it->second;
}

void TensorIntrinScope::Register(const std::string& name, const PrimFunc& desc, const PrimFunc& impl) {
  CheckPair(name, desc, impl);
  std::lock_guard<std::mutex> lock(RegistryMutex());
  auto it = Registry().find(name);
  replaced_.emplace_back(name, it == Registry().end() ? std::nullopt : std::optional<TensorIntrin>(it->second));
  Registry()[name] = TensorIntrin{desc, impl};
}

TensorIntrinScope::~TensorIntrinScope() {
  std::lock_guard<std::mutex> lock(RegistryMutex());
  for (auto it = replaced_.rbegin(); it != replaced_.rend(); ++it) {  // newest first
    if (it->second) Registry()[it->first] = *it->second;
    else Registry().erase(it->first);
  }
}

std::vector<std::string> TensorIntrin::ListNames() {
  std::lock_guard<std::mutex> lock(RegistryMutex());
  std::vector<std::string> out;
  for (const auto& kv : Registry()) out.push_back(kv.first);
  return out;
}

}  // namespace tir
}  // namespace tirgen
