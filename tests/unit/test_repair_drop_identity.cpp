// What a plan prints about a job it drops: the rows the drop captures name its owner, creation,
// grants, dependencies and definition (repair/drop_identity).
#include "repair/drop_identity.hpp"

#include <catch2/catch.hpp>

using namespace rwdoctor;
using repair::identity_of;
using repair::identity_text;

namespace {

db::CapturedTable
captured(std::string table, std::vector<std::string> columns, std::vector<std::vector<std::optional<std::string>>> rows)
{
  db::CapturedTable captured;
  captured.table = std::move(table);
  captured.columns = std::move(columns);
  captured.types.assign(captured.columns.size(), "text");
  captured.rows = std::move(rows);
  return captured;
}

// The trial's MV 50, created after the backup: its table row went with its fragments.
std::vector<db::CapturedTable>
mv_50_without_table_row()
{
  return {captured("object",
                   {"oid", "obj_type", "owner_id", "initialized_at", "created_at", "initialized_at_cluster_version",
                    "created_at_cluster_version"},
                   {{"50", "TABLE", "1", "2026-12-06 23:50:58", "2026-12-06 23:51:02", "3.2.0-alpha", "3.2.0-alpha"},
                    {"51", "TABLE", "1", "2026-12-06 23:50:58", "2026-12-06 23:51:02", "3.2.0-alpha", "3.2.0-alpha"}}),
          captured("object_dependency", {"id", "oid", "used_by"}, {{"14", "5", "50"}}),
          captured("user_privilege", {"id", "oid", "user_id"}, {{"8", "50", "3"}, {"9", "51", "3"}})};
}

} // namespace

TEST_CASE("a dropped job's identity comes from the rows the drop captures", "[repair][drop]")
{
  const auto removed = mv_50_without_table_row();
  const auto identity = identity_of(removed, 50);
  REQUIRE(identity);
  CHECK(identity->owner_id == std::optional<std::string>("1"));
  CHECK(identity->created_at == std::optional<std::string>("2026-12-06 23:51:02"));
  CHECK(identity->release == std::optional<std::string>("3.2.0-alpha"));
  CHECK(identity->grants == 1);
  CHECK(identity->dependencies == 1);
  CHECK_FALSE(identity->definition);
  CHECK(identity_text(*identity)
        == "job 50: owner 1, created 2026-12-06 23:51:02 on 3.2.0-alpha, 1 grant, 1 dependency; no definition is left "
           "in the meta store: its owner recreates it from their own copy");

  // Not among the captured objects: nothing to say.
  CHECK_FALSE(identity_of(removed, 52));
  CHECK_FALSE(identity_of({}, 50));
}

TEST_CASE("a dropped job's definition is printed where a row still holds it, cut at a character", "[repair][drop]")
{
  auto removed = mv_50_without_table_row();
  // v2.0 objects: no cluster versions, an empty created_at falls back to initialized_at.
  removed[0] = captured("object", {"oid", "obj_type", "owner_id", "initialized_at", "created_at"},
                        {{"42", "TABLE", "1", "2024-11-04 10:26:43", ""}});
  removed.push_back(captured("table", {"table_id", "name", "definition"},
                             {{"42", "mv", "CREATE MATERIALIZED VIEW \"mv \"\"quoted\"\" näme\" AS SELECT 1"}}));
  const auto identity = identity_of(removed, 42);
  REQUIRE(identity);
  CHECK(identity->created_at == std::optional<std::string>("2024-11-04 10:26:43"));
  CHECK_FALSE(identity->release);
  CHECK(identity->grants == 0);
  CHECK(identity->dependencies == 0);
  CHECK(identity_text(*identity)
        == "job 42: owner 1, created 2024-11-04 10:26:43, 0 grants, 0 dependencies; definition: CREATE MATERIALIZED "
           "VIEW \"mv \"\"quoted\"\" näme\" AS SELECT 1");
  // "ä" is bytes 41-42: a cut at 42 would split it, so the text stops before it.
  CHECK(identity_text(*identity, 42).find("näme") == std::string::npos);
  CHECK(identity_text(*identity, 42).find("\"mv \"\"quoted\"\" n...") != std::string::npos);
}

// The third trial's job 42: live lost its table row, the backup still has the definition, and
// the plan prints it (marked) so that its owner can recreate the job; live's own wins.
TEST_CASE("a dropped job's definition comes from the backup when no live row holds it", "[repair][drop]")
{
  const auto removed = mv_50_without_table_row();
  const std::map<int, std::string> backup = {{50, "CREATE MATERIALIZED VIEW mv_customer_spend AS SELECT 1"}};
  const auto identity = identity_of(removed, 50, backup);
  REQUIRE(identity);
  CHECK(identity->definition_from_backup);
  CHECK(identity_text(*identity).find("; definition (from the backup): CREATE MATERIALIZED VIEW mv_customer_spend AS "
                                      "SELECT 1")
        != std::string::npos);
  CHECK_FALSE(identity_of(removed, 50, {{51, "CREATE ..."}})->definition); // another job's

  auto with_row = removed;
  with_row.push_back(captured("table", {"table_id", "name", "definition"}, {{"50", "mv", "CREATE MATERIALIZED VIEW live"}}));
  const auto live_own = identity_of(with_row, 50, backup);
  CHECK(live_own->definition == std::optional<std::string>("CREATE MATERIALIZED VIEW live"));
  CHECK_FALSE(live_own->definition_from_backup);
}
