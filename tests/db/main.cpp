// Catch2 runner for the database tests: the template databases are dropped after the run,
// while libpqxx is still fully alive (not from a static destructor).
#define CATCH_CONFIG_RUNNER
#include "scratch_database.hpp"

#include <catch2/catch.hpp>

int
main(int argc, char* argv[])
{
  const int result = Catch::Session().run(argc, argv);
  rwdoctor::test::drop_templates();
  return result;
}
