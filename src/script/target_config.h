// T.target(...) values: a Target as TVM v0.14 exports it (Target.export()), the dictionary
// TVM's printer shows inside T.target({...}). tirgen keeps a TIR function's target attribute in
// that exported form (a Map with "kind", "tag" and "keys"), since only TVMScript reads it.
// Private to src/script.
#pragma once

#include <string>

#include "tirgen/ir/object.h"

namespace tirgen {
namespace script {

/// TVM's Target(spec) exported: `spec` is "kind -opt=value ..." or a tag such as
/// "nvidia/nvidia-a100"; the kind's default keys and attributes are filled in as TVM fills them
/// on a machine without a GPU (cuda arch sm_50). `host` (null for none) is another such config.
/// Throws tirgen::Error (no span) for an unknown kind or a malformed option.
Map TargetFromString(const std::string& spec, const ObjectRef& host);
/// The same from a config dictionary (what the printer prints back): defaults filled in.
Map TargetFromConfig(const AttrMap& config, const ObjectRef& host);
/// Whether an attribute value is a target config (printed as T.target({...})).
bool IsTargetConfig(const ObjectRef& value);

}  // namespace script
}  // namespace tirgen
