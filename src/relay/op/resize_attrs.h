// The attributes of image.resize2d and image.resize3d (TVM's Resize2DAttrs and Resize3DAttrs
// have the same fields; only the layout's default differs). Internal to src/relay/op.
#pragma once

#include <string>
#include <vector>

#include "tirgen/relay/op.h"

namespace tirgen {
namespace relay {
namespace op {

/// The fields of Resize{2,3}DAttrs with TVM's defaults, `layout` defaulting to `layout`.
std::vector<AttrSpec> ResizeAttrSpecs(const std::string& layout);

}  // namespace op
}  // namespace relay
}  // namespace tirgen
