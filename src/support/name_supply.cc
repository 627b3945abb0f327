// NameSupply (see name_supply.h).
#include "tirgen/support/name_supply.h"

namespace tirgen {

std::string NameSupply::WithPrefix(const std::string& name) const {
  return prefix_.empty() ? name : prefix_ + "_" + name;
}

std::string NameSupply::FreshName(const std::string& name) {
  std::string base = WithPrefix(name);
  for (char& c : base)
    if (c == '.') c = '_';
  auto it = used_.find(base);
  if (it == used_.end()) {
    used_.emplace(base, 0);
    return base;
  }
  std::string unique = base;
  // `it` stays valid across inserts (std::map); its counter is the base name's.
  while (!used_.emplace(unique, 0).second) unique = base + "_" + std::to_string(++it->second);
  return unique;
}

void NameSupply::ReserveName(const std::string& name) { used_[WithPrefix(name)] = 0; }

bool NameSupply::ContainsName(const std::string& name) const {
  return used_.count(WithPrefix(name)) != 0;
}

}  // namespace tirgen
