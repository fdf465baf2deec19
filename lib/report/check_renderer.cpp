#include "report/check_renderer.hpp"

#include "report/check_layout.hpp"
#include "report/finding_codec.hpp"

#include <algorithm>
#include <functional>
#include <numeric>
#include <sstream>

namespace rwdoctor::report {

namespace {

std::size_t
index_of(checks::Severity severity)
{
  return static_cast<std::size_t>(severity);
}

} // namespace

CheckRenderer::CheckRenderer(Layout layout, const checks::Catalogue* catalogue, Colour colour, Verbosity verbosity,
                             incidents::CommandContext commands, int width)
  : m_layout(layout), m_catalogue(catalogue), m_colour(colour), m_verbosity(verbosity),
    m_commands(std::move(commands)), m_width(width)
{
}

CheckRenderer
CheckRenderer::text(const checks::Catalogue& catalogue, Colour colour, Verbosity verbosity,
                    incidents::CommandContext commands, int width)
{
  return CheckRenderer(Layout::text, &catalogue, colour, verbosity, std::move(commands), width);
}

CheckRenderer
CheckRenderer::json(incidents::CommandContext commands)
{
  return CheckRenderer(Layout::json, nullptr, Colour::off, Verbosity::normal, std::move(commands), 0);
}

void
CheckRenderer::accept(checks::Finding finding)
{
  const auto bytes = encode_finding(finding);
  Spooled spooled;
  spooled.offset = m_spool.size();
  spooled.length = static_cast<std::uint32_t>(bytes.size());
  spooled.severity = finding.severity;
  m_spool.write(bytes);
  m_arrivals.push_back(spooled);
  m_facts.push_back(incidents::facts_of(0, finding)); // the id is given in analyse()
  if (m_backup_source && !finding.name) {
    if (const auto subject = finding.job_id ? finding.job_id : finding.object_id) {
      m_nameless.insert(*subject);
    }
  }
}

void
CheckRenderer::begin_check()
{
  m_mark = Mark{m_spool.size(), m_arrivals.size()};
}

void
CheckRenderer::discard_check()
{
  m_spool.truncate(m_mark.bytes);
  m_arrivals.resize(m_mark.findings);
  m_facts.resize(m_mark.findings);
}

std::size_t
CheckRenderer::count(checks::Severity severity) const
{
  return static_cast<std::size_t>(std::count_if(m_arrivals.begin(), m_arrivals.end(),
                                                [&](const Spooled& spooled) { return spooled.severity == severity; }));
}

CheckRenderer::Counts
CheckRenderer::counts() const
{
  Counts counts{};
  for (const auto& spooled : m_arrivals) {
    ++counts[index_of(spooled.severity)];
  }
  return counts;
}

bool
CheckRenderer::inconsistency_found() const
{
  return std::any_of(m_arrivals.begin(), m_arrivals.end(),
                     [](const Spooled& spooled) { return checks::counts_as_inconsistency(spooled.severity); });
}

checks::Finding
CheckRenderer::read(int id)
{
  const auto& spooled = m_arrivals[m_by_id[static_cast<std::size_t>(id) - 1]];
  auto finding = decode_finding(m_spool.read_at(spooled.offset, spooled.length));
  const auto subject = finding.job_id ? finding.job_id : finding.object_id;
  if (!finding.name && subject) {
    if (const auto named = m_backup_names.find(*subject); named != m_backup_names.end()) {
      finding.name_from_backup = named->second.name;
      finding.kind_from_backup = named->second.kind;
    }
  }
  return finding;
}

void
CheckRenderer::analyse()
{
  // Ids follow severity, then arrival: the order of the sorted CheckReport.
  m_by_id.resize(m_arrivals.size());
  std::iota(m_by_id.begin(), m_by_id.end(), std::size_t{0});
  std::stable_sort(m_by_id.begin(), m_by_id.end(), [&](std::size_t a, std::size_t b) {
    return index_of(m_arrivals[a].severity) < index_of(m_arrivals[b].severity);
  });
  std::vector<incidents::FindingFacts> by_id;
  by_id.reserve(m_facts.size());
  for (std::size_t i = 0; i < m_by_id.size(); ++i) {
    by_id.push_back(std::move(m_facts[m_by_id[i]]));
    by_id.back().id = static_cast<int>(i) + 1;
  }
  m_facts = std::move(by_id);
  m_analysis = incidents::analyse(m_facts);
  m_states.clear();
  if (m_state_source && !m_analysis.incidents.empty()) {
    m_states = m_state_source(m_analysis.incidents, m_facts);
    // A restore that the state refuses is not offered: the incident's commands begin with
    // what can still be done (the drop), and its state line says why.
    for (std::size_t i = 0; i < m_states.size() && i < m_analysis.incidents.size(); ++i) {
      hummock::drop_refused_restore(m_analysis.incidents[i], m_states[i]);
    }
  }
  m_backup_status.clear();
  if (m_backup_source) {
    std::vector<incidents::FindingFacts> roots;
    for (const auto& incident : m_analysis.incidents) {
      roots.push_back(m_facts[static_cast<std::size_t>(incident.root) - 1]);
    }
    auto backup = m_backup_source(roots, std::vector<int>(m_nameless.begin(), m_nameless.end()));
    for (std::size_t i = 0; i < roots.size(); ++i) {
      m_backup_status.push_back(incidents::backup_status(roots[i], backup));
      incidents::drop_restore_the_backup_cannot_give(m_analysis.incidents[i], m_backup_status.back());
    }
    m_backup_names = std::move(backup.names);
  }
}

void
CheckRenderer::finish(std::ostream& out, const checks::CheckRun& run)
{
  analyse();
  if (m_layout == Layout::json) {
    finish_json(out, run);
  } else {
    finish_text(out, run);
  }
}

namespace {

std::vector<layout::IncidentView>
incident_views(const incidents::Analysis& analysis, const std::vector<incidents::FindingFacts>& facts,
               const incidents::CommandContext& context, const std::function<checks::Finding(int)>& read,
               const std::vector<hummock::StateSummary>& states,
               const std::vector<incidents::BackupStatus>& backup_status)
{
  std::vector<layout::IncidentView> views;
  views.reserve(analysis.incidents.size());
  for (const auto& incident : analysis.incidents) {
    layout::IncidentView view;
    view.incident = &incident;
    view.root = read(incident.root);
    view.commands = incidents::commands_for(incident, facts[incident.root - 1], view.root.statement, context);
    if (views.size() < states.size()) {
      view.state = states[views.size()];
    }
    if (views.size() < backup_status.size()) {
      view.backup = backup_status[views.size()];
    }
    view.root_facts = facts[incident.root - 1];
    views.push_back(std::move(view));
  }
  return views;
}

layout::FindingPlace
place_of(const incidents::Analysis& analysis, int id)
{
  const auto incident = analysis.incident[id - 1];
  const bool job_runs = incident && analysis.incidents.at(static_cast<std::size_t>(*incident) - 1).job_runs;
  return layout::FindingPlace{id, analysis.cause[id - 1], incident, job_runs};
}

} // namespace

void
CheckRenderer::finish_text(std::ostream& out, const checks::CheckRun& run)
{
  const auto all = counts();
  out << layout::text_head(run, m_verbosity, m_width);
  const auto read_finding = [this](int id) { return read(id); };
  if (m_verbosity == Verbosity::quiet) {
    // Findings of warning and above under their severity, nothing else.
    const auto total = static_cast<int>(m_facts.size());
    for (int id = 1; id <= total && m_facts[id - 1].severity != checks::Severity::info; ++id) {
      if (id == 1 || m_facts[id - 2].severity != m_facts[id - 1].severity) {
        out << layout::text_group_header(m_facts[id - 1].severity, all[index_of(m_facts[id - 1].severity)], m_colour);
      }
      out << layout::text_finding(read(id), place_of(m_analysis, id), *m_catalogue, m_verbosity, m_width);
    }
    out << layout::text_failed_checks(run, m_colour, m_width);
    return;
  }
  const auto views = incident_views(m_analysis, m_facts, m_commands, read_finding, m_states, m_backup_status);
  for (const auto& view : views) {
    out << layout::text_incident_header(view, views.size(), m_colour, m_width);
    for (const int id : view.incident->findings) {
      out << layout::text_finding(id == view.incident->root ? view.root : read(id), place_of(m_analysis, id),
                                  *m_catalogue, m_verbosity, m_width);
    }
  }
  std::vector<int> transient;
  for (int id = 1; id <= static_cast<int>(m_facts.size()); ++id) {
    if (!m_analysis.incident[id - 1]) {
      transient.push_back(id);
    }
  }
  if (!transient.empty()) {
    out << layout::text_transient_header(transient.size(), m_colour, m_width);
    for (const int id : transient) {
      out << layout::text_finding(read(id), place_of(m_analysis, id), *m_catalogue, m_verbosity, m_width);
    }
  }
  out << layout::text_failed_checks(run, m_colour, m_width);
  out << layout::text_what_to_do(views, m_colour, m_commands, m_width);
  out << layout::text_summary(run, all, views.size(), m_verbosity, m_width);
}

void
CheckRenderer::finish_json(std::ostream& out, const checks::CheckRun& run)
{
  const auto views = incident_views(m_analysis, m_facts, m_commands, [this](int id) { return read(id); }, m_states,
                                  m_backup_status);
  const auto frame = layout::json_frame(run, counts());
  // Each array exactly as nlohmann's dump(2) prints it at depth 1: "[]" when empty, else
  // "[\n", the elements joined by ",\n", "\n  ]".
  const auto write_array = [&out](std::size_t size, const auto& element) {
    for (std::size_t index = 0; index < size; ++index) {
      out << (index == 0 ? "[\n" : ",\n") << element(index);
    }
    out << (size == 0 ? "[]" : "\n  ]");
  };
  out << frame.before_findings;
  write_array(m_facts.size(), [this](std::size_t index) {
    const auto id = static_cast<int>(index) + 1;
    return layout::json_finding(read(id), place_of(m_analysis, id));
  });
  out << frame.before_incidents;
  write_array(views.size(), [&views](std::size_t index) { return layout::json_incident(views[index]); });
  out << frame.after_incidents;
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
