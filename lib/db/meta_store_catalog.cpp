// MetaStoreSession's reads of the catalog facts that findings and --job need: the objects
// findings name, their owners, the RisingWave databases, the jobs --job names and the meta
// leader's heartbeat.
#include "db/meta_store_session.hpp"

#include "core/interrupt.hpp"
#include "db/meta_store_session_impl.hpp"
#include "db/pqxx_compat.hpp"
#include "db/sql_errors.hpp"
#include "util/text.hpp"

#include <fmt/format.h>

namespace rwdoctor::db {

namespace {

std::optional<int>
int_or_null(const pqxx::field& field)
{
  if (field.is_null()) {
    return std::nullopt;
  }
  return field.as<int>();
}

} // namespace

std::vector<ObjectInfo>
MetaStoreSession::describe_objects(const std::vector<int>& oids)
{
  throw_if_interrupted(); // a cancelled repair sends no more statements
  std::vector<ObjectInfo> objects;
  if (oids.empty()) {
    return objects;
  }
  const auto parameter = util::pg_int_array(oids);
  pqxx::result result;
  try {
    Savepoint savepoint(m_impl->current(), "rwdoctor_describe");
    result = savepoint.exec_params(embedded_query("sql/store/describe_objects.sql"), parameter);
    savepoint.commit();
  } catch (const pqxx::sql_error&) {
    // A type table the role cannot read: fall back to what object alone tells.
    try {
      Savepoint savepoint(m_impl->current(), "rwdoctor_describe_minimal");
      result = savepoint.exec_params(embedded_query("sql/store/describe_objects_minimal.sql"), parameter);
      savepoint.commit();
    } catch (const pqxx::sql_error& error) {
      throw translate_sql_error(error, fmt::format("cannot read \"{}\".object", m_impl->schema));
    }
  }
  for (const auto& row : result) {
    ObjectInfo info;
    info.oid = row[0].as<int>();
    info.obj_type = row[1].c_str();
    info.database_id = int_or_null(row[2]);
    info.database_name = text_or_null(row[3]);
    info.schema_name = text_or_null(row[4]);
    info.object_name = text_or_null(row[5]);
    info.job_status = text_or_null(row[6]);
    info.kind_from_fragments = text_or_null(row[7]);
    objects.push_back(std::move(info));
  }
  return objects;
}

std::optional<double>
MetaStoreSession::leader_heartbeat_age_seconds(const store::SchemaFacts& facts)
{
  if (!facts.has("election_leader")) {
    return std::nullopt;
  }
  const auto rows = run_file("sql/repair/leader_heartbeat.sql");
  if (rows.values.empty() || !rows.values[0][0]) {
    return std::nullopt;
  }
  return std::stod(*rows.values[0][0]);
}

std::vector<std::pair<int, int>>
MetaStoreSession::object_owners(const std::vector<int>& oids, bool with_parent)
{
  throw_if_interrupted(); // a cancelled repair sends no more statements
  std::vector<std::pair<int, int>> owners;
  if (oids.empty()) {
    return owners;
  }
  try {
    Savepoint savepoint(m_impl->current(), "rwdoctor_owners");
    const auto result = savepoint.exec_params(
      embedded_query(with_parent ? "sql/store/object_owners_belong_to_oid.sql" : "sql/store/object_owners.sql"),
      util::pg_int_array(oids));
    savepoint.commit();
    for (const auto& row : result) {
      owners.emplace_back(row[0].as<int>(), row[1].as<int>());
    }
  } catch (const pqxx::sql_error& error) {
    throw translate_sql_error(error, fmt::format("cannot read the owners of objects in \"{}\"", m_impl->schema));
  }
  return owners;
}

std::vector<std::pair<int, std::string>>
MetaStoreSession::database_names()
{
  throw_if_interrupted(); // a cancelled repair sends no more statements
  std::vector<std::pair<int, std::string>> names;
  try {
    Savepoint savepoint(*m_impl->snapshot, "rwdoctor_databases");
    for (const auto& row : savepoint.exec(embedded_query("sql/store/database_names.sql"))) {
      names.emplace_back(row[0].as<int>(), row[1].c_str());
    }
    savepoint.commit();
  } catch (const pqxx::sql_error& error) {
    throw translate_sql_error(error, fmt::format("cannot read \"{}\".database", m_impl->schema));
  }
  return names;
}

std::vector<std::pair<int, std::vector<int>>>
MetaStoreSession::jobs_not_found(const std::vector<int>& ids)
{
  throw_if_interrupted();
  std::vector<std::pair<int, std::vector<int>>> missing;
  try {
    Savepoint savepoint(*m_impl->snapshot, "rwdoctor_jobs");
    for (const auto& row : savepoint.exec_params(embedded_query("sql/store/jobs_not_found.sql"), util::pg_int_array(ids))) {
      std::vector<int> nearest;
      util::for_each_part(row[1].c_str(), ',', [&](std::string_view part) {
        int id = 0;
        if (util::parse_int32(part, id)) {
          nearest.push_back(id);
        }
      });
      missing.emplace_back(row[0].as<int>(), std::move(nearest));
    }
    savepoint.commit();
  } catch (const pqxx::sql_error& error) {
    throw translate_sql_error(error, fmt::format("cannot look up the jobs of --job in \"{}\"", m_impl->schema));
  }
  return missing;
}

} // namespace rwdoctor::db
