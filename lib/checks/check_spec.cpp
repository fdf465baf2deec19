#include "checks/check_spec.hpp"

#include "core/error.hpp"
#include "util/text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <optional>

namespace rwdoctor::checks {

namespace {

[[noreturn]] void
fail(std::string_view path, std::size_t line, std::string_view what)
{
  throw OperationalError(fmt::format("{}:{}: {}", path, line, what),
                         "Fix the check file's header; see ARCHITECTURE.md \"Adding a check\".");
}

// "sql/checks/a-b@tag.sql" -> {"a-b", "tag"}
std::pair<std::string, std::string>
id_and_variant_from_path(std::string_view path)
{
  auto stem = path.substr(path.find_last_of('/') + 1);
  if (util::ends_with(stem, ".sql")) {
    stem.remove_suffix(4);
  }
  const auto at = stem.find('@');
  if (at == std::string_view::npos) {
    return {std::string(stem), ""};
  }
  return {std::string(stem.substr(0, at)), std::string(stem.substr(at + 1))};
}

// "jobs fragments upstream" -> its sets. `jobs` comes first and the others follow, each at
// most once, in the order ScopeSet declares them; the query takes them as $1, $2, ... in the
// order named, so one fixed order keeps every header's numbering easy to read.
std::vector<ScopeSet>
parse_scope_sets(std::string_view path, std::size_t line, std::string_view value)
{
  static const std::vector<std::pair<std::string_view, ScopeSet>> k_names = {
    {"jobs", ScopeSet::jobs}, {"fragments", ScopeSet::fragments}, {"tables", ScopeSet::tables},
    {"upstream", ScopeSet::upstream}, {"children", ScopeSet::children}};
  std::vector<ScopeSet> sets;
  std::size_t next = 0; // k_names[next] is the first name still allowed
  for (const auto& word : util::split_words(value)) {
    auto found = std::find_if(k_names.begin() + static_cast<std::ptrdiff_t>(next), k_names.end(),
                              [&](const auto& name) { return name.first == word; });
    if (found == k_names.end() || (sets.empty() && found->second != ScopeSet::jobs)) {
      fail(path, line,
           fmt::format("unknown scope '{}'; expected 'jobs' and then any of 'fragments tables upstream children', in that order",
                       value));
    }
    sets.push_back(found->second);
    next = static_cast<std::size_t>(found - k_names.begin()) + 1;
  }
  if (sets.empty()) {
    fail(path, line, "empty scope; expected 'jobs'");
  }
  return sets;
}

// What the header has said so far besides the spec's own fields.
struct CheckHeaderProgress
{
  std::string_view path;
  std::size_t line_number = 0; // of the header line read last
  bool in_explain = false;
  bool have_severity = false;
  std::optional<Severity> worst_severity;
  bool have_consequence = false;
};

// Sets the field that holds `key`'s value as it is written; false when `key` is not one of those.
bool
set_check_text_field(CheckSpec& spec, std::string_view key, const std::string& value)
{
  if (key == "id") {
    spec.id = value;
  } else if (key == "title") {
    spec.title = value;
  } else if (key == "invariant") {
    spec.invariant = value;
  } else if (key == "requires") {
    spec.required_relations = util::split_words(value);
  } else if (key == "since") {
    spec.since = value;
  } else if (key == "until") {
    spec.until = value;
  } else if (key == "meta-node") {
    spec.meta_node = value;
  } else {
    return false;
  }
  return true;
}

// Sets the field of `key`, whose value names one of a fixed set (a severity, repairs, a
// kind, scope sets) or begins the explanation. Fails on an unknown key or value.
void
set_check_parsed_field(CheckSpec& spec, CheckHeaderProgress& progress, std::string_view key, const std::string& value)
{
  const auto path = progress.path;
  const auto line_number = progress.line_number;
  if (key == "severity") {
    const auto severity = parse_severity(value);
    if (!severity) {
      fail(path, line_number, fmt::format("unknown severity '{}'", value));
    }
    spec.severity = *severity;
    progress.have_severity = true;
  } else if (key == "worst-severity") {
    progress.worst_severity = parse_severity(value);
    if (!progress.worst_severity) {
      fail(path, line_number, fmt::format("unknown severity '{}'", value));
    }
  } else if (key == "consequence") {
    const auto consequence = parse_consequence(value);
    if (!consequence) {
      fail(path, line_number, fmt::format("unknown consequence '{}'", value));
    }
    spec.consequence = *consequence;
    progress.have_consequence = true;
  } else if (key == "repairs") {
    for (const auto& word : util::split_words(value)) {
      const auto repair = parse_repair(word);
      if (!repair) {
        fail(path, line_number, fmt::format("unknown repair '{}'", word));
      }
      spec.repairs.push_back(*repair);
    }
  } else if (key == "kind") {
    if (value == "query") {
      spec.kind = CheckKind::query;
    } else if (value == "analyzer") {
      spec.kind = CheckKind::analyzer;
    } else {
      fail(path, line_number, fmt::format("unknown kind '{}'", value));
    }
  } else if (key == "scope") {
    spec.scope_sets = parse_scope_sets(path, line_number, value);
    spec.scoped = true;
  } else if (key == "explain") {
    progress.in_explain = true;
    if (!value.empty()) {
      spec.explain = value;
    }
  } else {
    fail(path, line_number, fmt::format("unknown header key '{}'", key));
  }
}

// Reads the header's "-- key: value" lines of `text` into `spec`; returns the offset of the
// first line that is not a comment, where the query begins.
std::size_t
parse_check_header(std::string_view path, std::string_view text, CheckSpec& spec, CheckHeaderProgress& progress)
{
  progress.path = path;
  std::size_t offset = 0;
  while (offset < text.size()) {
    const auto end = text.find('\n', offset);
    const auto line = text.substr(offset, end == std::string_view::npos ? text.size() - offset : end - offset);
    if (!util::starts_with(line, "--")) {
      break;
    }
    ++progress.line_number;
    offset = end == std::string_view::npos ? text.size() : end + 1;
    const auto body = util::trim(line.substr(2));

    const auto colon = body.find(':');
    const auto key = colon == std::string_view::npos ? std::string_view{} : body.substr(0, colon);
    const bool is_key = !key.empty() && key.find(' ') == std::string_view::npos;
    // explain: is the last key; every header line after it is explanation prose.
    if (progress.in_explain) {
      spec.explain += spec.explain.empty() ? "" : "\n";
      spec.explain += std::string(body);
      continue;
    }
    if (!is_key) {
      if (body.empty()) {
        continue;
      }
      fail(path, progress.line_number, fmt::format("expected 'key: value', got '{}'", body));
    }
    const auto value = std::string(util::trim(body.substr(colon + 1)));
    if (!set_check_text_field(spec, key, value)) {
      set_check_parsed_field(spec, progress, key, value);
    }
  }
  return offset;
}

// Fails unless the header named the file's id and every key a check needs, and a query follows.
void
validate_check_spec(CheckSpec& spec, const CheckHeaderProgress& progress, const std::string& expected_id)
{
  const auto path = progress.path;
  const auto line_number = progress.line_number;
  if (spec.id != expected_id) {
    fail(path, 1, fmt::format("header id '{}' does not match the file name (expected '{}')", spec.id, expected_id));
  }
  if (spec.title.empty() || spec.invariant.empty() || !progress.have_severity || !progress.have_consequence
      || spec.meta_node.empty() || spec.explain.empty()) {
    fail(path, line_number,
         "header needs id, title, invariant, severity, consequence, meta-node and explain");
  }
  spec.worst_severity = progress.worst_severity.value_or(spec.severity);
  // Severity::critical is the smallest value: "worse" compares as "less".
  if (spec.severity < spec.worst_severity) {
    fail(path, line_number, "worst-severity is milder than severity");
  }
  if (spec.query.empty()) {
    fail(path, line_number, "no query after the header");
  }
}

} // namespace

int
CheckSpec::invariant_number() const
{
  if (!util::starts_with(invariant, "INV-")) {
    return 0;
  }
  return std::atoi(invariant.c_str() + 4);
}

std::set<std::string>
CheckSpec::read_tables() const
{
  std::set<std::string> tables;
  for (const auto& relation : required_relations) {
    tables.insert(relation.substr(0, relation.find('.')));
  }
  return tables;
}

CheckSpec
parse_check_file(std::string_view path, std::string_view text)
{
  CheckSpec spec;
  spec.path = std::string(path);
  const auto [expected_id, variant] = id_and_variant_from_path(path);
  spec.variant = variant;
  CheckHeaderProgress progress;
  const auto query_offset = parse_check_header(path, text, spec, progress);
  spec.query = std::string(util::trim(text.substr(query_offset)));
  validate_check_spec(spec, progress, expected_id);
  return spec;
}

} // namespace rwdoctor::checks
