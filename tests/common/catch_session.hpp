// The one entry into Catch2's runner (tests/common/catch_implementation.cpp), so that only that
// file compiles Catch2's implementation: Catch::Session is declared only where it is.
#pragma once

namespace rwdoctor::test {

// Runs the test cases the command line selects; returns the exit code for main.
int run_catch_session(int argc, char* argv[]);

} // namespace rwdoctor::test
