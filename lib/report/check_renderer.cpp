#include "report/check_renderer.hpp"

#include "report/check_layout.hpp"

#include <sstream>

namespace rwdoctor::report {

namespace {

constexpr checks::Severity k_severities[] = {checks::Severity::critical, checks::Severity::error,
                                             checks::Severity::warning, checks::Severity::info};

std::size_t
index_of(checks::Severity severity)
{
  return static_cast<std::size_t>(severity);
}

} // namespace

CheckRenderer::CheckRenderer(Layout layout, const checks::Catalogue* catalogue, Colour colour, Verbosity verbosity)
  : m_layout(layout), m_catalogue(catalogue), m_colour(colour), m_verbosity(verbosity)
{
}

CheckRenderer
CheckRenderer::text(const checks::Catalogue& catalogue, Colour colour, Verbosity verbosity)
{
  return CheckRenderer(Layout::text, &catalogue, colour, verbosity);
}

CheckRenderer
CheckRenderer::json()
{
  return CheckRenderer(Layout::json, nullptr, Colour::off, Verbosity::normal);
}

void
CheckRenderer::accept(checks::Finding finding)
{
  auto& group = m_groups[index_of(finding.severity)];
  if (m_layout == Layout::json) {
    // nlohmann's separator between array elements; finish_json() joins the groups the same way.
    if (group.count != 0) {
      group.spool.write(",\n");
    }
    group.spool.write(layout::json_finding(finding));
  } else if (m_verbosity == Verbosity::normal || finding.severity != checks::Severity::info) {
    group.spool.write(layout::text_finding(finding, *m_catalogue, m_verbosity));
  }
  ++group.count;
}

void
CheckRenderer::begin_check()
{
  for (std::size_t i = 0; i < m_groups.size(); ++i) {
    m_marks[i] = Mark{m_groups[i].spool.size(), m_groups[i].count};
  }
}

void
CheckRenderer::discard_check()
{
  for (std::size_t i = 0; i < m_groups.size(); ++i) {
    m_groups[i].spool.truncate(m_marks[i].bytes);
    m_groups[i].count = m_marks[i].count;
  }
}

std::size_t
CheckRenderer::count(checks::Severity severity) const
{
  return m_groups[index_of(severity)].count;
}

bool
CheckRenderer::inconsistency_found() const
{
  for (const auto severity : k_severities) {
    if (checks::counts_as_inconsistency(severity) && count(severity) != 0) {
      return true;
    }
  }
  return false;
}

void
CheckRenderer::finish(std::ostream& out, const checks::CheckRun& run)
{
  Counts counts{};
  for (const auto severity : k_severities) {
    counts[index_of(severity)] = count(severity);
  }
  if (m_layout == Layout::json) {
    finish_json(out, run, counts);
  } else {
    finish_text(out, run, counts);
  }
}

void
CheckRenderer::finish_text(std::ostream& out, const checks::CheckRun& run, const Counts& counts)
{
  out << layout::text_head(run, m_verbosity);
  for (const auto severity : k_severities) {
    auto& group = m_groups[index_of(severity)];
    if (group.count == 0 || (m_verbosity == Verbosity::quiet && severity == checks::Severity::info)) {
      continue;
    }
    out << layout::text_group_header(severity, group.count, m_colour);
    group.spool.copy_to(out);
  }
  out << layout::text_tail(run, counts, m_colour, m_verbosity);
}

void
CheckRenderer::finish_json(std::ostream& out, const checks::CheckRun& run, const Counts& counts)
{
  const auto [before, after] = layout::json_frame(run, counts);
  out << before;
  // The "findings" array exactly as nlohmann's dump(2) prints it at depth 1: "[]" when empty,
  // else "[\n", the elements joined by ",\n", "\n  ]".
  bool first = true;
  for (auto& group : m_groups) {
    if (group.count == 0) {
      continue;
    }
    out << (first ? "[\n" : ",\n");
    group.spool.copy_to(out);
    first = false;
  }
  out << (first ? "[]" : "\n  ]") << after;
}

std::string
CheckRenderer::render(const checks::CheckReport& report) &&
{
  for (const auto& finding : report.findings) {
    accept(finding);
  }
  std::ostringstream out;
  finish(out, report);
  return out.str();
}

} // namespace rwdoctor::report
