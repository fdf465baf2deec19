// The one way `rwdoctor check` output is rendered, text or JSON: a FindingSink that spools
// each finding as it arrives into a temporary file and keeps only the few facts the incident
// analysis needs (incidents/), then writes the whole report: JSON with the findings in
// severity order and the incidents in pass order; text with the findings under their
// incidents in pass order, ending with the "what to do" block. Memory stays small however
// many findings there are: a few ids per finding, never their text.
#pragma once

#include "checks/catalogue.hpp"
#include "checks/check_runner.hpp"
#include "hummock/incident_state.hpp"
#include "incidents/backup_status.hpp"
#include "incidents/commands.hpp"
#include "incidents/incidents.hpp"
#include "report/spool_file.hpp"
#include "report/text_report.hpp"

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <set>
#include <ostream>
#include <string>
#include <vector>

namespace rwdoctor::report {

class CheckRenderer : public checks::FindingSink
{
public:
  // Text grouped by incident (see render_check_text); `catalogue` must outlive the renderer.
  // `width` > 0 fits compact findings to that many columns (a terminal's width): cut to one
  // line, or below 64 columns the message on lines of its own.
  static CheckRenderer text(const checks::Catalogue& catalogue, Colour colour, Verbosity verbosity,
                            incidents::CommandContext commands = {}, int width = 0);
  // The format_version 1 document (see render_check_json).
  static CheckRenderer json(incidents::CommandContext commands = {});

  // Takes findings of any severity in any order. Finding ids follow severity, then arrival,
  // so findings fed per check in catalogue order get the ids (and the output) of the sorted
  // CheckReport. Throws OperationalError when the spool file cannot be written.
  void accept(checks::Finding finding) override;
  void begin_check() override;
  void discard_check() override;

  // Findings of `severity` accepted so far (also the info findings quiet text leaves out).
  std::size_t count(checks::Severity severity) const;
  // True when a finding above info was accepted (exit code 4).
  bool inconsistency_found() const;

  // Grades what an incident's jobs hold in Hummock (hummock::StateInspector through the run's
  // session); called once, for all incidents, when the report is written. Without one, incidents
  // carry no state.
  void set_state_source(hummock::IncidentStateSource source) { m_state_source = std::move(source); }

  // check --from: reads, once for all incidents when the report is written, what the backup
  // holds of the incidents' roots and the names of the objects live has none for
  // (repair::read_backup_facts). Each incident then says what the backup can do for it, a
  // restore it cannot give is no longer offered, and nameless objects carry the backup's name.
  using BackupSource = std::function<incidents::BackupFacts(const std::vector<incidents::FindingFacts>& roots,
                                                            const std::vector<int>& nameless)>;
  void set_backup_source(BackupSource source) { m_backup_source = std::move(source); }

  // After finish(): each incident's state, in the analysis' order (empty without a source).
  const std::vector<hummock::StateSummary>& states() const { return m_states; }

  // Writes the report of `run` with the accepted findings to `out`. Call once. Throws
  // OperationalError when the spool file cannot be read back.
  void finish(std::ostream& out, const checks::CheckRun& run);

  // Feeds the findings of a collected `report` and returns the finished report as a string.
  std::string render(const checks::CheckReport& report) &&;

  // After finish(): the incident analysis of the findings (ids as in the report).
  const incidents::Analysis& analysis() const { return m_analysis; }

private:
  enum class Layout { text, json };
  struct Spooled
  {
    std::uint64_t offset = 0;
    std::uint32_t length = 0;
    checks::Severity severity = checks::Severity::warning;
  };
  struct Mark
  {
    std::uint64_t bytes = 0;
    std::size_t findings = 0;
  };
  using Counts = std::array<std::size_t, 4>; // findings per severity, as layout::Counts

  CheckRenderer(Layout layout, const checks::Catalogue* catalogue, Colour colour, Verbosity verbosity,
                incidents::CommandContext commands, int width);
  checks::Finding read(int id);
  Counts counts() const;
  void analyse();
  void finish_text(std::ostream& out, const checks::CheckRun& run);
  void finish_json(std::ostream& out, const checks::CheckRun& run);

  Layout m_layout;
  const checks::Catalogue* m_catalogue;
  Colour m_colour;
  Verbosity m_verbosity;
  incidents::CommandContext m_commands;
  int m_width;
  SpoolFile m_spool;
  std::vector<Spooled> m_arrivals;   // in arrival order
  std::vector<std::size_t> m_by_id;  // finding id - 1 -> index into m_arrivals
  std::vector<incidents::FindingFacts> m_facts; // in arrival order until analyse(), then by id
  Mark m_mark;                       // where the current check began
  incidents::Analysis m_analysis;
  hummock::IncidentStateSource m_state_source;
  std::vector<hummock::StateSummary> m_states; // by incident, after finish()
  BackupSource m_backup_source;
  std::set<int> m_nameless; // the jobs and objects of findings without a name (for the backup's)
  std::vector<incidents::BackupStatus> m_backup_status;     // by incident, after finish() with a source
  std::map<int, incidents::BackupName> m_backup_names;      // by object id
};

} // namespace rwdoctor::report
