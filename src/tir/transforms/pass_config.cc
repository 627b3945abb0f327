// Pass options by key and name (see pass_config.h).
#include "tirgen/tir/transforms/pass_config.h"

#include "tirgen/support/checked_size.h"
#include "tirgen/support/error.h"

namespace tirgen {
namespace tir {
namespace transform {

namespace {
// Function-local static: registration order across translation units is unspecified.
PassConfig& Defaults() {
  static PassConfig defaults;
  return defaults;
}
thread_local const PassConfig* tls_config = nullptr;

std::string Known(const std::map<std::string, int64_t>& options) {
  std::string s;
  for (const auto& kv : options) s += (s.empty() ? "" : ", ") + kv.first;
  return s;
}
}  // namespace

bool RegisterPassConfigOptions(const std::string& key, std::map<std::string, int64_t> defaults) {
  TIRGEN_ICHECK(Defaults().emplace(key, std::move(defaults)).second)
      << "pass config " << key << " registered twice";
  return true;
}

const PassConfig& PassConfigDefaults() { return Defaults(); }

PassConfigScope::PassConfigScope(PassConfig config) : prev_(tls_config), config_(std::move(config)) {
  for (const auto& [key, options] : config_) {
    auto it = Defaults().find(key);
    if (it == Defaults().end()) {
      std::string keys;
      for (const auto& kv : Defaults()) keys += (keys.empty() ? "" : ", ") + kv.first;
      throw Error("pass config: unknown key \"" + key + "\" (known: " + keys + ")");
    }
    for (const auto& kv : options)
      TIRGEN_CHECK(it->second.count(kv.first))
          << "pass config: " << key << " has no option \"" << kv.first << "\" (known: " << Known(it->second)
          << ")";
  }
  tls_config = &config_;
}

PassConfigScope::~PassConfigScope() { tls_config = prev_; }

int64_t PassConfigValue(const std::string& key, const std::string& name) {
  auto d = Defaults().find(key);
  TIRGEN_ICHECK(d != Defaults().end() && d->second.count(name))
      << "pass config option " << key << "." << name << " read but never declared";
  if (tls_config) {
    auto k = tls_config->find(key);
    if (k != tls_config->end()) {
      auto v = k->second.find(name);
      if (v != k->second.end()) return v->second;
    }
  }
  return d->second.at(name);
}

void ParsePassConfigItem(const std::string& item, PassConfig* config) {
  size_t eq = item.find('=');
  size_t dot = item.rfind('.', eq);
  TIRGEN_CHECK(eq != std::string::npos && dot != std::string::npos && dot > 0 && dot + 1 < eq)
      << "pass config " << item << ": expected KEY.OPTION=VALUE, e.g. "
      << "tir.Simplify.transitively_prove_inequalities=1";
  std::string value = item.substr(eq + 1);
  int64_t v = 0;
  if (value == "true" || value == "True") {
    v = 1;
  } else if (value == "false" || value == "False") {
    v = 0;
  } else {
    v = support::ParseInt64(value, "pass config " + item + " (give an integer, true or false)");
  }
  (*config)[item.substr(0, dot)][item.substr(dot + 1, eq - dot - 1)] = v;
}

}  // namespace transform
}  // namespace tir
}  // namespace tirgen
