// Base64 with the standard alphabet and '=' padding, as TVM's JSON formats use it.
#pragma once

#include <string>

namespace tirgen {

std::string Base64Encode(const std::string& bytes);
/// Stops at the first '=', skips line breaks and spaces; tirgen::Error on any other character
/// outside the standard alphabet.
std::string Base64Decode(const std::string& text);

}  // namespace tirgen
