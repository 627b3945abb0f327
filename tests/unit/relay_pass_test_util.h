// Before/after checks for relay passes: both programs are written as main's body (types are
// inferred), the pass runs on `before`, and the printed results must be equal.
#pragma once

#include <gtest/gtest.h>

#include <functional>
#include <string>

#include "tirgen/relay/text.h"
#include "tirgen/relay/transforms.h"

namespace tirgen {
namespace testing_relay {

/// `def @main(params) { body }`, parsed and typed.
inline IRModule Main(const std::string& params, const std::string& body) {
  return relay::InferType(relay::ParseModule("#[version = \"0.0.5\"]\ndef @main(" + params +
                                             ") {\n" + body + "\n}\n"));
}

/// Runs `pass` on `before` and expects the module `after` (same parameters).
inline void ExpectRewrite(const std::function<IRModule(const IRModule&)>& pass,
                          const std::string& params, const std::string& before,
                          const std::string& after) {
  std::string got = relay::PrintModule(relay::InferType(pass(Main(params, before))));
  std::string want = relay::PrintModule(Main(params, after));
  EXPECT_EQ(got, want) << "before:\n" << before;
}

/// Expects `pass` to leave `body` as it is.
inline void ExpectUnchanged(const std::function<IRModule(const IRModule&)>& pass,
                            const std::string& params, const std::string& body) {
  ExpectRewrite(pass, params, body, body);
}

}  // namespace testing_relay
}  // namespace tirgen
