// TVM's PassContext config for TIR passes: option values by pass key and option name
// ({"tir.Simplify": {"transitively_prove_inequalities": 1}}), installed for the passes a thread
// runs while a PassConfigScope lives. A pass declares its options with their defaults
// (TVM_REGISTER_PASS_CONFIG_OPTION) and reads them when it runs, as TVM's passes read
// PassContext::Current(). Values are integers (booleans as 0/1).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace tirgen {
namespace tir {
namespace transform {

/// Option values by pass key ("tir.Simplify") and option name.
using PassConfig = std::map<std::string, std::map<std::string, int64_t>>;

/// Declares the options of `key` with their defaults (called from a pass's static initializer).
bool RegisterPassConfigOptions(const std::string& key, std::map<std::string, int64_t> defaults);
/// Every declared key with its options' defaults.
const PassConfig& PassConfigDefaults();

/// Installs `config` (TVM: `with PassContext(config=...)`) for this thread while it lives; an
/// inner scope replaces the outer one's config as a whole, as TVM's contexts do. An unknown key
/// or option is a tirgen::Error naming the known ones.
class PassConfigScope {
 public:
  explicit PassConfigScope(PassConfig config);
  ~PassConfigScope();
  PassConfigScope(const PassConfigScope&) = delete;
  PassConfigScope& operator=(const PassConfigScope&) = delete;

 private:
  const PassConfig* prev_;
  PassConfig config_;
};

/// Option `name` of `key` in the innermost scope, else its declared default (a compiler bug
/// when undeclared).
int64_t PassConfigValue(const std::string& key, const std::string& name);

/// Parses "tir.Simplify.transitively_prove_inequalities=1" (value: an integer, true or false)
/// into `config`; a malformed item is a tirgen::Error saying what is wrong.
void ParsePassConfigItem(const std::string& item, PassConfig* config);

}  // namespace transform
}  // namespace tir
}  // namespace tirgen
