#include "core/error.hpp"
#include "util/durable_file.hpp"

#include "temporary_directory.hpp"

#include <catch2/catch.hpp>

#include <fstream>
#include <iterator>
#include <string>
#include <sys/stat.h>

using namespace rwdoctor;

namespace {

std::string
contents_of(const std::string& path)
{
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// The hint of the OperationalError `write` throws; fails the test when it throws none.
template <class Write>
std::string
hint_of_failure(Write write)
{
  try {
    write();
  } catch (const OperationalError& error) {
    return error.hint();
  }
  FAIL("no OperationalError was thrown");
  return {};
}

} // namespace

TEST_CASE("write_new_file_durably creates the file, and its directories, readable by its owner only", "[util]")
{
  const test::TemporaryDirectory scratch;
  const auto path = scratch.path() + "/nested/deeper/plan.json";
  util::write_new_file_durably(path, "{\"a\": 1}\n");
  CHECK(contents_of(path) == "{\"a\": 1}\n");
  struct stat info {};
  REQUIRE(stat(path.c_str(), &info) == 0);
  CHECK((info.st_mode & 0777) == 0600);
  REQUIRE(stat((scratch.path() + "/nested").c_str(), &info) == 0);
  CHECK((info.st_mode & 0777) == 0700);
}

TEST_CASE("write_new_file_durably never overwrites, and its hint names the option that chose the path", "[util]")
{
  const test::TemporaryDirectory scratch;
  const auto path = scratch.path() + "/plan.json";
  util::write_new_file_durably(path, "first");

  const auto plan_hint = hint_of_failure([&] { util::write_new_file_durably(path, "second", "--plan-out"); });
  CHECK(plan_hint.find("--plan-out") != std::string::npos);
  CHECK(plan_hint.find("--undo-file") == std::string::npos);
  CHECK(contents_of(path) == "first");

  const auto undo_hint = hint_of_failure([&] { util::write_new_file_durably(path, "second"); });
  CHECK(undo_hint.find("--undo-file") != std::string::npos);
  CHECK(contents_of(path) == "first");
}

TEST_CASE("write_new_file_durably refuses a path under a file, naming it", "[util]")
{
  const test::TemporaryDirectory scratch;
  const auto file = scratch.path() + "/not-a-directory";
  util::write_new_file_durably(file, "x");
  try {
    util::write_new_file_durably(file + "/plan.json", "y", "--plan-out");
    FAIL("a path under a file was accepted");
  } catch (const OperationalError& error) {
    CHECK(std::string(error.what()).find("not-a-directory") != std::string::npos);
    CHECK(error.hint().find("--plan-out") != std::string::npos);
  }
  CHECK(test::file_exists(file));
}
