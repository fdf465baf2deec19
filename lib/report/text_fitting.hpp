// Text fitted to a terminal's width: lines broken at spaces so the terminal never wraps them
// inside a word, shell commands broken so they still paste whole, compact messages cut. Pure.
#pragma once

#include <cstddef>
#include <string>

namespace rwdoctor::report {

// Below this terminal width a compact finding takes more than one line: in one line of 40
// columns the severity and check id would leave nothing of the message.
constexpr int k_narrow_width = 64;
// The most lines a compact finding's message takes on a narrow terminal (--verbose has it all).
constexpr std::size_t k_narrow_message_lines = 3;

// True for a terminal narrower than k_narrow_width (`width` 0, not a terminal, is not narrow).
bool is_narrow_terminal(int width);

// `line` cut to `width` columns with "..." at the end when it is longer, never inside a UTF-8
// sequence. Columns are counted as bytes: the messages are ASCII but for object names.
std::string cut_to_width(const std::string& line, std::size_t width);

// `text` as lines of at most `width` columns, each starting with `indent`, broken at spaces
// (a word longer than a line is cut); at most `max_lines` lines, the last one ending in "..."
// when text is left over. Every line ends with a newline.
std::string wrapped_lines(const std::string& text, std::size_t width, const std::string& indent,
                          std::size_t max_lines);

// `line` (with its leading spaces) as it fits `width` columns: unchanged when it fits (or
// width is 0); else broken at spaces, the lines after the first starting with `rest_indent`,
// so that the terminal never wraps it inside a word. A word longer than a line is kept whole:
// the words here are ids, names and paths a DBA may copy. A number keeps its unit ("10 s").
// The result ends with a newline.
std::string fitted_text_line(const std::string& line, int width, const std::string& rest_indent);

// A shell command as it fits `width` columns: unchanged when it fits (or width is 0); else
// broken between words with a trailing " \\" (the shell joins the lines again when the
// block is pasted), never inside quotes nor between an option and its value ("-p 5432":
// an option and the next word when that is no option itself), the continuation lines
// indented two more columns. `indent` starts every line. Words before the command ("or:")
// stay on its first line. The result ends with a newline.
std::string fitted_shell_command(const std::string& command, int width, const std::string& indent);

// Every line of `text` longer than `width` (> 0; 0 leaves the text as it is) broken at spaces,
// its continuation lines indented two more than it: a plan printed to a terminal.
std::string fitted_text(const std::string& text, int width);

// "to apply this plan: COMMAND" after a dry run's plan. Longer than `width` (> 0) it is
// broken as the what-to-do block breaks commands (a trailing " \\", never inside quotes nor
// between an option and its value), so it still pastes whole; below 64 columns the command
// goes below the label.
std::string apply_plan_line(const std::string& command, int width);

// "INDENT LABEL: COMMAND" fitted to `width` as apply_plan_line is, or below 64 columns the
// label on its line and the command fitted below it, indented two more columns.
std::string labelled_command(const std::string& indent, const std::string& label, const std::string& command,
                             int width);

} // namespace rwdoctor::report
