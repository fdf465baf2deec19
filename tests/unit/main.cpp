// Runner for the unit tests (Catch2's implementation: tests/common/catch_implementation.cpp).
#include "catch_session.hpp"

int
main(int argc, char* argv[])
{
  return rwdoctor::test::run_catch_session(argc, argv);
}
