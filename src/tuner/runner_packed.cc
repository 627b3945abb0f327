// Inputs for candidates that take layout-free parameters packed (a schedule's rewrites): the
// task's random input of such a parameter passed through the rewrite's index map, written once
// per distinct set of rewrites. The packed parameter is not compared with the reference: the
// reference holds it unpacked, and the function only reads it.
#include <nlohmann/json.hpp>

#include "tirgen/ir/npz.h"
#include "tirgen/runtime/schedule_for_target.h"
#include "tirgen/support/error.h"
#include "tirgen/support/io.h"
#include "tirgen/tuner/runner.h"

namespace tirgen {
namespace tuner {

const std::string& Runner::PackedTaskFile(const std::vector<tir::ParamLayoutRewrite>& rewrites,
                                          std::vector<std::vector<int64_t>>* shapes) const {
  std::string key;
  for (const tir::ParamLayoutRewrite& r : rewrites) key += std::to_string(r.param_index) + ":" + r.map.ToPython() + "\n";
  auto it = packed_.find(key);
  if (it == packed_.end()) {
    std::vector<NDArray> args = inputs_;
    std::vector<bool> packed(args.size(), false);
    for (const tir::ParamLayoutRewrite& r : rewrites) {  // in order: a later map packs the packed one
      TIRGEN_CHECK(r.param_index >= 0 && r.param_index < static_cast<int>(args.size()))
          << "a rewrite of parameter " << r.param_index << ", which the function does not have";
      args[r.param_index] = runtime::ApplyIndexMap(args[r.param_index], r.map);
      packed[r.param_index] = true;
    }
    nlohmann::json task = nlohmann::json::parse(task_json_);
    Packed p;
    std::string tag = std::to_string(packed_.size());
    for (size_t i = 0; i < args.size(); ++i) {
      p.shapes.push_back(args[i]->shape);
      if (!packed[i]) continue;
      std::string file = dir_.path + "/packed" + tag + "_arg" + std::to_string(i) + ".npy";
      SaveNpy(file, args[i]);
      task["args"][i] = file;
      task["expected"][i] = nullptr;  // not compared
    }
    p.file = dir_.path + "/task_packed" + tag + ".json";
    WriteFileAtomic(p.file, task.dump());
    it = packed_.emplace(key, std::move(p)).first;
  }
  *shapes = it->second.shapes;
  return it->second.file;
}

}  // namespace tuner
}  // namespace tirgen
