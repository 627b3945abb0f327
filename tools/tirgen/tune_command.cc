#include "tune_command.h"

#include <unistd.h>

#include <cstdio>
#include <iostream>

#include "input_loader.h"
#include "tirgen/support/error.h"
#include "tirgen/tuner/database.h"
#include "tirgen/tuner/progress.h"
#include "tirgen/tuner/task.h"
#include "tirgen/tuner/tune.h"

namespace tirgen {
namespace cli {
namespace {

size_t CountLines(const std::string& text) {
  size_t n = 0;
  for (char c : text) n += c == '\n';
  return n;
}

// The live view: on a terminal the table is redrawn in place (cursor up over the previous
// one, clear to the end); elsewhere (a pipe, CI) one line per round.
class ProgressView {
 public:
  ProgressView() : terminal_(isatty(STDERR_FILENO) == 1) {}
  void Update(const tuner::TuneProgress& p) {
    if (!terminal_) {
      std::fprintf(stderr, "%s\n", tuner::FormatProgressLine(p).c_str());
      return;
    }
    std::string table = tuner::FormatProgressTable(p);
    if (drawn_lines_ > 0) std::fprintf(stderr, "\033[%zuA\033[J", drawn_lines_);
    std::fprintf(stderr, "%s%s\n", table.c_str(), tuner::FormatProgressLine(p).c_str());
    drawn_lines_ = CountLines(table) + 1;
  }

 private:
  bool terminal_;
  size_t drawn_lines_ = 0;
};

}  // namespace

void AddTuneCommand(CLI::App& app, TuneOptions* options) {
  CLI::App* cmd = app.add_subcommand("tune", "search schedules for a model's tasks into a tuning database");
  cmd->add_option("INPUT", options->program.input, "Relay text, ONNX (.onnx) or TVMScript file")->required();
  cmd->add_option("--db", options->db, "tuning database directory (TVM's JSON layout; created, or continued)")
      ->required();
  cmd->add_option("--params", options->program.params, "weights (.npz) bound to Relay main's parameters");
  AddInputShapeOption(cmd, &options->program.input_shapes);
  cmd->add_flag("--link-params", options->program.link_params, "embed the weights in the PrimFuncs");
  cmd->add_option("--target", options->target, kTargetHelp);
  cmd->add_option("--trials", options->trials, "measured candidates at most, over all tasks (0: no limit)");
  cmd->add_option("--time-budget", options->time_budget, "wall time at most, in seconds (0: no limit)");
  cmd->add_option("--trials-per-round", options->trials_per_round,
                  "candidates measured per round of one task (default: 64)");
  cmd->add_option("--seed", options->seed, "seed of the search (default: 1)");
  cmd->add_option("--timeout", options->timeout, "seconds a candidate may take to run before it is killed (default: 10)");
  cmd->add_option("--log", options->log, "write one JSON line per measured candidate and per round to FILE");
}

int RunTune(const TuneOptions& options) {
  TIRGEN_CHECK(options.trials >= 0) << "--trials must be at least 0, got " << options.trials;
  TIRGEN_CHECK(options.time_budget >= 0) << "--time-budget must be at least 0, got " << options.time_budget;
  TIRGEN_CHECK(options.trials > 0 || options.time_budget > 0)
      << "tune needs a limit: give --trials N or --time-budget SECONDS (or both)";
  TIRGEN_CHECK(options.trials_per_round >= 1) << "--trials-per-round must be at least 1, got "
                                              << options.trials_per_round;
  TIRGEN_CHECK(options.timeout > 0) << "--timeout must be positive, got " << options.timeout;
  target::Target target = TargetOption(options.target);
  IRModule lowered = LoadProgram(options.program);
  std::vector<tuner::TuneTask> tasks = tuner::ExtractTuneTasks(lowered);
  TIRGEN_CHECK(!tasks.empty()) << options.program.input << ": the program has no function to tune";

  tuner::TuneOptions opt;
  opt.target = target;
  opt.max_trials = options.trials;
  opt.time_budget_seconds = options.time_budget;
  opt.num_trials_per_iter = options.trials_per_round;
  opt.seed = options.seed;
  opt.measure.target = target;
  opt.measure.run.timeout_seconds = options.timeout;
  ProgressView view;
  opt.on_progress = [&](const tuner::TuneProgress& p) { view.Update(p); };
  if (!options.log.empty()) tuner::WriteLogTo(options.log, &opt);  // before the database is created

  tuner::JSONDatabase db(options.db, target);
  for (const std::string& w : db.warnings()) std::cerr << "warning: " << w << "\n";

  std::fprintf(stderr, "tuning %zu tasks of %s for %s into %s\n", tasks.size(), options.program.input.c_str(),
               target.str().c_str(), options.db.c_str());
  tuner::TuneSummary summary = tuner::Tune(tasks, db, opt);
  std::printf("%s", tuner::FormatProgressTable(summary).c_str());
  std::printf("database %s: %lld records\n", options.db.c_str(), static_cast<long long>(db.Size()));
  return 0;
}

}  // namespace cli
}  // namespace tirgen
