// The name of a fused function, as TVM's LowerToTECompute makes it: "fused" + "_<op name>" per
// lowered call ("fused_nn.conv2d_add_nn.relu"); past 80 characters it is cut to 80 and
// followed by "_<hex std::hash of the full name>_". TVM's std::hash is libstdc++'s
// (_Hash_bytes, a MurmurHash2-64 variant, seed 0xc70f6907), reproduced here so names agree
// whichever standard library tirgen is built with.
#pragma once

#include <cstdint>
#include <string>

namespace tirgen {
namespace lower {

/// libstdc++'s std::hash<std::string> on 64-bit targets.
uint64_t LibstdcxxHash(const std::string& s);

/// `readable` ("fused_nn.conv2d_add") truncated TVM's way; dots are kept (NameSupply turns
/// them into underscores when the name is used).
std::string TruncateFusedName(const std::string& readable);

/// TruncateFusedName with '.' -> '_': the name tirgen reports ("fused_nn_conv2d_add").
std::string FusedName(const std::string& readable);

}  // namespace lower
}  // namespace tirgen
