// Internal to src/tuner: the line formats of the database's two tables (TVM v0.14's) and the
// append-only file they live in. Parsers throw tirgen::Error without a location; the database
// adds the file and line.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tirgen/tuner/database.h"

namespace tirgen {
namespace tuner {
namespace detail {

/// A JSON value laid out as TVM's meta_schedule JSONDumps writes it: no spaces, object keys
/// sorted, floats with 20 significant digits. Strings escape only what both TVM's reader and a
/// standard JSON reader understand (control characters other than \n \r \t \b \f as \u00XX).
std::string DumpTVMJSON(const nlohmann::json& value);

/// TVM's base64 of a dmlc-serialized string: 8-byte little-endian length, then the bytes.
std::string EncodeDmlcBase64(const std::string& bytes);
/// The inverse; tirgen::Error when the text is not base64 or the length does not match.
std::string DecodeDmlcBase64(const std::string& text);

/// The second field of a workload line: a TVM JSON graph (tvm.ir.save_json's format) of an
/// IRModule without functions whose attrs hold tirgen's TVMScript of `mod` under
/// "tirgen.tvmscript", base64-encoded as TVM's Workload::AsJSON encodes its module.
std::string EncodeModule(const IRModule& mod);
/// Reads EncodeModule's form back (tirgen::Error for anything else, e.g. a module TVM wrote).
IRModule DecodeModule(const std::string& text);

/// ["<key.hash in decimal>", EncodeModule(key.mod)] (TVM's Workload::AsJSON).
std::string WorkloadLine(const lower::ModuleKey& key);
/// The module of a workload line (its stored hash is checked for form and then recomputed, as
/// TVM recomputes it: keys depend on the equality the database is opened with).
IRModule ParseWorkloadLine(const nlohmann::json& line);

/// [record.workload, [trace, run_secs, target, args_info]] (TVM's JSONDatabase record line).
std::string RecordLine(const TuningRecord& record);
/// A record line with its target still JSON (null when absent), so that a record of another
/// target can be skipped instead of failing.
struct ParsedRecord {
  TuningRecord record;
  nlohmann::json target;
};
ParsedRecord ParseRecordLine(const nlohmann::json& line);

/// x at float32 precision (TVM keeps run_secs as float32 FloatImms).
double RoundToFloat32(double x);

/// The lines of a table file, creating an empty one when there is none. `*cut` tells whether
/// the last line lacks its newline (an interrupted write, or a file edited by hand).
std::vector<std::string> ReadTableLines(const std::string& path, bool* cut);
/// Appends `line` and a newline in one write (after a newline first when the file's last line
/// lacks one). On failure the file is truncated back and tirgen::Error names it.
void AppendTableLine(const std::string& path, const std::string& line);

}  // namespace detail
}  // namespace tuner
}  // namespace tirgen
