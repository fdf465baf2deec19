#include "repair/undo_file.hpp"

#include "core/error.hpp"
#include "core/version.hpp"
#include "repair/sealed_document.hpp"

#include <fmt/format.h>

#include <ctime>

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
  auto stamp = utc_timestamp();
  for (auto& c : stamp) {
    if (c == ':') {
      c = '-';
    }
  }
  return fmt::format("rwdoctor-undo/{}-{}.json", stamp, action);
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
