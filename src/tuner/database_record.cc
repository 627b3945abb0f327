// Tuning records: their line in the record table, TVM's validity rule and mean, ArgInfo.
#include <cmath>

#include "database_internal.h"
#include "tirgen/ir/module.h"
#include "tirgen/tir/function.h"

namespace tirgen {
namespace tuner {

double TuningRecord::MeanRunSecs() const {
  if (run_secs.empty()) return kFailedRunSecs;
  double sum = 0;
  for (double s : run_secs) sum += s;
  return sum / static_cast<double>(run_secs.size());
}

bool TuningRecord::IsValid() const {
  // Instructions before the first postprocessing one (TVM's GetNumValidInstructions).
  size_t insts = 0;
  if (trace.is_array() && !trace.empty() && trace[0].is_array())
    for (const auto& inst : trace[0]) {
      if (inst.is_array() && !inst.empty() && inst[0] == "EnterPostproc") break;
      ++insts;
    }
  if (insts == 0) return false;
  for (double s : run_secs)
    if (s != kFailedRunSecs) return true;
  return false;
}

nlohmann::json ArgsInfo(const IRModule& mod) {
  ObjectRef entry = mod->functions.size() == 1 ? mod->functions.begin()->second : mod.Lookup("main");
  const auto* func = entry.as<tir::PrimFuncNode>();
  if (!func) throw Error("the module's entry function is not a PrimFunc");
  nlohmann::json args = nlohmann::json::array();
  for (const tir::Var& param : func->params) {
    const tir::Buffer* buffer = func->BufferOf(param);
    if (!buffer) throw Error("parameter '" + param->name_hint + "' is not a buffer: TVM's ArgInfo describes tensors only");
    nlohmann::json shape = nlohmann::json::array();
    for (const tir::PrimExpr& d : (*buffer)->shape) {
      const auto* imm = d.as<tir::IntImmNode>();
      if (!imm) throw Error("buffer '" + (*buffer)->name + "' has a symbolic shape: TVM's ArgInfo needs static ones");
      shape.push_back(imm->value);
    }
    args.push_back({"TENSOR", (*buffer)->dtype.str(), shape});
  }
  return args;
}

namespace detail {

std::string RecordLine(const TuningRecord& r) {
  nlohmann::json run_secs = nlohmann::json::array();
  for (double s : r.run_secs) run_secs.push_back(s);
  nlohmann::json body = nlohmann::json::array({r.trace, run_secs, r.target.ToJSON(), r.args_info});
  return DumpTVMJSON(nlohmann::json::array({r.workload, body}));
}

ParsedRecord ParseRecordLine(const nlohmann::json& line) {
  const char* shape = "a tuning record line is [workload index, [trace, run_secs, target, args_info]]";
  if (!line.is_array() || line.size() != 2 || !line[0].is_number_integer() || !line[1].is_array() ||
      line[1].size() != 4)
    throw Error(shape);
  const nlohmann::json& body = line[1];
  const nlohmann::json& trace = body[0];
  if (!trace.is_array() || trace.size() != 2 || !trace[0].is_array() || !trace[1].is_array())
    throw Error("the trace is not [[instructions], [decisions]]");
  ParsedRecord p;
  p.record.workload = line[0].get<int64_t>() > INT32_MAX ? -1 : static_cast<int>(line[0].get<int64_t>());
  p.record.trace = trace;
  if (!body[1].is_null()) {
    if (!body[1].is_array()) throw Error("run_secs is not a list of numbers");
    for (const auto& s : body[1]) {
      if (!s.is_number()) throw Error("run_secs is not a list of numbers");
      p.record.run_secs.push_back(RoundToFloat32(s.get<double>()));
    }
  }
  if (!body[2].is_null() && !(body[2].is_object() && body[2].contains("kind") && body[2]["kind"].is_string()))
    throw Error("the target is not a TVM target JSON object with a \"kind\"");
  p.target = body[2];
  if (!body[3].is_null() && !body[3].is_array()) throw Error("args_info is not a list");
  p.record.args_info = body[3];
  return p;
}

}  // namespace detail
}  // namespace tuner
}  // namespace tirgen
