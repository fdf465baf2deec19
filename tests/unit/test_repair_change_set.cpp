// The one format of every repair's writes (repair/change_set.hpp): what it counts, and that
// its hash, the precondition of a step, moves with every part of it and with nothing else.

#include "repair/change_set.hpp"

#include <catch2/catch.hpp>

using rwdoctor::db::CapturedTable;
using rwdoctor::repair::ChangeSet;
using rwdoctor::repair::hash_changes;
using rwdoctor::repair::RowUpdate;
using rwdoctor::repair::SequenceMove;

namespace {

CapturedTable
table_of(const std::string& name, std::vector<std::vector<std::optional<std::string>>> rows)
{
  CapturedTable table;
  table.table = name;
  table.columns = {"id", "value"};
  table.types = {"integer", "text"};
  table.rows = std::move(rows);
  return table;
}

RowUpdate
update_of(const std::string& key, const std::string& column, const std::optional<std::string>& from,
          const std::optional<std::string>& to)
{
  return RowUpdate{"object", {"oid"}, {"integer"}, {key}, column, "integer", from, to};
}

ChangeSet
sample()
{
  ChangeSet changes;
  changes.object_groups = {{14, 15}, {44}};
  changes.removed = {table_of("object", {{"14", "a"}, {"15", "b"}, {"44", "c"}})};
  changes.inserted = {table_of("fragment", {{"2", "x"}, {"3", std::nullopt}})};
  changes.key_columns["fragment"] = {"id"};
  changes.updates = {update_of("16", "database_id", "2", "1"), update_of("16", "schema_id", "3", "2"),
                     update_of("17", "database_id", std::nullopt, "1")};
  changes.sequences = {SequenceMove{"public.object_oid_seq", "object", "3", "44"}};
  return changes;
}

} // namespace

TEST_CASE("a change set counts each row it deletes, inserts or sets a column of once", "[repair]")
{
  const auto changes = sample();
  CHECK(changes.deleted_objects() == std::vector<int>{14, 15, 44});
  // object: 3 removed + 2 rows updated (16 twice counts once); fragment: 2 inserted.
  CHECK(changes.row_counts() == std::map<std::string, std::size_t>{{"object", 5}, {"fragment", 2}});
  CHECK_FALSE(changes.empty());
  CHECK(ChangeSet{}.empty());
  CHECK(ChangeSet{}.row_counts().empty());
  ChangeSet only_sequence;
  only_sequence.sequences = changes.sequences;
  CHECK_FALSE(only_sequence.empty());
  CHECK(only_sequence.row_counts().empty());
}

TEST_CASE("a change set's hash moves with every part of it", "[repair]")
{
  const auto base = hash_changes(sample());
  CHECK(base.rfind("sha256:", 0) == 0);
  CHECK(hash_changes(sample()) == base);
  // A precomputed hash of the inserted rows is the same as the one computed here.
  CHECK(hash_changes(sample(), rwdoctor::repair::hash_rows(sample().inserted)) == base);

  auto removed = sample();
  removed.removed[0].rows[2][1] = "C";
  auto inserted = sample();
  inserted.inserted[0].rows[1][1] = "";
  auto grouped = sample();
  grouped.object_groups = {{14, 15, 44}};
  auto updated = sample();
  updated.updates[2].old_value = "";
  auto moved = sample();
  moved.sequences[0].to = "45";
  for (const auto* changed : {&removed, &inserted, &grouped, &updated, &moved}) {
    CHECK(hash_changes(*changed) != base);
  }
  // What is not a write does not count: the indexes the deletes use for a while.
  auto indexed = sample();
  indexed.cascade_indexes.resize(1);
  CHECK(hash_changes(indexed) == base);
}
