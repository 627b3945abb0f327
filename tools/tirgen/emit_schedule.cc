#include "emit_schedule.h"

#include <filesystem>

#include "tirgen/script/printer.h"
#include "tirgen/support/error.h"
#include "tirgen/support/io.h"

namespace tirgen {
namespace cli {

void EmitSchedule(const std::string& dir, const IRModule& lowered, const IRModule& scheduled,
                  const std::map<std::string, std::string>& traces) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec || !std::filesystem::is_directory(dir))
    throw Error(Span{dir, 0, 0}, "--emit-schedule: cannot create directory (" +
                                     (ec ? ec.message() : std::string("a file is in the way")) + ")");
  const std::filesystem::path d(dir);
  for (const auto& [name, f] : lowered->functions) {
    if (!f.as<tir::PrimFuncNode>()) continue;
    auto trace = traces.find(name);
    std::string replay =
        "# The default CPU schedule of " + name + ", as TVM prints a trace. Replay it on the\n"
        "# lowered function (" + name + ".py) with tirgen:\n"
        "#   sch = tirgen.tir.Schedule(tirgen.script.parse(open(\"" + name + ".py\").read()))\n"
        "#   apply_trace(sch)   # then sch.mod[\"main\"] is " + name + ".scheduled.py\n"
        "from tirgen import tir\n\n";
    WriteFileAtomic((d / (name + ".py")).string(), script::Print(f.cast<tir::PrimFunc>()));
    WriteFileAtomic((d / (name + ".trace.py")).string(), replay + (trace == traces.end() ? "" : trace->second) + "\n");
    WriteFileAtomic((d / (name + ".scheduled.py")).string(),
                    script::Print(scheduled->functions.at(name).cast<tir::PrimFunc>()));
  }
}

}  // namespace cli
}  // namespace tirgen
