#include "checks/stream_node_catalog_rules.hpp"

#include "core/error.hpp"
#include "util/text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <set>

namespace rwdoctor::checks {

namespace {

bool
contains(const std::vector<int>& sorted, int id)
{
  return std::binary_search(sorted.begin(), sorted.end(), id);
}

const std::pair<int, int>*
find_table(const CatalogIds& catalog, int id)
{
  const auto found = std::lower_bound(catalog.tables.begin(), catalog.tables.end(), std::make_pair(id, 0),
                                      [](const auto& a, const auto& b) { return a.first < b.first; });
  return found != catalog.tables.end() && found->first == id ? &*found : nullptr;
}

// A StreamScan reads an existing table, and (CREATED jobs) merges from that table's fragment.
void
judge_scans(const StreamNodeDigest& digest, const FragmentFacts& fragment, const CatalogIds& catalog,
            std::vector<PlanProblem>& problems)
{
  std::set<int> reported;
  for (const auto& scan : digest.scans) {
    if (scan.table_id == 0 || !reported.insert(scan.table_id).second) {
      continue;
    }
    const auto* table = find_table(catalog, scan.table_id);
    if (table == nullptr && contains(catalog.rowless, scan.table_id)) {
      continue; // the upstream job's own damage (its table row went with its fragments)
    }
    if (table == nullptr) {
      problems.push_back({Severity::error, Consequence::recovery_error,
                          fmt::format("its StreamScan reads table {}, which no longer exists", scan.table_id)});
    } else if (fragment.created && scan.upstream_fragment_id != 0 && table->second != 0
               && scan.upstream_fragment_id != table->second) {
      problems.push_back({Severity::error, Consequence::silent,
                          fmt::format("its StreamScan reads table {} but merges from fragment {}, not from table {}'s "
                                      "fragment {}",
                                      scan.table_id, scan.upstream_fragment_id, scan.table_id, table->second)});
    }
  }
}

} // namespace

int
parse_listed_id(std::string_view text, std::string_view what)
{
  int id = 0;
  if (!util::parse_int32(text, id)) {
    throw OperationalError(fmt::format("stream-node-mismatch: '{}' is not {}", text, what),
                           "This is a bug in the check file; report it with the file name.");
  }
  return id;
}

std::vector<std::pair<int, int>>
parse_table_fragments(std::string_view text)
{
  std::vector<std::pair<int, int>> tables;
  util::for_each_part(text, ',', [&](std::string_view entry) {
    const auto colon = entry.find(':');
    const auto fragment = colon == std::string_view::npos ? std::string_view() : entry.substr(colon + 1);
    tables.emplace_back(parse_listed_id(entry.substr(0, colon), "a table id"),
                        fragment.empty() ? 0 : parse_listed_id(fragment, "a fragment id"));
  });
  std::sort(tables.begin(), tables.end());
  return tables;
}

std::optional<std::vector<int>>
parse_state_tables(std::string_view text)
{
  std::vector<int> ids;
  bool parsed = true;
  util::for_each_part(text, ',', [&](std::string_view part) {
    int id = 0;
    parsed = parsed && util::parse_int32(part, id);
    ids.push_back(id);
  });
  if (!parsed) {
    return std::nullopt;
  }
  std::sort(ids.begin(), ids.end());
  return ids;
}

void
judge_named_objects(const StreamNodeDigest& digest, const FragmentFacts& fragment, const CatalogIds& catalog,
                    std::vector<PlanProblem>& problems)
{
  // Scans first: of two errors the first sets the consequence, and a failed recovery is the louder.
  judge_scans(digest, fragment, catalog, problems);
  std::set<int> unlisted;
  for (const auto& object : digest.objects) {
    switch (object.kind) {
    case NodeObjectKind::materialized_table:
      if (fragment.created && object.id != fragment.job) {
        problems.push_back(
          {Severity::critical, Consequence::data_loss,
           fmt::format("its Materialize writes table {}, not the job's own table {}", object.id, fragment.job)});
        break;
      }
      [[fallthrough]];
    case NodeObjectKind::state_table:
      // Recovery keeps the state of listed tables only (HummockManager::purge); a table is
      // listed by one fragment, so one its own fragment does not list is listed by none.
      if (fragment.created && fragment.state_tables && !contains(*fragment.state_tables, object.id)
          && unlisted.insert(object.id).second) {
        problems.push_back({Severity::critical, Consequence::data_loss,
                            fmt::format("its plan keeps state table {}, which the fragment's state_table_ids do not "
                                        "list, so recovery purges its state",
                                        object.id)});
      }
      break;
    case NodeObjectKind::source:
    case NodeObjectKind::backfill_source:
      if (object.id == 0) {
        break;
      }
      if (!contains(catalog.sources, object.id) && !contains(catalog.rowless, object.id)) {
        problems.push_back({Severity::error, Consequence::silent,
                            fmt::format("it reads source {}, which no longer exists", object.id)});
      } else if (object.kind == NodeObjectKind::source && fragment.created && fragment.own_source
                 && object.id != *fragment.own_source) {
        problems.push_back(
          {Severity::error, Consequence::silent,
           fmt::format("its Source reads source {}, not the job's own source {}", object.id, *fragment.own_source)});
      }
      break;
    }
  }
}

} // namespace rwdoctor::checks
