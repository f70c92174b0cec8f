// A test that cannot run on this machine or build says so instead of passing: ctest reports a test
// whose output has this line as skipped (SKIP_REGULAR_EXPRESSION in tests/CMakeLists.txt).
#pragma once

#include <iostream>
#include <string>

namespace sente::test {

inline void skip_test(const std::string& why) { std::cout << "SKIPPED: " << why << std::endl; }

}  // namespace sente::test
