// The one way `rwdoctor check` output is rendered, text or JSON: a FindingSink that renders
// each finding as it arrives into a temporary file per severity, then writes the whole report
// with the groups in severity order. Memory stays bounded however many findings there are.
#pragma once

#include "checks/catalogue.hpp"
#include "checks/check_runner.hpp"
#include "report/spool_file.hpp"
#include "report/text_report.hpp"

#include <array>
#include <cstdint>
#include <ostream>
#include <string>

namespace rwdoctor::report {

class CheckRenderer : public checks::FindingSink
{
public:
  // Text grouped by severity (see render_check_text); `catalogue` must outlive the renderer.
  static CheckRenderer text(const checks::Catalogue& catalogue, Colour colour, Verbosity verbosity);
  // The format_version 1 document (see render_check_json).
  static CheckRenderer json();

  // Takes findings of any severity in any order; each severity group keeps its findings in
  // arrival order, so findings fed per check in catalogue order come out exactly as the
  // sorted CheckReport. Throws OperationalError when a spool file cannot be written.
  void accept(checks::Finding finding) override;
  void begin_check() override;
  void discard_check() override;

  // Findings of `severity` accepted so far (also the info findings quiet text leaves out).
  std::size_t count(checks::Severity severity) const;
  // True when a finding above info was accepted (exit code 4).
  bool inconsistency_found() const;

  // Writes the report of `run` with the accepted findings to `out`. Call once. Throws
  // OperationalError when a spool file cannot be read back.
  void finish(std::ostream& out, const checks::CheckRun& run);

  // Feeds the findings of a collected `report` and returns the finished report as a string.
  std::string render(const checks::CheckReport& report) &&;

private:
  enum class Layout { text, json };
  struct Group
  {
    SpoolFile spool;
    std::size_t count = 0;
  };
  struct Mark
  {
    std::uint64_t bytes = 0;
    std::size_t count = 0;
  };

  CheckRenderer(Layout layout, const checks::Catalogue* catalogue, Colour colour, Verbosity verbosity);
  using Counts = std::array<std::size_t, 4>; // findings per severity, as layout::Counts
  void finish_text(std::ostream& out, const checks::CheckRun& run, const Counts& counts);
  void finish_json(std::ostream& out, const checks::CheckRun& run, const Counts& counts);

  Layout m_layout;
  const checks::Catalogue* m_catalogue;
  Colour m_colour;
  Verbosity m_verbosity;
  std::array<Group, 4> m_groups; // indexed by checks::Severity
  std::array<Mark, 4> m_marks;   // where the current check began
};

} // namespace rwdoctor::report
