#include "target_config.h"

#include <cstring>
#include <sstream>
#include <vector>

#include "tirgen/support/error.h"
#include "tirgen/tir/expr.h"

namespace tirgen {
namespace script {

namespace {

// A target kind as TVM v0.14 registers it (src/target/target_kind.cc): default keys and the
// attributes that have defaults (integers).
struct KindInfo {
  const char* name;
  std::vector<const char*> keys;
  std::vector<std::pair<const char*, int>> int_defaults;
};

const std::vector<KindInfo>& Kinds() {
  static const std::vector<KindInfo> kinds = {
      {"llvm", {"cpu"}, {}},
      {"c", {"cpu"}, {}},
      {"cuda", {"cuda", "gpu"}, {{"max_num_threads", 1024}, {"thread_warp_size", 32}}},
      {"nvptx", {"cuda", "gpu"}, {{"max_num_threads", 1024}, {"thread_warp_size", 32}}},
      {"rocm", {"rocm", "gpu"},
       {{"max_num_threads", 256}, {"max_threads_per_block", 256},
        {"max_shared_memory_per_block", 65536}, {"thread_warp_size", 64}}},
      {"opencl", {"opencl", "gpu"},
       {{"max_threads_per_block", 256}, {"max_shared_memory_per_block", 16384},
        {"max_num_threads", 256}, {"thread_warp_size", 1}, {"texture_spatial_limit", 16384},
        {"max_function_args", 128}}},
      {"metal", {"metal", "gpu"},
       {{"max_num_threads", 256}, {"max_threads_per_block", 256},
        {"max_shared_memory_per_block", 32768}, {"thread_warp_size", 16},
        {"max_function_args", 31}}},
      {"ext_dev", {}, {}},
      {"hybrid", {}, {}},
  };
  return kinds;
}

// TVM's CUDA tags (src/target/tag.cc): name, arch, shared memory, registers per block.
struct CudaTag {
  const char* name;
  const char* arch;
  int shared_mem, regs;
};
const CudaTag kCudaTags[] = {
    {"nvidia/nvidia-a100", "sm_80", 49152, 65536}, {"nvidia/nvidia-a40", "sm_86", 49152, 65536},
    {"nvidia/nvidia-a30", "sm_80", 49152, 65536},  {"nvidia/nvidia-a10", "sm_86", 49152, 65536},
    {"nvidia/nvidia-a10g", "sm_86", 49152, 65536}, {"nvidia/nvidia-t4", "sm_75", 49152, 65536},
    {"nvidia/nvidia-v100", "sm_70", 49152, 65536}, {"nvidia/geforce-rtx-3090", "sm_86", 49152, 65536},
};

// Options whose values are integers or string lists (everything else is a string).
bool IsIntOption(const std::string& k) {
  static const char* names[] = {"opt-level", "num-cores", "max_num_threads", "thread_warp_size",
                                "max_shared_memory_per_block", "max_threads_per_block",
                                "registers_per_block", "max_function_args",
                                "workspace-byte-alignment", "constants-byte-alignment"};
  for (const char* n : names)
    if (k == n) return true;
  return false;
}
bool IsListOption(const std::string& k) { return k == "mattr" || k == "keys" || k == "cl-opt"; }

ObjectRef Int(int v) { return tir::IntImm(DataType::Int(32), v); }

ObjectRef StrList(const std::vector<std::string>& items) {
  std::vector<ObjectRef> out;
  for (const auto& s : items) out.push_back(String(s));
  return Array(std::move(out));
}

const KindInfo& FindKind(const std::string& name) {
  for (const KindInfo& k : Kinds())
    if (name == k.name) return k;
  std::string known;
  for (const KindInfo& k : Kinds()) known += std::string(known.empty() ? "" : ", ") + k.name;
  throw Error("unknown target kind '" + name + "' (known: " + known + ", or a tag such as nvidia/nvidia-a100)");
}

// The kind's parser: attributes TVM derives when they are missing.
void Derive(const std::string& kind, AttrMap* m) {
  if (kind == "cuda" && !m->count("arch")) (*m)["arch"] = String("sm_50");
  if (kind == "nvptx") {
    if (!m->count("mtriple")) (*m)["mtriple"] = String("nvptx64-nvidia-cuda");
    if (!m->count("mcpu")) (*m)["mcpu"] = String("sm_50");
  }
  if (kind == "rocm") {
    if (!m->count("mtriple")) (*m)["mtriple"] = String("amdgcn-amd-amdhsa-hcc");
    if (!m->count("mcpu")) (*m)["mcpu"] = String("gfx900");
  }
}

Map Finish(AttrMap m, const ObjectRef& host) {
  auto kind_it = m.find("kind");
  const StringObj* kind = kind_it == m.end() ? nullptr : kind_it->second.as<StringObj>();
  if (!kind) throw Error("a target config needs a \"kind\" string");
  const KindInfo& info = FindKind(kind->value);
  if (!m.count("tag")) m["tag"] = String("");
  if (!m.count("keys")) {
    std::vector<std::string> keys(info.keys.begin(), info.keys.end());
    m["keys"] = StrList(keys);
  }
  for (const auto& [k, v] : info.int_defaults)
    if (!m.count(k)) m[k] = Int(v);
  Derive(kind->value, &m);
  if (host.defined()) m["host"] = host;
  auto host_it = m.find("host");
  if (host_it != m.end()) {
    // A host given as a string or a dict is a target of its own (exported without a host).
    if (const StringObj* s = host_it->second.as<StringObj>()) {
      host_it->second = TargetFromString(s->value, ObjectRef());
    } else if (const MapNode* h = host_it->second.as<MapNode>()) {
      host_it->second = TargetFromConfig(h->items, ObjectRef());
    } else {
      throw Error("a target host must be a string or a config dictionary");
    }
  }
  return Map(std::move(m));
}

}  // namespace

Map TargetFromString(const std::string& spec, const ObjectRef& host) {
  std::istringstream in(spec);
  std::string word;
  if (!(in >> word)) throw Error("empty target string");
  AttrMap m;
  for (const CudaTag& t : kCudaTags) {
    if (word != t.name) continue;
    m = {{"kind", String("cuda")}, {"tag", String(t.name)}, {"keys", StrList({"cuda", "gpu"})},
         {"arch", String(t.arch)}, {"max_shared_memory_per_block", Int(t.shared_mem)},
         {"max_threads_per_block", Int(1024)}, {"thread_warp_size", Int(32)},
         {"registers_per_block", Int(t.regs)}};
    if (std::strcmp(t.name, "nvidia/nvidia-a100") == 0) m["l2_cache_size_bytes"] = Int(41943040);
    return Finish(std::move(m), host);
  }
  m["kind"] = String(word);
  while (in >> word) {
    if (word.size() < 2 || word[0] != '-')
      throw Error("target option '" + word + "' must look like -name=value");
    size_t start = word[1] == '-' ? 2 : 1;
    size_t eq = word.find('=');
    std::string key = word.substr(start, eq == std::string::npos ? std::string::npos : eq - start);
    std::string value = eq == std::string::npos ? "true" : word.substr(eq + 1);
    if (IsIntOption(key)) {
      try {
        m[key] = Int(std::stoi(value));
      } catch (const std::exception&) {
        throw Error("target option -" + key + " needs an integer, got '" + value + "'");
      }
    } else if (IsListOption(key)) {
      std::vector<std::string> items;
      std::stringstream ss(value);
      for (std::string item; std::getline(ss, item, ',');) items.push_back(item);
      m[key] = StrList(items);
    } else {
      m[key] = String(value);
    }
  }
  return Finish(std::move(m), host);
}

Map TargetFromConfig(const AttrMap& config, const ObjectRef& host) { return Finish(config, host); }

bool IsTargetConfig(const ObjectRef& value) {
  const MapNode* m = value.as<MapNode>();
  if (!m) return false;
  auto kind = m->items.find("kind");
  auto tag = m->items.find("tag");
  auto keys = m->items.find("keys");
  return kind != m->items.end() && kind->second.as<StringObj>() && tag != m->items.end() &&
         tag->second.as<StringObj>() && keys != m->items.end() && keys->second.as<ArrayNode>();
}

}  // namespace script
}  // namespace tirgen
