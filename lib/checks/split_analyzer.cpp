// split-duplicated (N5): a source split must be read by one actor of its fragment. Up to v2.6
// the assignment is per actor (actor.splits) and RisingWave's graph check fails recovery when
// two actors of a fragment hold the same split id (controller/scale.rs, graph_check); from
// v2.7 it is one list per fragment (fragment_splits.splits), which the scale code collects
// into a map by split id, so a repeated entry silently loses one of the two offsets.
//
// A value is a ConnectorSplits (field 1: repeated ConnectorSplit {1: split_type, 2:
// encoded_split}); encoded_split is one version byte 1 and the split as JSON text
// (JsonbVal::value_serialize). The split id is the connector's SplitMetaData::id().
#include "checks/analyzers.hpp"
#include "checks/row_reader.hpp"
#include "util/text.hpp"

#include <fmt/format.h>
#include <google/protobuf/unknown_field_set.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <climits>
#include <map>
#include <memory>
#include <set>

namespace rwdoctor::checks {

namespace {

using google::protobuf::UnknownField;
using google::protobuf::UnknownFieldSet;

// The JSON fields whose values make up each connector's split id (SplitMetaData::id() of
// src/connector/src/source/*/split.rs), joined with '-' as RisingWave formats them.
const std::map<std::string, std::vector<std::string>, std::less<>>&
id_fields()
{
  static const std::map<std::string, std::vector<std::string>, std::less<>> fields = {
    {"kafka", {"partition"}},
    {"kinesis", {"shard_id"}},
    {"pulsar", {"topic"}},
    {"nats", {"split_id"}},
    {"mqtt", {"topic"}},
    {"google_pubsub", {"subscription", "index"}},
    {"datagen", {"split_num", "split_index"}},
    {"nexmark", {"split_num", "split_index"}},
    {"s3", {"name"}},
    {"s3_v2", {"name"}},
    {"gcs", {"name"}},
    {"azblob", {"name"}},
    {"posix_fs", {"name"}},
    {"iceberg", {"split_id"}},
  };
  return fields;
}

std::string
json_text(const nlohmann::json& value)
{
  return value.is_string() ? value.get<std::string>() : value.dump();
}

// CDC splits nest their CdcSplitBase ({"mysql_split": {"inner": {"split_id": 1, ...}}}).
const nlohmann::json*
find_split_id(const nlohmann::json& value)
{
  if (!value.is_object()) {
    return nullptr;
  }
  if (const auto found = value.find("split_id"); found != value.end()) {
    return &*found;
  }
  for (const auto& member : value) {
    if (const auto* nested = find_split_id(member)) {
      return nested;
    }
  }
  return nullptr;
}

std::optional<std::string>
split_id(const std::string& connector, std::string_view encoded)
{
  if (encoded.empty() || encoded.front() != '\x01') {
    return std::nullopt;
  }
  const auto json = nlohmann::json::parse(encoded.begin() + 1, encoded.end(), nullptr, false);
  if (json.is_discarded() || !json.is_object()) {
    return std::nullopt;
  }
  if (util::ends_with(connector, "-cdc")) {
    const auto* id = find_split_id(json);
    return id == nullptr ? std::nullopt : std::optional<std::string>(json_text(*id));
  }
  const auto rule = id_fields().find(connector);
  if (rule == id_fields().end()) {
    return std::nullopt;
  }
  std::string id;
  for (const auto& field : rule->second) {
    const auto found = json.find(field);
    if (found == json.end()) {
      return std::nullopt;
    }
    id += (id.empty() ? "" : "-") + json_text(*found);
  }
  return id;
}

bool
parse(const std::string& bytes, UnknownFieldSet& fields)
{
  return bytes.size() <= static_cast<std::size_t>(INT_MAX) &&
         fields.ParseFromArray(bytes.data(), static_cast<int>(bytes.size()));
}

// Where one split id was found: the actor (or 0 for a fragment's own list) per occurrence.
using Holders = std::map<std::string, std::vector<int>>; // "id (connector)" -> holders

std::string
describe(const Holders& holders, bool per_actor)
{
  std::vector<std::string> parts;
  for (const auto& [split, actors] : holders) {
    if (actors.size() < 2) {
      continue;
    }
    if (per_actor) {
      std::set<int> distinct(actors.begin(), actors.end());
      const auto list = fmt::format("{}", fmt::join(distinct, ", "));
      parts.push_back(distinct.size() == 1
                        ? fmt::format("split {} {} times in actor {}", split, actors.size(), list)
                        : fmt::format("split {} in actors {}", split, list));
    } else {
      parts.push_back(fmt::format("split {} {} times", split, actors.size()));
    }
  }
  return fmt::format("{}", fmt::join(parts, "; "));
}

} // namespace

std::vector<ConnectorSplit>
decode_connector_splits(std::string_view bytes)
{
  std::vector<ConnectorSplit> splits;
  UnknownFieldSet root;
  if (!parse(std::string(bytes), root)) {
    return splits;
  }
  for (int i = 0; i < root.field_count(); ++i) {
    const auto& field = root.field(i);
    if (field.number() != 1 || field.type() != UnknownField::TYPE_LENGTH_DELIMITED) {
      continue;
    }
    UnknownFieldSet member;
    if (!parse(field.length_delimited(), member)) {
      continue;
    }
    ConnectorSplit split;
    std::string encoded;
    for (int j = 0; j < member.field_count(); ++j) {
      const auto& part = member.field(j);
      if (part.type() != UnknownField::TYPE_LENGTH_DELIMITED) {
        continue;
      }
      if (part.number() == 1) {
        split.connector = part.length_delimited();
      } else if (part.number() == 2) {
        encoded = part.length_delimited();
      }
    }
    std::transform(split.connector.begin(), split.connector.end(), split.connector.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    split.id = split_id(split.connector, encoded);
    splits.push_back(std::move(split));
  }
  return splits;
}

namespace {

// The key an entry is compared by ("connector/id"), nullopt when rwdoctor cannot tell its id.
std::optional<std::string>
split_key(const ConnectorSplit& split)
{
  return split.id ? std::optional<std::string>(split.connector + "/" + *split.id) : std::nullopt;
}

// `bytes` with the entries whose index (in decode_connector_splits' order: one per well-formed
// field 1) `keep` says false for left out, every other field kept byte for byte in its place.
std::string
connector_splits_keeping(const UnknownFieldSet& root, const std::vector<bool>& keep)
{
  UnknownFieldSet kept;
  std::size_t entry = 0;
  for (int i = 0; i < root.field_count(); ++i) {
    const auto& field = root.field(i);
    UnknownFieldSet member;
    const bool is_entry = field.number() == 1 && field.type() == UnknownField::TYPE_LENGTH_DELIMITED
                          && parse(field.length_delimited(), member);
    if (is_entry && !keep.at(entry++)) {
      continue;
    }
    kept.AddField(field);
  }
  std::string out;
  kept.SerializeToString(&out);
  return out;
}

} // namespace

std::optional<std::string>
deduplicated_connector_splits(std::string_view bytes)
{
  UnknownFieldSet root;
  if (!parse(std::string(bytes), root)) {
    return std::nullopt;
  }
  const auto splits = decode_connector_splits(bytes);
  std::map<std::string, std::size_t> last; // key -> index of its last entry
  for (std::size_t i = 0; i < splits.size(); ++i) {
    if (const auto key = split_key(splits[i])) {
      last[*key] = i;
    }
  }
  std::vector<bool> keep(splits.size(), true);
  bool dropped = false;
  for (std::size_t i = 0; i < splits.size(); ++i) {
    const auto key = split_key(splits[i]);
    if (key && last.at(*key) != i) {
      keep[i] = false;
      dropped = true;
    }
  }
  if (!dropped) {
    return std::nullopt;
  }
  return connector_splits_keeping(root, keep);
}

std::map<int, std::string>
actor_splits_without_repeats(const std::vector<std::pair<int, std::string>>& actors)
{
  std::map<int, std::string> repaired;
  std::set<std::string> held;
  for (const auto& [actor, bytes] : actors) {
    UnknownFieldSet root;
    if (!parse(bytes, root)) {
      continue; // blob-malformed's finding; its entries are not compared either
    }
    const auto splits = decode_connector_splits(bytes);
    std::vector<bool> keep(splits.size(), true);
    bool dropped = false;
    for (std::size_t i = 0; i < splits.size(); ++i) {
      const auto key = split_key(splits[i]);
      if (key && !held.insert(*key).second) {
        keep[i] = false;
        dropped = true;
      }
    }
    if (dropped) {
      repaired.emplace(actor, connector_splits_keeping(root, keep));
    }
  }
  return repaired;
}

namespace {

// The split rows a block at a time (see StreamingAnalyzer), in the query's order (fragment_id,
// then actor_id): a fragment's rows may span two blocks, so its holders are kept until the
// next fragment's first row or the end.
class SplitJudge final : public StreamingAnalyzer
{
public:
  void
  take(const db::Rows& rows) override
  {
    const RowReader reader(rows);
    const int job_column = reader.column("job_id");
    const int fragment_column = reader.column("fragment_id");
    const int actor_column = reader.column("actor_id");
    const int splits_column = reader.column("splits");
    for (std::size_t row = 0; row < reader.size(); ++row) {
      const auto row_fragment = reader.integer(row, fragment_column);
      if (row_fragment != m_fragment) {
        finish_fragment();
        m_fragment = row_fragment;
        m_job = reader.integer(row, job_column);
      }
      const auto actor = reader.integer(row, actor_column);
      m_per_actor = actor.has_value();
      const auto value = reader.text(row, splits_column);
      if (!value || !util::decode_bytea_hex(*value, m_bytes)) {
        continue;
      }
      for (const auto& split : decode_connector_splits(m_bytes)) {
        if (split.id) {
          m_holders[fmt::format("{} ({})", *split.id, split.connector)].push_back(actor.value_or(0));
        }
      }
      m_list_in_bytes = !actor; // a fragment's own list is its one row: m_bytes until the next row
      if (actor) {
        m_actor_lists.emplace_back(*actor, m_bytes); // a fragment's actors' lists, for its repair
      }
    }
  }

  std::vector<RawFinding>
  finish() override
  {
    finish_fragment();
    return std::move(m_findings);
  }

private:
  void
  finish_fragment()
  {
    if (m_fragment) {
      const auto duplicates = describe(m_holders, m_per_actor);
      if (!duplicates.empty()) {
        RawFinding finding;
        finding.object_id = m_job;
        finding.job_id = m_job;
        finding.fragment_id = m_fragment;
        finding.message = fmt::format("{} fragment {} of job {}: {}",
                                      m_per_actor ? "the actors of source" : "fragment_splits of source", *m_fragment,
                                      m_job ? std::to_string(*m_job) : "?", duplicates);
        // A fragment's own list (v2.7+): the data determines the repair, the list RisingWave's
        // render would make of it (repair fix rewrites the row, with undo).
        // Computed only here, for a list with a repeat: every other row is decoded once.
        const auto repaired = m_list_in_bytes ? deduplicated_connector_splits(m_bytes) : std::nullopt;
        if (!m_per_actor && repaired) {
          finding.statement = fmt::format("UPDATE fragment_splits SET splits = '{}' WHERE fragment_id = {};",
                                          util::encode_bytea_hex(*repaired), *m_fragment);
        }
        // Up to v2.6: each split left to the first actor that holds it (repair fix, with undo).
        std::vector<std::string> updates;
        for (const auto& [actor, bytes] : m_per_actor ? actor_splits_without_repeats(m_actor_lists)
                                                      : std::map<int, std::string>()) {
          updates.push_back(fmt::format("UPDATE actor SET splits = '{}' WHERE actor_id = {};",
                                        util::encode_bytea_hex(bytes), actor));
        }
        if (!updates.empty()) {
          finding.statement = fmt::format("{}", fmt::join(updates, " "));
        }
        m_findings.push_back(std::move(finding));
      }
    }
    m_holders.clear();
    m_list_in_bytes = false;
    m_actor_lists.clear();
  }

  std::optional<int> m_fragment;
  std::optional<int> m_job;
  bool m_per_actor = false;
  Holders m_holders;
  bool m_list_in_bytes = false; // m_bytes holds the current fragment's own list (fragment_splits)
  std::vector<std::pair<int, std::string>> m_actor_lists; // up to v2.6: the fragment's actors' lists
  std::string m_bytes;
  std::vector<RawFinding> m_findings;
};

} // namespace

std::unique_ptr<StreamingAnalyzer>
split_judge()
{
  return std::make_unique<SplitJudge>();
}

std::vector<RawFinding>
analyze_split_duplicates(const db::Rows& rows)
{
  return split_judge()->judge_whole(rows);
}

} // namespace rwdoctor::checks
