#include "hummock/state_grades.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <ctime>
#include <limits>

namespace rwdoctor::hummock {

namespace {

// RisingWave's epoch starts at 2021-04-01 00:00:00 UTC (UNIX_RISINGWAVE_DATE_EPOCH,
// src/common/src/util/epoch.rs); the physical part is the epoch's bits above the low 16.
constexpr std::int64_t k_risingwave_epoch_unix_ms = 1617235200000;

std::string
table_list(const std::vector<std::uint32_t>& ids)
{
  constexpr std::size_t shown = 8;
  std::string text;
  for (std::size_t i = 0; i < ids.size() && i < shown; ++i) {
    text += fmt::format("{}{}", i == 0 ? "" : ", ", ids[i]);
  }
  if (ids.size() > shown) {
    text += fmt::format(" and {} more", ids.size() - shown);
  }
  return text;
}

std::vector<std::uint32_t>
tables_graded(const StateSummary& summary, Grade grade)
{
  std::vector<std::uint32_t> ids;
  for (const auto& table : summary.tables) {
    if (table.grade == grade) {
      ids.push_back(table.table_id);
    }
  }
  return ids;
}

const TableState*
first_graded(const StateSummary& summary, Grade grade)
{
  const auto found = std::find_if(summary.tables.begin(), summary.tables.end(),
                                  [grade](const TableState& table) { return table.grade == grade; });
  return found == summary.tables.end() ? nullptr : &*found;
}

std::string
stakes(const StateSummary& summary)
{
  if (!summary.keys) {
    return "no entry in hummock_version_stats";
  }
  return fmt::format("{} key versions, {}", human_count(*summary.keys), human_bytes(summary.bytes.value_or(0)));
}

std::string
duration_text(std::uint64_t behind_ms)
{
  if (behind_ms < 1000) {
    return fmt::format("{} ms", behind_ms);
  }
  if (behind_ms < 120000) {
    return fmt::format("{} s", behind_ms / 1000);
  }
  if (behind_ms < 7200000) {
    return fmt::format("{} min", behind_ms / 60000);
  }
  return fmt::format("{} h", behind_ms / 3600000);
}

} // namespace

std::string_view
grade_name(Grade grade)
{
  switch (grade) {
  case Grade::removed:
    return "removed";
  case Grade::absent:
    return "absent";
  case Grade::lagging:
    return "lagging";
  case Grade::unknown:
    return "unknown";
  case Grade::present:
    return "present";
  }
  return "unknown";
}

bool
blocks_restore(Grade grade)
{
  return grade == Grade::removed || grade == Grade::absent || grade == Grade::lagging;
}

bool
state_gone(Grade grade)
{
  return grade == Grade::removed || grade == Grade::absent;
}

Reconstruction
reconstruct(const HummockEvidence& evidence)
{
  Reconstruction rebuilt;
  // A hummock_version_delta row is the delta itself; a time-travel delta is its copy, kept for
  // versions whose row a checkpoint has since vacuumed.
  std::map<std::uint64_t, const VersionDelta*> by_id;
  for (const auto& delta : evidence.time_travel) {
    by_id[delta.id] = &delta;
  }
  for (const auto& delta : evidence.deltas) {
    by_id[delta.id] = &delta;
  }
  // Removals are exact whenever their delta survives, before the snapshot too: ids are never reused.
  for (const auto& [id, delta] : by_id) {
    rebuilt.newest = std::max(rebuilt.newest, id);
    for (const auto table : delta->removed_table_ids) {
      rebuilt.removed_in.emplace(table, id);
    }
  }
  if (!evidence.snapshot) {
    return rebuilt;
  }
  const auto& snapshot = *evidence.snapshot;
  rebuilt.base = snapshot.id;
  rebuilt.newest = std::max(rebuilt.newest, snapshot.id);
  for (const auto& [table, info] : snapshot.tables) {
    rebuilt.registered[table] = Reconstruction::Entry{info, snapshot.id};
  }
  std::uint64_t expected = snapshot.id + 1;
  for (auto it = by_id.upper_bound(snapshot.id); it != by_id.end(); ++it) {
    const auto& [id, delta] = *it;
    if (id > expected) {
      rebuilt.gaps.emplace_back(expected, id - 1);
    }
    for (const auto& [table, info] : delta->table_infos) {
      rebuilt.registered[table] = Reconstruction::Entry{info, id};
    }
    for (const auto table : delta->removed_table_ids) {
      rebuilt.registered.erase(table);
    }
    expected = id + 1;
  }
  return rebuilt;
}

std::map<int, std::uint64_t>
database_frontiers(const Reconstruction& rebuilt, const std::vector<TableOwner>& owners)
{
  std::map<int, std::uint64_t> frontiers;
  for (const auto& owner : owners) {
    const auto entry = rebuilt.registered.find(owner.table_id);
    if (!owner.job_created || owner.batch_refresh || !owner.database_id || entry == rebuilt.registered.end()) {
      continue;
    }
    auto& frontier = frontiers[*owner.database_id];
    frontier = std::max(frontier, entry->second.info.committed_epoch);
  }
  return frontiers;
}

TableState
grade_table(const TableOwner& owner, const HummockEvidence& evidence, const Reconstruction& rebuilt,
            const std::map<int, std::uint64_t>& frontiers)
{
  TableState state;
  state.table_id = owner.table_id;
  if (const auto stats = evidence.stats.find(owner.table_id); stats != evidence.stats.end()) {
    state.keys = std::max<std::int64_t>(stats->second.keys, 0);
    state.bytes = std::max<std::int64_t>(stats->second.bytes, 0);
  }
  if (const auto removed = rebuilt.removed_in.find(owner.table_id); removed != rebuilt.removed_in.end()) {
    state.grade = Grade::removed;
    state.evidence = fmt::format("removed from Hummock by version delta {}", removed->second);
    return state;
  }
  if (!evidence.readable) {
    state.grade = Grade::unknown;
    state.evidence = "the meta store's Hummock tables could not be read";
    return state;
  }
  if (!rebuilt.base) {
    if (state.keys) {
      state.grade = Grade::present;
      state.evidence = "has an entry in hummock_version_stats (no time-travel snapshot to confirm its registration)";
    } else {
      state.grade = Grade::unknown;
      state.evidence = evidence.deltas.empty() && evidence.stats.empty()
                         ? "the meta store holds no Hummock rows (time travel off, or a store that keeps none)"
                         : "no time-travel snapshot, and no entry in hummock_version_stats";
    }
    return state;
  }
  const auto entry = rebuilt.registered.find(owner.table_id);
  if (entry == rebuilt.registered.end()) {
    const bool later_registered = rebuilt.registered.upper_bound(owner.table_id) != rebuilt.registered.end();
    if (owner.job_created && later_registered && !rebuilt.gaps.empty()) {
      // RisingWave writes a time-travel delta only for versions that touch time-travel tables
      // (src/meta/src/hummock/manager/time_travel.rs:778-782 @ HEAD 448c6570), and vacuums
      // hummock_version_delta rows: a registration in a version without a surviving delta is
      // invisible, so the missing registration proves nothing (fidelity audit D5).
      const auto& gap = rebuilt.gaps.front();
      state.grade = Grade::unknown;
      state.evidence = fmt::format("not registered in time-travel snapshot {} nor in a surviving later delta, but "
                                   "version{} {} ha{} no surviving delta, where its registration may be",
                                   *rebuilt.base, gap.first == gap.second ? "" : "s",
                                   gap.first == gap.second ? std::to_string(gap.first)
                                                           : fmt::format("{}-{}", gap.first, gap.second),
                                   gap.first == gap.second ? "s" : "ve");
      return state;
    }
    if (owner.job_created && later_registered) {
      state.grade = Grade::absent;
      state.evidence = fmt::format("not registered in time-travel snapshot {} nor in any later delta up to version {}, "
                                   "while table {}, created after it, is",
                                   *rebuilt.base, rebuilt.newest, rebuilt.registered.upper_bound(owner.table_id)->first);
    } else {
      state.grade = Grade::unknown;
      state.evidence = fmt::format("not registered in time-travel snapshot {} nor in a later delta, but {}", *rebuilt.base,
                                   owner.job_created ? "no table created after it is either"
                                                     : "its job is not CREATED, so it may never have been");
    }
    return state;
  }
  const auto& info = entry->second.info;
  const auto frontier = owner.database_id ? frontiers.find(*owner.database_id) : frontiers.end();
  if (owner.job_created && !owner.batch_refresh && frontier != frontiers.end()
      && info.committed_epoch < frontier->second) {
    state.grade = Grade::lagging;
    state.evidence = fmt::format("registered at {} (version {}), {} behind database {} ({})",
                                 epoch_time(info.committed_epoch), entry->second.version,
                                 duration_text((frontier->second >> 16) - (info.committed_epoch >> 16)),
                                 *owner.database_id, epoch_time(frontier->second));
    return state;
  }
  state.grade = Grade::present;
  state.evidence = fmt::format("registered, committed {} (version {})", epoch_time(info.committed_epoch),
                               entry->second.version);
  return state;
}

StateSummary
summarize(std::vector<TableState> tables, std::uint64_t newest_version)
{
  StateSummary summary;
  summary.newest_version = newest_version;
  std::sort(tables.begin(), tables.end(),
            [](const TableState& a, const TableState& b) { return a.table_id < b.table_id; });
  tables.erase(std::unique(tables.begin(), tables.end(),
                           [](const TableState& a, const TableState& b) { return a.table_id == b.table_id; }),
               tables.end());
  if (!tables.empty()) {
    summary.grade = Grade::present;
  }
  for (const auto& table : tables) {
    summary.grade = std::min(summary.grade, table.grade);
    if (table.keys) {
      summary.keys = saturating_add(summary.keys.value_or(0), *table.keys);
      summary.bytes = saturating_add(summary.bytes.value_or(0), table.bytes.value_or(0));
    }
  }
  summary.tables = std::move(tables);
  return summary;
}

std::int64_t
saturating_add(std::int64_t a, std::int64_t b)
{
  std::int64_t sum = 0;
  if (__builtin_add_overflow(a, b, &sum)) {
    return b > 0 ? std::numeric_limits<std::int64_t>::max() : std::numeric_limits<std::int64_t>::min();
  }
  return sum;
}

std::string
epoch_time(std::uint64_t epoch)
{
  const auto unix_ms = k_risingwave_epoch_unix_ms + static_cast<std::int64_t>(epoch >> 16);
  const std::time_t seconds = static_cast<std::time_t>(unix_ms / 1000);
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%d %H:%M:%S", &utc);
  return fmt::format("{} UTC", text);
}

std::string
human_count(std::int64_t count)
{
  if (count < 1000) {
    return std::to_string(count);
  }
  if (count < 1000000) {
    return fmt::format("{:.1f} K", static_cast<double>(count) / 1e3);
  }
  if (count < 1000000000) {
    return fmt::format("{:.1f} M", static_cast<double>(count) / 1e6);
  }
  return fmt::format("{:.1f} G", static_cast<double>(count) / 1e9);
}

std::string
human_bytes(std::int64_t bytes)
{
  constexpr double kib = 1024.0;
  const auto value = static_cast<double>(bytes);
  if (bytes < 1024) {
    return fmt::format("{} B", bytes);
  }
  if (value < kib * kib) {
    return fmt::format("{:.1f} KiB", value / kib);
  }
  if (value < kib * kib * kib) {
    return fmt::format("{:.1f} MiB", value / (kib * kib));
  }
  return fmt::format("{:.1f} GiB", value / (kib * kib * kib));
}

std::string
state_line(const StateSummary& summary)
{
  if (summary.tables.empty()) {
    return "";
  }
  std::vector<std::uint32_t> all;
  for (const auto& table : summary.tables) {
    all.push_back(table.table_id);
  }
  const auto worst = tables_graded(summary, summary.grade);
  const auto* example = first_graded(summary, summary.grade);
  switch (summary.grade) {
  case Grade::removed:
  case Grade::absent:
    return fmt::format("state: table{} {} {}: a restore brings back a job that every recovery rejects", worst.size() == 1 ? "" : "s",
                       table_list(worst), example->evidence);
  case Grade::lagging:
    return fmt::format("state: table{} {} {}: a restore makes the meta node abort", worst.size() == 1 ? "" : "s",
                       table_list(worst), example->evidence);
  case Grade::unknown:
    return fmt::format("state: {} table{} ({}), {}; Hummock registration unknown: {}", all.size(),
                       all.size() == 1 ? "" : "s", table_list(all), stakes(summary), example->evidence);
  case Grade::present:
    break;
  }
  return fmt::format("state: {} table{} ({}) present in Hummock, {}{}", all.size(), all.size() == 1 ? "" : "s",
                     table_list(all), stakes(summary),
                     summary.newest_version != 0 ? fmt::format(" (newest version {})", summary.newest_version) : "");
}

std::string
drop_note(int job, const StateSummary& summary)
{
  if (summary.tables.empty()) {
    return "";
  }
  std::vector<std::uint32_t> all;
  for (const auto& table : summary.tables) {
    all.push_back(table.table_id);
  }
  if (summary.grade == Grade::removed || summary.grade == Grade::absent) {
    const auto* example = first_graded(summary, summary.grade);
    return fmt::format("job {}'s state is already gone from Hummock (table {} {}): the drop loses nothing more",
                       job, example->table_id, example->evidence);
  }
  return fmt::format("job {}'s state in Hummock ({} table{}: {}; {}; Hummock registration {}): the drop discards it, "
                     "and the next global recovery of the meta node unregisters the tables",
                     job, all.size(), all.size() == 1 ? "" : "s", table_list(all), stakes(summary),
                     grade_name(summary.grade));
}

std::optional<std::string>
restore_refusal(int job, const StateSummary& summary)
{
  if (!blocks_restore(summary.grade)) {
    return std::nullopt;
  }
  const auto* example = first_graded(summary, summary.grade);
  const auto consequence = summary.grade == Grade::lagging
                             ? "the meta node would abort at its next start (assert_eq! in resolve_jobs_committed_epoch, "
                               "src/meta/src/barrier/rpc.rs)"
                             : "every recovery would fail on it (from v2.2 rejected: \"state table is not registered "
                               "to hummock\", src/meta/src/barrier/mod.rs; v2.1 panics in recovery, v2.0 at the first "
                               "commit)";
  return fmt::format("job {}'s state is {} in Hummock (table {} {}): restored, {}; only a RisingWave meta backup "
                     "taken before the purge (risectl meta backup-meta), restored for the whole cluster, brings the "
                     "data back, otherwise drop the job and recreate it",
                     job, grade_name(summary.grade), example->table_id, example->evidence, consequence);
}

} // namespace rwdoctor::hummock
