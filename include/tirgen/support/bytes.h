// Sizes for people: "864 B", "36.8 KiB", "2.3 MiB" (graph pictures, `tirgen cache info`).
#pragma once

#include <cstdint>
#include <string>

namespace tirgen {

/// Bytes below 1 KiB exactly, else KiB or MiB with one decimal.
std::string FormatBytes(int64_t bytes);

}  // namespace tirgen
