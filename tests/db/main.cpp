// Catch2 runner for the database tests. Repairs the tests run
// without --undo-file write their undo files to a state directory of the run's own
// (XDG_STATE_HOME), removed afterwards, never to the home directory of whoever runs them.
#include "catch_session.hpp"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

int
main(int argc, char* argv[])
{
  const char* base = std::getenv("TMPDIR");
  std::string state = std::string(base != nullptr && *base != '\0' ? base : "/tmp") + "/rwdt-state-XXXXXX";
  if (::mkdtemp(state.data()) == nullptr) {
    std::perror("rwdoctor_db_tests: cannot create a state directory");
    return 2;
  }
  ::setenv("XDG_STATE_HOME", state.c_str(), 1);
  const int result = rwdoctor::test::run_catch_session(argc, argv);
  std::error_code ignored;
  std::filesystem::remove_all(state, ignored);
  return result;
}
