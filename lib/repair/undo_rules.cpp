#include "repair/undo_rules.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace rwdoctor::repair {

namespace {

constexpr const char* k_moved_on_hint =
  "The meta store moved on since the repair (a later repair or a hand edit); nothing was changed. Run rwdoctor "
  "check, and undo later repairs first, newest first.";

std::string
listed(const UndoEvidence& evidence)
{
  std::string text;
  for (const auto& item : evidence.differing) {
    text += fmt::format("{}{}", text.empty() ? "" : "; ", item);
  }
  if (evidence.differing_count > evidence.differing.size()) {
    text += fmt::format("; and {} more", evidence.differing_count - evidence.differing.size());
  }
  return text;
}

UndoVerdict
never_committed(const UndoEvidence& evidence, std::string_view why)
{
  return {UndoDecision::refuse,
          fmt::format("'{}' belongs to a repair that never committed ({}): there is nothing to undo", evidence.path, why),
          "That repair was interrupted before COMMIT and changed nothing; delete the file."};
}

UndoVerdict
decide_restore(const UndoEvidence& evidence)
{
  const bool as_left = evidence.rows_identical == evidence.rows && evidence.columns_at_new == evidence.columns;
  const bool as_before = evidence.rows_absent == evidence.rows && evidence.columns_at_old == evidence.columns;
  if (as_left) {
    return {UndoDecision::apply, "", ""};
  }
  if (as_before) {
    if (evidence.repair_row) {
      return {UndoDecision::refuse,
              fmt::format("the {} row(s) restore {} inserted (audit row {}) are gone, and no undo of it is recorded: "
                          "they were removed by another hand",
                          evidence.rows, evidence.repair_id, evidence.repair_row->id),
              "Nothing is left to take back; run rwdoctor check to see the store as it is."};
    }
    if (evidence.pending) {
      return never_committed(evidence, "none of its rows are in the store");
    }
    return {UndoDecision::nothing_to_do,
            "the rows the restore inserted are gone and the columns it changed hold their old values: already "
            "undone; nothing to do",
            ""};
  }
  return {UndoDecision::refuse,
          fmt::format("{} of the {} row(s) and column value(s) the restore wrote are not as it left them: {}",
                      evidence.differing_count, evidence.rows + evidence.columns, listed(evidence)),
          k_moved_on_hint};
}

UndoVerdict
decide_drop(const UndoEvidence& evidence)
{
  if (evidence.rows_absent == evidence.rows) {
    return {UndoDecision::apply, "", ""};
  }
  if (evidence.rows_identical == evidence.rows) {
    if (evidence.pending && !evidence.repair_row) {
      return never_committed(evidence, "every row it would have removed is still there");
    }
    return {UndoDecision::nothing_to_do,
            "every row the undo would put back is already there, byte for byte: already undone; nothing to do", ""};
  }
  return {UndoDecision::refuse,
          fmt::format("{} of the {} row(s) to put back are in the store already: {}",
                      evidence.rows - evidence.rows_absent, evidence.rows, listed(evidence)),
          k_moved_on_hint};
}

// A `repair all`: its inserted rows and set columns as it left them and its removed rows
// absent (apply), or everything as before it (already undone), or refused.
UndoVerdict
decide_all(const UndoEvidence& evidence)
{
  const bool as_left = evidence.rows_identical == evidence.rows && evidence.columns_at_new == evidence.columns
                       && evidence.removed.absent == evidence.removed.rows;
  const bool as_before = evidence.rows_absent == evidence.rows && evidence.columns_at_old == evidence.columns
                         && evidence.removed.identical == evidence.removed.rows;
  if (as_left) {
    return {UndoDecision::apply, "", ""};
  }
  const auto total = evidence.rows + evidence.columns + evidence.removed.rows;
  if (as_before) {
    if (evidence.repair_row) {
      return {UndoDecision::refuse,
              fmt::format("every one of the {} row(s) and column value(s) repair {} changed (audit row {}) is as it "
                          "was before it, and no undo of it is recorded: another hand took it back",
                          total, evidence.repair_id, evidence.repair_row->id),
              "Nothing is left to take back; run rwdoctor check to see the store as it is."};
    }
    if (evidence.pending) {
      return never_committed(evidence, "every row is as it was before it");
    }
    return {UndoDecision::nothing_to_do,
            "every row and column value is as it was before the repair: already undone; nothing to do", ""};
  }
  return {UndoDecision::refuse,
          fmt::format("{} of the {} row(s) and column value(s) the repair changed are not as it left them: {}",
                      evidence.differing_count, total, listed(evidence)),
          k_moved_on_hint};
}

// A repair all some of whose steps were taken back on their own (undo --incident): the file
// cannot be taken back whole any more, a step cannot be taken back twice, and once every step
// is back there is nothing left to do. None when no step was taken back alone.
std::optional<UndoVerdict>
decide_steps(const UndoEvidence& evidence)
{
  if (evidence.steps_undone.empty()) {
    return std::nullopt;
  }
  std::vector<int> left; // ascending, as the plan numbered them
  for (const int step : std::set<int>(evidence.steps.begin(), evidence.steps.end())) {
    if (evidence.steps_undone.count(step) == 0) {
      left.push_back(step);
    }
  }
  const std::vector<int> undone(evidence.steps_undone.begin(), evidence.steps_undone.end());
  if (left.empty()) {
    return UndoVerdict{UndoDecision::nothing_to_do,
                       fmt::format("every step of this repair was taken back on its own (incident{} {}); nothing to do",
                                   undone.size() == 1 ? "" : "s", fmt::join(undone, ", ")),
                       ""};
  }
  std::string others;
  for (const int step : left) {
    others += fmt::format(" --incident {}", step);
  }
  const auto one_by_one = fmt::format("Take back the others with: rwdoctor undo {}{}", evidence.path, others);
  if (evidence.selected_steps.empty()) {
    return UndoVerdict{UndoDecision::refuse,
                       fmt::format("incident{} {} of this repair {} taken back on {} own, so the file can no longer "
                                   "be taken back whole",
                                   undone.size() == 1 ? "" : "s", fmt::join(undone, ", "),
                                   undone.size() == 1 ? "was" : "were", undone.size() == 1 ? "its" : "their"),
                       one_by_one + "; nothing was changed."};
  }
  std::vector<int> again;
  for (const int step : evidence.selected_steps) {
    if (evidence.steps_undone.count(step) != 0) {
      again.push_back(step);
    }
  }
  if (again.size() == evidence.selected_steps.size()) {
    return UndoVerdict{UndoDecision::nothing_to_do,
                       fmt::format("incident{} {} already taken back; nothing to do", again.size() == 1 ? "" : "s",
                                   fmt::join(again, ", ")),
                       ""};
  }
  if (!again.empty()) {
    return UndoVerdict{UndoDecision::refuse,
                       fmt::format("incident{} {} of this repair {} taken back already", again.size() == 1 ? "" : "s",
                                   fmt::join(again, ", "), again.size() == 1 ? "was" : "were"),
                       one_by_one + "; nothing was changed."};
  }
  return std::nullopt;
}

} // namespace

UndoVerdict
decide_undo(const UndoEvidence& evidence)
{
  if (evidence.undo_row) {
    return {UndoDecision::nothing_to_do,
            fmt::format("already undone at {} (audit row {}); nothing to do", evidence.undo_row->at, evidence.undo_row->id),
            ""};
  }
  if (evidence.marker) {
    return {UndoDecision::nothing_to_do, fmt::format("already undone ({}); nothing to do", *evidence.marker), ""};
  }
  if (const auto verdict = decide_steps(evidence)) {
    return *verdict;
  }
  if (evidence.audit_readable && evidence.audited && !evidence.repair_id.empty() && !evidence.repair_row) {
    return never_committed(evidence, fmt::format("no audit row has its repair id {}", evidence.repair_id));
  }
  if (!evidence.later_repairs.empty()) {
    const auto& later = evidence.later_repairs.back();
    return {UndoDecision::refuse,
            fmt::format("a later {} of the same jobs still stands: repair {} (audit row {}, {}){}; undoing this "
                        "older repair now would take back rows that one relies on or changed",
                        later.action, later.repair_id.empty() ? "?" : later.repair_id, later.id, later.at,
                        later.undo_file.empty() ? "" : fmt::format(", undo file {}", later.undo_file)),
            later.undo_file.empty()
              ? "Undo the later repairs first, newest first; nothing was changed."
              : fmt::format("Undo the newest repair first (rwdoctor undo {}), then this one; nothing was changed.",
                            later.undo_file)};
  }
  // A drop that also set columns (a sink's target table) is judged as a repair all is.
  if (evidence.action == "all" || evidence.columns > 0) {
    return decide_all(evidence);
  }
  return evidence.action == "restore" ? decide_restore(evidence) : decide_drop(evidence);
}

} // namespace rwdoctor::repair
