#include "tasks_command.h"

#include <unistd.h>

#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "tirgen/lower/lower.h"
#include "tirgen/support/error.h"
#include "tirgen/support/io.h"
#include "tirgen/tir/functor.h"

namespace tirgen {
namespace cli {
namespace {

using Json = nlohmann::ordered_json;

std::string Hex(uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

// Static extents as numbers, symbolic ones as null.
Json Dims(const std::vector<tir::PrimExpr>& extents) {
  Json dims = Json::array();
  for (const auto& d : extents) {
    if (const auto* imm = d.as<tir::IntImmNode>())
      dims.push_back(imm->value);
    else
      dims.push_back(nullptr);
  }
  return dims;
}

// The PrimFunc's buffer parameters: name, shape, dtype (what a tuning record's workload shows).
Json Args(const lower::Task& task) {
  Json args = Json::array();
  const auto* f = task.mod->functions.at("main").as<tir::PrimFuncNode>();
  for (const auto& [var, buffer] : f->buffer_map)
    args.push_back({{"name", buffer->name}, {"shape", Dims(buffer->shape)}, {"dtype", buffer->dtype.str()}});
  return args;
}

// The weights embedded as AllocateConst (link-params): shape and dtype, in body order.
Json Constants(const lower::Task& task) {
  struct Collect : tir::StmtExprVisitor {
    Json out = Json::array();
    void VisitStmt_(const tir::AllocateConstNode* op) override {
      out.push_back({{"shape", Dims(op->extents)}, {"dtype", op->dtype.str()}});
      tir::StmtExprVisitor::VisitStmt_(op);
    }
  } collect;
  collect.VisitStmt(task.mod->functions.at("main").as<tir::PrimFuncNode>()->body);
  return collect.out;
}

std::string Table(const std::vector<lower::Task>& tasks) {
  size_t width = 4;
  for (const auto& t : tasks) width = std::max(width, t.name.size());
  std::ostringstream os;
  char line[64];
  os << "index  " << "name" << std::string(width - 4, ' ') << "  weight  hash\n";
  for (size_t i = 0; i < tasks.size(); ++i) {
    std::snprintf(line, sizeof line, "%5zu  ", i);
    os << line << tasks[i].name << std::string(width - tasks[i].name.size(), ' ');
    std::snprintf(line, sizeof line, "  %6d  ", tasks[i].weight);
    os << line << Hex(tasks[i].hash) << "\n";
  }
  return os.str();
}

}  // namespace

void AddTasksCommand(CLI::App& app, TasksOptions* options) {
  CLI::App* cmd = app.add_subcommand("tasks", "list a model's tuning tasks (TVM's extract_tasks)");
  AddInputOptions(cmd, &options->input);
  cmd->add_flag("--link-params", options->link_params,
                "embed the weights in the tasks' PrimFuncs (relay.FuseOps.link_params)");
  cmd->add_option("--dedup", options->dedup,
                  "module equality: structural (constants by value), ignore-ndarray (by shape "
                  "and dtype) or anchor-block (only the main reduction block)")
      ->check(CLI::IsMember({"structural", "ignore-ndarray", "anchor-block"}));
  cmd->add_flag("--json", options->json, "print a JSON array of {name, weight, hash, args}");
  cmd->add_option("--target", options->target, "target: generic (default), llvm or c");
  cmd->add_option("-o,--output", options->output, "output file (default: stdout)");
}

int RunTasks(const TasksOptions& options) {
  lower::ExtractOptions extract;
  extract.target = options.target;
  extract.link_params = options.link_params;
  extract.equality = lower::ParseModuleEquality(options.dedup);
  const bool progress = isatty(STDERR_FILENO);
  if (progress)
    extract.progress = [](size_t done, size_t total) {
      std::cerr << "\rlowering primitive functions: " << done << "/" << total << std::flush;
      if (done == total) std::cerr << "\n";
    };
  LoadedInput in = LoadInput(options.input);
  std::vector<lower::Task> tasks = lower::ExtractTasks(in.mod, in.params, extract);

  std::string out;
  if (options.json) {
    // One task per line: readable, diffable, and still one JSON array.
    out = "[";
    for (size_t i = 0; i < tasks.size(); ++i) {
      Json task = {{"index", i},
                   {"name", tasks[i].name},
                   {"weight", tasks[i].weight},
                   {"hash", Hex(tasks[i].hash)},
                   {"args", Args(tasks[i])},
                   {"constants", Constants(tasks[i])}};
      out += (i ? ",\n  " : "\n  ") + task.dump();
    }
    out += tasks.empty() ? "]\n" : "\n]\n";
  } else {
    out = Table(tasks);
  }
  WriteFileAtomic(options.output, out);
  return 0;
}

}  // namespace cli
}  // namespace tirgen
