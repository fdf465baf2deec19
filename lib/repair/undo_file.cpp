#include "repair/undo_file.hpp"

#include "core/error.hpp"
#include "core/version.hpp"
#include "repair/sealed_document.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <ctime>
#include <time.h>
#include <unistd.h>

namespace rwdoctor::repair {

std::string
utc_timestamp()
{
  const std::time_t now = std::time(nullptr);
  std::tm parts{};
  gmtime_r(&now, &parts);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &parts);
  return text;
}

std::string
default_undo_path(const std::string& action)
{
  // Milliseconds and the process id keep two repairs started in the same second apart.
  timespec now{};
  clock_gettime(CLOCK_REALTIME, &now);
  std::tm parts{};
  gmtime_r(&now.tv_sec, &parts);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y-%m-%dT%H-%M-%S", &parts);
  return fmt::format("rwdoctor-undo/{}.{:03d}Z-{}-{}.json", stamp, now.tv_nsec / 1000000, getpid(), action);
}

std::string
make_undo_document(const DropPlan& plan, const std::string& created_at)
{
  Json tables = Json::array();
  for (const auto& table : plan.rows) {
    Json rows = Json::array();
    for (const auto& row : table.rows) {
      Json values = Json::array();
      for (const auto& value : row) {
        values.push_back(value ? Json(*value) : Json(nullptr));
      }
      rows.push_back(std::move(values));
    }
    tables.push_back(Json{{"table", table.table}, {"columns", table.columns}, {"types", table.types}, {"rows", rows}});
  }
  return seal(Json{
    {"format", "rwdoctor-undo"},
    {"format_version", 1},
    {"tool_version", std::string(tool_version())},
    {"action", "drop"},
    {"created_at", created_at},
    {"meta_store", Json{{"database", plan.database}, {"schema", plan.schema}, {"generation", plan.generation}}},
    {"plan_hash", plan.rows_hash},
    {"objects", plan.oids()},
    {"tables", tables},
  });
}

namespace {

Json
values_json(const std::vector<std::optional<std::string>>& values)
{
  Json array = Json::array();
  for (const auto& value : values) {
    array.push_back(value ? Json(*value) : Json(nullptr));
  }
  return array;
}

std::vector<std::optional<std::string>>
values_from(const Json& array)
{
  std::vector<std::optional<std::string>> values;
  for (const auto& value : array) {
    values.push_back(value.is_null() ? std::nullopt : std::optional<std::string>(value.get<std::string>()));
  }
  return values;
}

std::optional<std::string>
value_from(const Json& value)
{
  return value.is_null() ? std::nullopt : std::optional<std::string>(value.get<std::string>());
}

} // namespace

std::string
make_restore_undo_document(const RestorePlan& plan, const std::vector<std::string>& children_first,
                           const std::string& created_at)
{
  Json inserted = Json::array();
  for (const auto& name : children_first) {
    for (const auto& table : plan.inserts) {
      if (table.table != name) {
        continue;
      }
      const auto& key_columns = plan.key_columns.at(table.table);
      std::vector<std::size_t> indexes;
      Json types = Json::array();
      for (const auto& column : key_columns) {
        const auto index = static_cast<std::size_t>(
          std::find(table.columns.begin(), table.columns.end(), column) - table.columns.begin());
        indexes.push_back(index);
        types.push_back(table.types[index]);
      }
      Json keys = Json::array();
      for (const auto& row : table.rows) {
        std::vector<std::optional<std::string>> key;
        for (const auto index : indexes) {
          key.push_back(row[index]);
        }
        keys.push_back(values_json(key));
      }
      inserted.push_back(Json{{"table", table.table}, {"key_columns", key_columns}, {"key_types", types}, {"keys", keys}});
    }
  }
  Json updated = Json::array();
  for (const auto& update : plan.updates) {
    updated.push_back(Json{{"table", update.table},
                           {"key_columns", update.key_columns},
                           {"key_types", update.key_types},
                           {"key", values_json(update.key)},
                           {"column", update.column},
                           {"type", update.type},
                           {"old_value", update.old_value ? Json(*update.old_value) : Json(nullptr)}});
  }
  std::vector<int> jobs = plan.request.jobs;
  return seal(Json{
    {"format", "rwdoctor-undo"},
    {"format_version", 1},
    {"tool_version", std::string(tool_version())},
    {"action", "restore"},
    {"created_at", created_at},
    {"meta_store", Json{{"database", plan.database}, {"schema", plan.schema}, {"generation", plan.generation}}},
    {"plan_hash", plan.rows_hash},
    {"objects", jobs},
    {"inserted", inserted},
    {"updated", updated},
  });
}

UndoData
read_undo_document(const std::string& text, const std::string& path)
{
  const auto document = unseal(text, "rwdoctor-undo", path);
  UndoData data;
  try {
    data.action = document.at("action").get<std::string>();
    data.database = document.at("meta_store").at("database").get<std::string>();
    data.schema = document.at("meta_store").at("schema").get<std::string>();
    data.generation = document.at("meta_store").at("generation").get<std::string>();
    data.plan_hash = document.at("plan_hash").get<std::string>();
    data.oids = document.at("objects").get<std::vector<int>>();
    if (data.action == "restore") {
      for (const auto& table : document.at("inserted")) {
        KeyedRows rows;
        rows.table = table.at("table").get<std::string>();
        rows.key_columns = table.at("key_columns").get<std::vector<std::string>>();
        rows.key_types = table.at("key_types").get<std::vector<std::string>>();
        for (const auto& key : table.at("keys")) {
          rows.keys.push_back(values_from(key));
          if (rows.keys.back().size() != rows.key_columns.size()) {
            throw RefusedError(fmt::format("'{}' has a key of {} with the wrong number of values", path, rows.table));
          }
        }
        data.inserted.push_back(std::move(rows));
      }
      for (const auto& update : document.at("updated")) {
        RowUpdate change;
        change.table = update.at("table").get<std::string>();
        change.key_columns = update.at("key_columns").get<std::vector<std::string>>();
        change.key_types = update.at("key_types").get<std::vector<std::string>>();
        change.key = values_from(update.at("key"));
        change.column = update.at("column").get<std::string>();
        change.type = update.at("type").get<std::string>();
        change.old_value = value_from(update.at("old_value"));
        data.updated.push_back(std::move(change));
      }
      return data;
    }
    if (data.action != "drop") {
      throw RefusedError(fmt::format("'{}' undoes action '{}', which this rwdoctor does not know", path, data.action));
    }
    for (const auto& table : document.at("tables")) {
      db::CapturedTable captured;
      captured.table = table.at("table").get<std::string>();
      captured.columns = table.at("columns").get<std::vector<std::string>>();
      captured.types = table.at("types").get<std::vector<std::string>>();
      for (const auto& row : table.at("rows")) {
        auto& values = captured.rows.emplace_back();
        for (const auto& value : row) {
          values.push_back(value.is_null() ? std::nullopt : std::optional<std::string>(value.get<std::string>()));
        }
        if (values.size() != captured.columns.size()) {
          throw RefusedError(fmt::format("'{}' has a row of {} with the wrong number of values", path, captured.table));
        }
      }
      if (captured.types.size() != captured.columns.size()) {
        throw RefusedError(fmt::format("'{}' describes table {} inconsistently", path, captured.table));
      }
      data.tables.push_back(std::move(captured));
    }
  } catch (const Json::exception& error) {
    throw RefusedError(fmt::format("'{}' lacks a field of an undo file: {}", path, error.what()),
                       "Use the undo file exactly as rwdoctor wrote it.");
  }
  return data;
}

} // namespace rwdoctor::repair
