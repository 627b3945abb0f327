// Replays fuzz inputs through a fuzz target's logic in the normal (g++, unsanitized) build, so
// every finding stays fixed without clang: `tirgen_fuzz_replay TARGET DIR_OR_FILE...` feeds each
// file to TARGET's LLVMFuzzerTestOneInput (compiled here under the name TirgenFuzz_<TARGET>)
// and exits 0 when none crashed. A finding crashes the process (trap, signal, an uncaught
// InternalError), which fails the ctest; the file being replayed is printed first.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

// TIRGEN_FUZZ_TARGETS is X(name) for every tests/fuzz/<name>.cc (set by CMakeLists.txt).
#define X(name)                                                                 \
  extern "C" int TirgenFuzz_##name(const uint8_t* data, size_t size);           \
  extern "C" int TirgenFuzzInit_##name(int* argc, char*** argv) __attribute__((weak));
TIRGEN_FUZZ_TARGETS
#undef X

namespace {

struct Target {
  const char* name;
  int (*one)(const uint8_t*, size_t);
  int (*init)(int*, char***);
};

#define X(name) {#name, TirgenFuzz_##name, TirgenFuzzInit_##name},
const Target kTargets[] = {TIRGEN_FUZZ_TARGETS};
#undef X

std::vector<std::filesystem::path> Inputs(const std::filesystem::path& where) {
  std::vector<std::filesystem::path> files;
  if (std::filesystem::is_directory(where)) {
    for (const auto& entry : std::filesystem::recursive_directory_iterator(where))
      if (entry.is_regular_file()) files.push_back(entry.path());
  } else if (std::filesystem::exists(where)) {
    files.push_back(where);
  }
  std::sort(files.begin(), files.end());  // a deterministic order: the same run every time
  return files;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s TARGET DIR_OR_FILE...\n", argv[0]);
    return 2;
  }
  const Target* target = nullptr;
  for (const Target& t : kTargets)
    if (std::strcmp(t.name, argv[1]) == 0) target = &t;
  if (!target) {
    std::fprintf(stderr, "error: unknown fuzz target '%s'; the targets are tests/fuzz/*_fuzz.cc\n",
                 argv[1]);
    return 2;
  }
  if (target->init) target->init(&argc, &argv);
  size_t count = 0;
  for (int i = 2; i < argc; ++i) {
    for (const auto& file : Inputs(argv[i])) {
      std::ifstream in(file, std::ios::binary);
      std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
      std::fprintf(stderr, "replay %s\n", file.c_str());
      target->one(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
      ++count;
    }
  }
  if (count == 0) {  // a replay of nothing would pass whatever the target does
    std::fprintf(stderr, "error: no input files under the given paths; commit a corpus first\n");
    return 1;
  }
  std::printf("%s: %zu inputs replayed, none crashed\n", target->name, count);
  return 0;
}
