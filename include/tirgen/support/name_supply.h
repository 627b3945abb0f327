// TVM's NameSupply (src/ir/name_supply.cc): hands out unique names. '.' becomes '_'; the first
// request for a name gets it unchanged, later ones get `name_1`, `name_2`, ... (a counter per
// base name, skipping names already taken). Names are API in TVM (block names, constant names,
// task names), so the rule is reproduced exactly.
//
//   NameSupply names;
//   names.FreshName("T_add");   // "T_add"
//   names.FreshName("T_add");   // "T_add_1"
#pragma once

#include <map>
#include <string>

namespace tirgen {

class NameSupply {
 public:
  /// `prefix` non-empty: names become `<prefix>_<name>` (TVM's add_prefix).
  explicit NameSupply(std::string prefix = "") : prefix_(std::move(prefix)) {}
  /// A name not handed out before.
  std::string FreshName(const std::string& name);
  /// Marks `name` (with the prefix) as taken.
  void ReserveName(const std::string& name);
  bool ContainsName(const std::string& name) const;

 private:
  std::string WithPrefix(const std::string& name) const;
  std::string prefix_;
  std::map<std::string, int> used_;  // name -> last suffix handed out for it
};

}  // namespace tirgen
