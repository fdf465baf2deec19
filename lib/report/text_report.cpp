#include "report/text_report.hpp"

#include "core/version.hpp"
#include "report/check_layout.hpp"
#include "report/check_renderer.hpp"
#include "util/text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

namespace rwdoctor::report {

namespace {

std::string
paint(Colour colour, std::string_view code, std::string_view text)
{
  if (colour == Colour::off) {
    return std::string(text);
  }
  return fmt::format("\x1b[{}m{}\x1b[0m", code, text);
}

std::string_view
colour_code(checks::Severity severity)
{
  switch (severity) {
  case checks::Severity::critical:
    return "1;31";
  case checks::Severity::error:
    return "31";
  case checks::Severity::warning:
    return "33";
  case checks::Severity::info:
    return "2";
  }
  return "0";
}

std::string
upper(std::string_view text)
{
  std::string result(text);
  std::transform(result.begin(), result.end(), result.begin(),
                 [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
  return result;
}

std::string
subject_line(const checks::Finding& finding)
{
  std::string subject;
  if (finding.fragment_id) {
    subject = fmt::format("fragment {}", *finding.fragment_id);
  }
  const auto object = finding.object_id ? finding.object_id : finding.job_id;
  if (object) {
    const auto kind = finding.job_id && finding.job_id == object ? "job" : "object";
    subject += fmt::format("{}{} {}", subject.empty() ? "" : " of ", kind, *object);
    std::string details;
    if (finding.object_type) {
      details = *finding.object_type;
    }
    if (finding.job_status) {
      details += fmt::format("{}{}", details.empty() ? "" : ", ", *finding.job_status);
    }
    if (!details.empty()) {
      subject += fmt::format(" ({})", details);
    }
    subject += finding.name ? fmt::format(" {}", *finding.name) : std::string(" (name unknown)");
  }
  return subject.empty() ? "meta store" : subject;
}

std::string
repairs_text(const checks::Finding& finding)
{
  std::string text;
  for (const auto repair : finding.repairs) {
    text += fmt::format("{}{}", text.empty() ? "" : ", ", checks::to_string(repair));
  }
  return text;
}

} // namespace

std::string
inspect_sql(const checks::Finding& finding)
{
  if (finding.fragment_id) {
    return fmt::format("SELECT fragment_id, job_id, fragment_type_mask, distribution_type, state_table_ids, "
                       "vnode_count FROM fragment WHERE fragment_id = {};",
                       *finding.fragment_id);
  }
  const auto object = finding.object_id ? finding.object_id : finding.job_id;
  if (object) {
    return fmt::format("SELECT o.*, sj.job_status, sj.create_type FROM object o LEFT JOIN streaming_job sj ON "
                       "sj.job_id = o.oid WHERE o.oid = {};",
                       *object);
  }
  return fmt::format("-- see: rwdoctor explain {}", finding.check);
}

namespace layout {

std::string
text_head(const checks::CheckRun& run, Verbosity verbosity)
{
  if (verbosity == Verbosity::quiet) {
    return {};
  }
  std::size_t ran = 0;
  std::size_t not_applicable = 0;
  std::size_t failed = 0;
  for (const auto& outcome : run.checks) {
    ran += outcome.status == checks::CheckStatus::ran ? 1 : 0;
    not_applicable += outcome.status == checks::CheckStatus::not_applicable ? 1 : 0;
    failed += outcome.status == checks::CheckStatus::failed ? 1 : 0;
  }
  std::string out = fmt::format("rwdoctor {}: database \"{}\", schema \"{}\", RisingWave {} ({} migrations)\n",
                                tool_version(), run.meta_store.database, run.meta_store.schema,
                                run.meta_store.generation, run.meta_store.migrations);
  out += fmt::format("{} checks: {} ran, {} not applicable, {} failed\n", run.checks.size(), ran, not_applicable,
                     failed);
  return out;
}

std::string
text_group_header(checks::Severity severity, std::size_t count, Colour colour)
{
  const auto title = fmt::format("{} ({})", upper(checks::to_string(severity)), count);
  return fmt::format("\n{}\n", paint(colour, colour_code(severity), title));
}

std::string
text_finding(const checks::Finding& finding, const checks::Catalogue& catalogue, Verbosity verbosity)
{
  std::string out = fmt::format("  [{}] {}\n", finding.check, util::printable(subject_line(finding)));
  out += fmt::format("    {}\n", util::printable(finding.message));
  if (verbosity == Verbosity::quiet) {
    return out;
  }
  out += fmt::format("    consequence: {}; meta node: {}\n", checks::to_string(finding.consequence),
                     catalogue.primary(finding.check).meta_node);
  if (!finding.repairs.empty()) {
    out += fmt::format("    repairs: {}\n", repairs_text(finding));
  }
  if (std::find(finding.repairs.begin(), finding.repairs.end(), checks::Repair::manual) != finding.repairs.end()) {
    out += fmt::format("    inspect: {}\n", inspect_sql(finding));
  }
  return out;
}

std::string
text_tail(const checks::CheckRun& run, const Counts& counts, Colour colour, Verbosity verbosity)
{
  std::string out;
  std::vector<const checks::CheckOutcome*> failed;
  for (const auto& outcome : run.checks) {
    if (outcome.status == checks::CheckStatus::failed) {
      failed.push_back(&outcome);
    }
  }
  if (!failed.empty()) {
    out += fmt::format("\n{}\n", paint(colour, "1;31", fmt::format("CHECKS THAT COULD NOT RUN ({})", failed.size())));
    for (const auto* outcome : failed) {
      out += fmt::format("  [{}] {}\n", outcome->id, outcome->error);
    }
  }
  if (verbosity == Verbosity::quiet) {
    return out;
  }
  out += fmt::format("\nsummary: {} critical, {} error, {} warning, {} info{}\n", counts[0], counts[1], counts[2],
                     counts[3], failed.empty() ? "" : "; some checks could not run, so this result is incomplete");
  if (counts[0] + counts[1] + counts[2] + counts[3] == 0 && failed.empty()) {
    out += "no inconsistency found\n";
  }
  return out;
}

} // namespace layout

std::string
render_check_text(const checks::CheckReport& report, const checks::Catalogue& catalogue, Colour colour,
                  Verbosity verbosity)
{
  return CheckRenderer::text(catalogue, colour, verbosity).render(report);
}

std::string
render_catalogue_text(const checks::Catalogue& catalogue)
{
  std::string out;
  for (const auto& id : catalogue.ids()) {
    const auto& spec = catalogue.primary(id);
    std::string applies;
    for (const auto& variant : catalogue.variants(id)) {
      applies += fmt::format("{}{}", applies.empty() ? "" : " | ", checks::applies_to(variant));
    }
    out += fmt::format("{:<28} {:<7} {:<9} {:<15} {}\n", id, spec.invariant, checks::to_string(spec.severity),
                       checks::to_string(spec.consequence), spec.title);
    if (applies != "all") {
      out += fmt::format("{:<28} applies to: {}\n", "", applies);
    }
  }
  return out;
}

std::string
render_explain_text(const checks::Catalogue& catalogue, const std::string& id)
{
  const auto& spec = catalogue.primary(id);
  std::string out = fmt::format("{} ({}): {}\n\n", spec.id, spec.invariant, spec.title);
  out += fmt::format("severity: {}; consequence: {}\n", checks::to_string(spec.severity),
                     checks::to_string(spec.consequence));
  out += fmt::format("meta node: {}\n", spec.meta_node);
  std::string repairs;
  for (const auto repair : spec.repairs) {
    repairs += fmt::format("{}{}", repairs.empty() ? "" : ", ", checks::to_string(repair));
  }
  out += fmt::format("repairs: {}\n\n{}\n\n", repairs.empty() ? "none" : repairs, spec.explain);
  for (const auto& variant : catalogue.variants(id)) {
    out += fmt::format("query: {} (applies to: {})\n", variant.path, checks::applies_to(variant));
  }
  return out;
}

} // namespace rwdoctor::report
