#include "synthetic_catalog.hpp"

#include <catch2/catch.hpp>
#include <fmt/format.h>
#include <pqxx/pqxx>

namespace rwdoctor::test {

namespace {

std::string
synthetic_settings(const SyntheticShape& shape)
{
  return fmt::format("SELECT set_config('rwdoctor_synth.copies', '{}', false), "
                     "set_config('rwdoctor_synth.width', '{}', false), "
                     "set_config('rwdoctor_synth.blob_bytes', '{}', false), "
                     "set_config('rwdoctor_synth.fan_in', '{}', false), "
                     "set_config('rwdoctor_synth.ensemble', '{}', false), "
                     "set_config('rwdoctor_synth.seed', '{}', false);\n",
                     shape.copies, shape.width, shape.blob_bytes, shape.fan_in, shape.ensemble, shape.seed);
}

} // namespace

void
grow_synthetic_catalog(const ScratchDatabase& database, const SyntheticShape& shape)
{
  database.execute(synthetic_settings(shape) + read_source_file("bench/sql/synthetic_catalog.sql"));
}

std::vector<int>
break_leaf_jobs(const ScratchDatabase& database, int count, std::uint64_t seed)
{
  std::vector<int> ids;
  {
    pqxx::connection connection(fmt::format("dbname={}", database.name()));
    pqxx::nontransaction tx(connection);
    tx.exec_params("SELECT set_config('rwdoctor_synth.broken_jobs', $1, false), "
                   "set_config('rwdoctor_synth.seed', $2, false)",
                   std::to_string(count), std::to_string(seed));
    for (const auto& row : tx.exec(read_source_file("bench/sql/break_leaf_jobs.sql"))) {
      ids.push_back(row[0].as<int>());
    }
  }
  REQUIRE(ids.size() == static_cast<std::size_t>(count));
  return ids;
}

bool
is_orphaned_extra_state_table(const checks::Finding& finding, int copies)
{
  return finding.check == "object-orphaned" && finding.severity == checks::Severity::warning && !finding.job_id &&
         finding.object_id && *finding.object_id > unit_object_id(43, copies) &&
         finding.object_type.value_or("") == "TABLE";
}

UnitMap
UnitMap::read(const std::string& dbname, int copies)
{
  UnitMap map;
  pqxx::connection connection(fmt::format("dbname={}", dbname));
  pqxx::read_transaction tx(connection);
  // Copied objects sit in 30-oid slots after the demo's first object (14); extra state tables
  // lie beyond the last slot and follow their job.
  const auto objects = tx.exec_params(
    "SELECT o.oid, CASE WHEN o.oid <= 43 + 30 * $1 THEN (o.oid - 14) / 30 "
    "                   ELSE (t.belongs_to_job_id - 14) / 30 END "
    "FROM object o LEFT JOIN \"table\" t ON t.table_id = o.oid WHERE o.oid >= 14",
    copies);
  for (const auto& row : objects) {
    if (!row[1].is_null()) {
      map.m_object_unit[row[0].as<int>()] = row[1].as<int>();
    }
  }
  for (const auto& row : tx.exec("SELECT fragment_id, (job_id - 14) / 30 FROM fragment")) {
    map.m_fragment_unit[row[0].as<int>()] = row[1].as<int>();
  }
  return map;
}

std::optional<int>
UnitMap::unit_of(const checks::Finding& finding) const
{
  const auto lookup = [](const std::map<int, int>& units, const std::optional<int>& id) -> std::optional<int> {
    if (!id) {
      return std::nullopt;
    }
    const auto found = units.find(*id);
    return found == units.end() ? std::nullopt : std::optional<int>(found->second);
  };
  if (auto unit = lookup(m_object_unit, finding.job_id)) {
    return unit;
  }
  if (auto unit = lookup(m_object_unit, finding.object_id)) {
    return unit;
  }
  return lookup(m_fragment_unit, finding.fragment_id);
}

} // namespace rwdoctor::test
