#include "repair/undo_file.hpp"

#include "hummock/state_json.hpp"

#include "core/error.hpp"
#include "core/version.hpp"
#include "repair/plan_report.hpp"
#include "repair/sealed_document.hpp"
#include "util/sha256.hpp"
#include "util/text.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <openssl/rand.h>

#include <algorithm>
#include <set>
#include <cstdlib>
#include <ctime>
#include <pwd.h>
#include <time.h>
#include <unistd.h>

namespace rwdoctor::repair {

namespace {

constexpr std::string_view k_pending_suffix = ".pending";

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

Json
document_head(std::string_view action, const RepairStamp& stamp, const std::string& database, const std::string& schema,
              const std::string& generation, const std::string& plan_hash, const std::vector<int>& objects)
{
  return Json{
    {"format", "rwdoctor-undo"},
    {"format_version", k_undo_format_version},
    {"tool_version", std::string(tool_version())},
    {"action", std::string(action)},
    {"repair_id", stamp.repair_id},
    {"audited", stamp.audited},
    {"created_at", stamp.created_at},
    {"meta_store", meta_store_json(database, schema, generation, stamp.server)},
    {"plan_hash", plan_hash},
    {"objects", objects},
  };
}

std::string
home_directory()
{
  if (const char* home = std::getenv("HOME"); home != nullptr && home[0] == '/') {
    return home;
  }
  if (const auto* entry = getpwuid(geteuid()); entry != nullptr && entry->pw_dir != nullptr) {
    return entry->pw_dir;
  }
  return "/tmp";
}

} // namespace

std::string
utc_timestamp()
{
  timespec now{};
  clock_gettime(CLOCK_REALTIME, &now);
  std::tm parts{};
  gmtime_r(&now.tv_sec, &parts);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%S", &parts);
  return fmt::format("{}.{:03d}Z", text, now.tv_nsec / 1000000);
}

std::string
new_repair_id()
{
  unsigned char bytes[6] = {};
  if (RAND_bytes(bytes, sizeof bytes) != 1) {
    throw OperationalError("cannot draw a random repair id", "Check the system's random source; nothing was changed.");
  }
  std::string id;
  for (const auto byte : bytes) {
    id += fmt::format("{:02x}", byte);
  }
  return id;
}

std::string
row_sha256(const std::vector<std::optional<std::string>>& row)
{
  // Each value length-prefixed ("V<bytes>:<value>", "N" for NULL), so no two rows share an
  // encoding and no value is copied or escaped (a restore's rows carry their blobs).
  util::Sha256 digest;
  for (const auto& value : row) {
    if (!value) {
      digest.update("N");
      continue;
    }
    digest.update(fmt::format("V{}:", value->size()));
    digest.update(*value);
  }
  return digest.finish_hex();
}

std::string
default_undo_directory()
{
  if (const char* state = std::getenv("XDG_STATE_HOME"); state != nullptr && state[0] == '/') {
    return fmt::format("{}/rwdoctor/undo", state);
  }
  return fmt::format("{}/.local/state/rwdoctor/undo", home_directory());
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
  return fmt::format("{}/{}.{:03d}Z-{}-{}.json", default_undo_directory(), stamp, now.tv_nsec / 1000000, getpid(),
                     action);
}

std::string
pending_undo_path(const std::string& path)
{
  return path + std::string(k_pending_suffix);
}

bool
is_pending_undo_path(const std::string& path)
{
  return util::ends_with(path, k_pending_suffix);
}

std::string
undone_marker_path(const std::string& path)
{
  const std::string base = is_pending_undo_path(path) ? path.substr(0, path.size() - k_pending_suffix.size()) : path;
  return base + ".undone";
}

std::string
absolute_path(const std::string& path)
{
  if (path.empty() || path.front() == '/') {
    return path;
  }
  std::string directory(4096, '\0');
  if (getcwd(directory.data(), directory.size()) == nullptr) {
    return path;
  }
  directory.resize(directory.find('\0'));
  auto relative = std::string_view(path);
  while (util::starts_with(relative, "./")) {
    relative.remove_prefix(2);
  }
  return fmt::format("{}/{}", directory == "/" ? "" : directory, relative);
}

namespace {

Json
tables_json(const std::vector<db::CapturedTable>& captured)
{
  Json tables = Json::array();
  for (const auto& table : captured) {
    Json rows = Json::array();
    for (const auto& row : table.rows) {
      rows.push_back(values_json(row));
    }
    tables.push_back(Json{{"table", table.table}, {"columns", table.columns}, {"types", table.types}, {"rows", rows}});
  }
  return tables;
}

// The keys and row checksums of the rows `changes` inserts, children first.
void
append_inserted(Json& inserted, const ChangeSet& changes)
{
  for (auto table = changes.inserted.rbegin(); table != changes.inserted.rend(); ++table) {
    const auto& key_columns = changes.key_columns.at(table->table);
    std::vector<std::size_t> indexes;
    Json types = Json::array();
    for (const auto& column : key_columns) {
      const auto index = static_cast<std::size_t>(
        std::find(table->columns.begin(), table->columns.end(), column) - table->columns.begin());
      indexes.push_back(index);
      types.push_back(table->types[index]);
    }
    Json keys = Json::array();
    Json hashes = Json::array();
    for (const auto& row : table->rows) {
      std::vector<std::optional<std::string>> key;
      for (const auto index : indexes) {
        key.push_back(row[index]);
      }
      keys.push_back(values_json(key));
      hashes.push_back(row_sha256(row));
    }
    inserted.push_back(Json{{"table", table->table},
                            {"key_columns", key_columns},
                            {"key_types", types},
                            {"keys", keys},
                            {"columns", table->columns},
                            {"row_sha256", hashes}});
  }
}

void
append_updated(Json& updated, const std::vector<RowUpdate>& updates)
{
  for (const auto& update : updates) {
    updated.push_back(Json{{"table", update.table},
                           {"key_columns", update.key_columns},
                           {"key_types", update.key_types},
                           {"key", values_json(update.key)},
                           {"column", update.column},
                           {"type", update.type},
                           {"old_value", update.old_value ? Json(*update.old_value) : Json(nullptr)},
                           {"new_value", update.new_value ? Json(*update.new_value) : Json(nullptr)}});
  }
}

// What undo does about the changes of a repair's steps, taken back newest step first: the
// rows each removed go back parents first, the rows each inserted go children first, the
// columns each set get their old values; the sequences each moved stay where they are.
struct UndoParts
{
  std::vector<db::CapturedTable> removed;
  Json inserted = Json::array();
  Json updated = Json::array();
  Json sequences = Json::array();

  // Called for the newest step first.
  void add(const ChangeSet& changes)
  {
    removed.insert(removed.end(), changes.removed.begin(), changes.removed.end());
    append_inserted(inserted, changes);
    append_updated(updated, changes.updates);
    for (const auto& move : changes.sequences) {
      sequences.push_back(move.sequence);
    }
  }
};

} // namespace

std::string
make_undo_document(const DropPlan& plan, const RepairStamp& stamp)
{
  UndoParts parts;
  parts.add(plan.changes);
  auto document =
    document_head("drop", stamp, plan.database, plan.schema, plan.generation, plan.rows_hash, plan.oids());
  document["tables"] = tables_json(parts.removed);
  // Columns the drop set on rows it kept (a sink's target table, up to v2.6); absent when none,
  // as in the files of earlier builds.
  if (!parts.updated.empty()) {
    document["updated"] = parts.updated;
  }
  document["state"] = hummock::job_states_json(plan.state);
  return seal(document);
}

std::string
make_restore_undo_document(const RestorePlan& plan, const RepairStamp& stamp)
{
  UndoParts parts;
  parts.add(plan.changes);
  auto document =
    document_head("restore", stamp, plan.database, plan.schema, plan.generation, plan.rows_hash, plan.request.jobs);
  document["inserted"] = parts.inserted;
  document["updated"] = parts.updated;
  document["neighbour_jobs"] = plan.neighbour_jobs;
  document["state"] = hummock::job_states_json(plan.state);
  return seal(document);
}

std::string
make_all_undo_document(const AllPlan& plan, const RepairStamp& stamp)
{
  UndoParts parts;
  std::set<int> neighbours;
  for (auto step = plan.steps.rbegin(); step != plan.steps.rend(); ++step) {
    parts.add(step->changes());
    if (step->restore) {
      neighbours.insert(step->restore->neighbour_jobs.begin(), step->restore->neighbour_jobs.end());
    }
  }
  auto document =
    document_head("all", stamp, plan.database, plan.schema, plan.generation, plan.rows_hash, plan.repaired());
  document["tables"] = tables_json(parts.removed);
  document["inserted"] = parts.inserted;
  document["updated"] = parts.updated;
  document["neighbour_jobs"] = std::vector<int>(neighbours.begin(), neighbours.end());
  // Each step with its own parts too, so that `undo --incident N` can take it back alone.
  Json steps = Json::array();
  for (const auto& step : plan.steps) {
    UndoParts own;
    own.add(step.changes());
    steps.push_back(Json{{"incident", step.incident.id},
                         {"repair", std::string(to_string(step.kind))},
                         {"title", step.incident.title},
                         {"rows_hash", step.rows_hash()},
                         {"objects", step.repaired()},
                         {"neighbour_jobs", step.restore ? step.restore->neighbour_jobs : std::vector<int>{}},
                         {"tables", tables_json(own.removed)},
                         {"inserted", own.inserted},
                         {"updated", own.updated}});
  }
  document["steps"] = steps;
  document["state"] = hummock::job_states_json(plan.state());
  // Moved forward with setval, which no transaction takes back: undo leaves them (a sequence
  // ahead of its table is harmless) and says so.
  document["sequences"] = parts.sequences;
  return seal(document);
}

namespace {

void
read_updated(const Json& updated, UndoData& data)
{
  for (const auto& update : updated) {
    RowUpdate change;
    change.table = update.at("table").get<std::string>();
    change.key_columns = update.at("key_columns").get<std::vector<std::string>>();
    change.key_types = update.at("key_types").get<std::vector<std::string>>();
    change.key = values_from(update.at("key"));
    change.column = update.at("column").get<std::string>();
    change.type = update.at("type").get<std::string>();
    change.old_value = value_from(update.at("old_value"));
    if (data.format_version >= 2) {
      change.new_value = value_from(update.at("new_value"));
    }
    data.updated.push_back(std::move(change));
  }
}

void
read_restore_part(const Json& document, const std::string& path, UndoData& data)
{
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
    if (data.format_version >= 2) {
      rows.columns = table.at("columns").get<std::vector<std::string>>();
      rows.row_hashes = table.at("row_sha256").get<std::vector<std::string>>();
      if (rows.row_hashes.size() != rows.keys.size()) {
        throw RefusedError(fmt::format("'{}' has {} keys of {} but {} row checksums", path, rows.keys.size(),
                                       rows.table, rows.row_hashes.size()));
      }
    }
    data.inserted.push_back(std::move(rows));
  }
  read_updated(document.at("updated"), data);
  if (data.format_version >= 2) {
    data.neighbour_jobs = document.at("neighbour_jobs").get<std::vector<int>>();
  }
}

void
read_drop_part(const Json& document, const std::string& path, UndoData& data)
{
  for (const auto& table : document.at("tables")) {
    db::CapturedTable captured;
    captured.table = table.at("table").get<std::string>();
    captured.columns = table.at("columns").get<std::vector<std::string>>();
    captured.types = table.at("types").get<std::vector<std::string>>();
    for (const auto& row : table.at("rows")) {
      captured.rows.push_back(values_from(row));
      if (captured.rows.back().size() != captured.columns.size()) {
        throw RefusedError(fmt::format("'{}' has a row of {} with the wrong number of values", path, captured.table));
      }
    }
    if (captured.types.size() != captured.columns.size()) {
      throw RefusedError(fmt::format("'{}' describes table {} inconsistently", path, captured.table));
    }
    data.tables.push_back(std::move(captured));
  }
}

// The steps of a `repair all` file; a step's own parts where the file keeps them.
void
read_steps(const Json& steps, const std::string& path, UndoData& data)
{
  for (const auto& entry : steps) {
    UndoStep step;
    step.incident = entry.at("incident").get<int>();
    step.repair = entry.at("repair").get<std::string>();
    step.title = entry.at("title").get<std::string>();
    step.has_parts = entry.contains("tables");
    if (step.has_parts) {
      UndoData part;
      part.format_version = data.format_version;
      read_drop_part(entry, path, part);
      read_restore_part(entry, path, part);
      step.oids = entry.at("objects").get<std::vector<int>>();
      step.neighbour_jobs = std::move(part.neighbour_jobs);
      step.tables = std::move(part.tables);
      step.inserted = std::move(part.inserted);
      step.updated = std::move(part.updated);
    }
    data.steps.push_back(std::move(step));
  }
}

} // namespace

UndoData
undo_of_incidents(const UndoData& whole, std::vector<int> incidents)
{
  if (whole.action != "all") {
    throw UsageError(fmt::format("--incident takes back one step of a repair all; this file undoes a {}", whole.action),
                     "Leave out --incident: the file is taken back whole.");
  }
  std::sort(incidents.begin(), incidents.end());
  incidents.erase(std::unique(incidents.begin(), incidents.end()), incidents.end());
  std::vector<int> known;
  for (const auto& step : whole.steps) {
    known.push_back(step.incident);
  }
  std::sort(known.begin(), known.end());
  for (const int incident : incidents) {
    if (std::find(known.begin(), known.end(), incident) == known.end()) {
      throw UsageError(fmt::format("incident {} has no step in this undo file (its steps: incident{} {})", incident,
                                   known.size() == 1 ? "" : "s", fmt::join(known, ", ")),
                       "Give --incident with the number of a step the repair ran, as its plan listed it.");
    }
  }
  UndoData part = whole;
  part.tables.clear();
  part.inserted.clear();
  part.updated.clear();
  part.oids.clear();
  part.neighbour_jobs.clear();
  part.sequences.clear();
  part.only_incidents = incidents;
  // Newest step first, as the whole file takes them back.
  for (auto step = whole.steps.rbegin(); step != whole.steps.rend(); ++step) {
    if (!std::binary_search(incidents.begin(), incidents.end(), step->incident)) {
      continue;
    }
    if (!step->has_parts) {
      throw RefusedError(fmt::format("this undo file was written before steps kept their own rows, so incident {}'s "
                                     "step cannot be taken back alone",
                                     step->incident),
                         "Take the repair back whole (leave out --incident), or not at all.");
    }
    part.tables.insert(part.tables.end(), step->tables.begin(), step->tables.end());
    part.inserted.insert(part.inserted.end(), step->inserted.begin(), step->inserted.end());
    part.updated.insert(part.updated.end(), step->updated.begin(), step->updated.end());
    part.oids.insert(part.oids.end(), step->oids.begin(), step->oids.end());
    part.neighbour_jobs.insert(part.neighbour_jobs.end(), step->neighbour_jobs.begin(), step->neighbour_jobs.end());
  }
  return part;
}

std::string
undone_step_marker_path(const std::string& path, int incident)
{
  return fmt::format("{}.undone-incident-{}", path, incident);
}

std::string
undoes_steps(const std::string& repair_id, const std::vector<int>& incidents)
{
  return fmt::format("{}#{}", repair_id, fmt::join(incidents, ","));
}

UndoData
read_undo_document(const std::string& text, const std::string& path)
{
  const auto document = unseal(text, "rwdoctor-undo", path, k_undo_format_version);
  UndoData data;
  try {
    data.format_version = document.at("format_version").get<int>();
    data.action = document.at("action").get<std::string>();
    const auto& store = document.at("meta_store");
    data.database = store.at("database").get<std::string>();
    data.schema = store.at("schema").get<std::string>();
    data.generation = store.at("generation").get<std::string>();
    data.plan_hash = document.at("plan_hash").get<std::string>();
    data.oids = document.at("objects").get<std::vector<int>>();
    data.created_at = document.value("created_at", "");
    if (data.format_version >= 2) {
      data.repair_id = document.at("repair_id").get<std::string>();
      data.audited = document.at("audited").get<bool>();
      db::ServerIdentity server;
      server.system_identifier = value_from(store.at("system_identifier"));
      server.host = store.at("host").get<std::string>();
      server.port = store.at("port").get<std::string>();
      data.server = server;
    }
    if (data.action == "restore") {
      read_restore_part(document, path, data);
    } else if (data.action == "drop") {
      read_drop_part(document, path, data);
      if (document.contains("updated")) {
        read_updated(document.at("updated"), data);
      }
    } else if (data.action == "all" && data.format_version >= 2) {
      read_drop_part(document, path, data);
      read_restore_part(document, path, data);
      data.sequences = document.at("sequences").get<std::vector<std::string>>();
      read_steps(document.at("steps"), path, data);
    } else {
      throw RefusedError(fmt::format("'{}' undoes action '{}', which this rwdoctor does not know", path, data.action));
    }
  } catch (const Json::exception& error) {
    throw RefusedError(fmt::format("'{}' lacks a field of an undo file: {}", path, error.what()),
                       "Use the undo file exactly as rwdoctor wrote it.");
  }
  return data;
}

} // namespace rwdoctor::repair
