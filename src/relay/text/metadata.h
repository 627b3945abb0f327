// The `#[metadata]` section: TVM's JSON object graph (SaveJSON/LoadJSON format) holding the
// objects that text refers to as `meta[type_key][index]`, with NDArrays base64-encoded in TVM's
// binary NDArray format. Internal to src/relay/text.
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "tirgen/ir/ndarray.h"
#include "tirgen/support/base64.h"

namespace tirgen {
namespace relay {
namespace text {

/// type key ("relay.Constant") -> its objects, by index. Kinds tirgen does not model are
/// listed in `unsupported` (type key -> entry count) so references to them fail clearly.
struct MetaTable {
  std::map<std::string, std::vector<ObjectRef>> entries;
  std::map<std::string, size_t> unsupported;
};

/// Decodes the JSON after `#[metadata]`. Throws tirgen::Error (without location) when malformed.
MetaTable LoadMetadata(const std::string& json);

/// Encodes `table` (in the given key order) exactly as TVM's SaveJSON writes it.
std::string SaveMetadata(const std::vector<std::pair<std::string, std::vector<ObjectRef>>>& table);

/// TVM's binary NDArray serialization (magic, device, ndim, dtype, shape, byte size, bytes).
std::string EncodeNDArray(const NDArray& array);
NDArray DecodeNDArray(const std::string& bytes);

}  // namespace text
}  // namespace relay
}  // namespace tirgen
