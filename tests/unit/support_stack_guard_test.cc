// CheckStack turns recursion deeper than the stack into a tirgen::Error; RunWithStack gives
// work a stack of a chosen size and passes its exceptions back.
#include <gtest/gtest.h>

#include "tirgen/support/error.h"
#include "tirgen/support/stack_guard.h"

namespace tirgen {
namespace {

// Recursion that a compiler would not turn into a loop: every frame holds a live array.
int Recurse(int n) {
  support::CheckStack("test recursion");
  volatile char frame[256];
  frame[0] = static_cast<char>(n);
  if (n == 0) return frame[0];
  return Recurse(n - 1) + frame[0] - static_cast<char>(n) + 1;
}

TEST(StackGuard, TooDeepRecursionIsAnErrorNotACrash) {
  try {
    support::RunWithStack(1 << 20, [] { Recurse(1 << 20); });  // ~300 MB of frames in 1 MB
    FAIL() << "expected a tirgen::Error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("test recursion: the input is nested too deeply"),
              std::string::npos)
        << e.what();
  }
}

TEST(StackGuard, LargeStackHoldsDeepRecursion) {
  int result = -1;
  support::RunWithStack(std::size_t(256) << 20, [&] { result = Recurse(200000); });
  EXPECT_EQ(result, 200000);
}

TEST(StackGuard, ExceptionsCrossTheThread) {
  EXPECT_THROW(support::RunWithStack(1 << 20, [] { throw Error("boom"); }), Error);
}

}  // namespace
}  // namespace tirgen
