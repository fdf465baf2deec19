// Catch2's own implementation, compiled once for both test programs (it is most of the time
// either would spend compiling its runner); each program's main() calls run_catch_session.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include "catch_session.hpp"

namespace rwdoctor::test {

int
run_catch_session(int argc, char* argv[])
{
  return Catch::Session().run(argc, argv);
}

} // namespace rwdoctor::test
