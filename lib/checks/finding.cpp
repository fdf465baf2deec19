#include "checks/finding.hpp"

#include <algorithm>

#include <array>
#include <utility>

namespace rwdoctor::checks {

namespace {

template <typename Enum, std::size_t N>
std::optional<Enum>
parse_from(const std::array<std::pair<Enum, std::string_view>, N>& names, std::string_view text)
{
  for (const auto& [value, name] : names) {
    if (name == text) {
      return value;
    }
  }
  return std::nullopt;
}

template <typename Enum, std::size_t N>
std::string_view
name_of(const std::array<std::pair<Enum, std::string_view>, N>& names, Enum value)
{
  for (const auto& [candidate, name] : names) {
    if (candidate == value) {
      return name;
    }
  }
  return "?";
}

constexpr std::array<std::pair<Severity, std::string_view>, 4> k_severities = {{
  {Severity::critical, "critical"},
  {Severity::error, "error"},
  {Severity::warning, "warning"},
  {Severity::info, "info"},
}};

constexpr std::array<std::pair<Consequence, std::string_view>, 6> k_consequences = {{
  {Consequence::panic, "panic"},
  {Consequence::recovery_error, "recovery-error"},
  {Consequence::data_loss, "data-loss"},
  {Consequence::ddl_error, "ddl-error"},
  {Consequence::silent, "silent"},
  {Consequence::transient, "transient"},
}};

constexpr std::array<std::pair<Repair, std::string_view>, 5> k_repairs = {{
  {Repair::drop_job, "drop-job"},
  {Repair::restore_fragments, "restore-fragments"},
  {Repair::restore_rows, "restore-rows"},
  {Repair::fix, "fix"},
  {Repair::manual, "manual"},
}};

} // namespace

std::string_view
to_string(Severity severity)
{
  return name_of(k_severities, severity);
}

std::string_view
to_string(Consequence consequence)
{
  return name_of(k_consequences, consequence);
}

std::string_view
to_string(Repair repair)
{
  return name_of(k_repairs, repair);
}

std::optional<Severity>
parse_severity(std::string_view text)
{
  return parse_from(k_severities, text);
}

std::optional<Consequence>
parse_consequence(std::string_view text)
{
  return parse_from(k_consequences, text);
}

std::optional<Repair>
parse_repair(std::string_view text)
{
  return parse_from(k_repairs, text);
}

bool
counts_as_inconsistency(Severity severity)
{
  return severity != Severity::info;
}

bool
repaired_by(Repair offered, Repair command)
{
  return offered == command || (command == Repair::restore_fragments && offered == Repair::restore_rows);
}

bool
offers_repair(const std::vector<Repair>& offered, Repair command)
{
  return std::any_of(offered.begin(), offered.end(), [command](Repair repair) { return repaired_by(repair, command); });
}

} // namespace rwdoctor::checks
