#include "report/text_fitting.hpp"

#include "util/text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <vector>

namespace rwdoctor::report {

namespace {

// `units` filled into lines of at most `room` columns, the first line starting with `first`
// and the others with `rest`, each line but the last ending with `line_end`; a unit longer
// than a line gets one to itself, with less of `rest`'s indent where that makes it fit (a long
// path in a command keeps its " \\" on its own line). The result ends with a newline.
std::string
filled_lines(const std::vector<std::string>& units, std::size_t room, const std::string& first,
             const std::string& rest, const std::string& line_end)
{
  std::string out;
  std::string current = first;
  bool has_unit = false;
  for (const auto& unit : units) {
    if (has_unit && current.size() + 1 + unit.size() > room) {
      out += current + line_end + "\n";
      current = rest.size() + unit.size() > room ? rest.substr(0, room > unit.size() ? room - unit.size() : 0) : rest;
      has_unit = false;
    }
    current += (has_unit ? " " : "");
    current += unit;
    has_unit = true;
  }
  return out + current + "\n";
}

// True when `text` needs no breaking at `width` columns (0: not a terminal, nothing is broken).
bool
fits(std::size_t length, int width)
{
  return width <= 0 || length <= static_cast<std::size_t>(width);
}

// Digits with maybe a decimal point: a number a unit may follow.
bool
is_number(std::string_view word)
{
  return !word.empty() && std::all_of(word.begin(), word.end(), [](char c) {
    return std::isdigit(static_cast<unsigned char>(c)) != 0 || c == '.';
  });
}

// A unit the messages put after a number ("s", "MiB"), punctuation after it allowed ("s):").
bool
is_unit(std::string_view word)
{
  const auto end = word.find_last_not_of(",.;:)");
  word = word.substr(0, end == std::string_view::npos ? 0 : end + 1);
  for (const std::string_view unit : {"s", "ms", "KiB", "MiB", "GiB", "%"}) {
    if (word == unit) {
      return true;
    }
  }
  return false;
}

// The words of a shell command: split at spaces outside quotes and not after a backslash.
std::vector<std::string>
shell_words(const std::string& command)
{
  std::vector<std::string> words;
  std::string word;
  char quote = 0;
  for (std::size_t i = 0; i < command.size(); ++i) {
    const char c = command[i];
    if (quote == 0 && c == ' ') {
      if (!word.empty()) {
        words.push_back(std::move(word));
        word.clear();
      }
      continue;
    }
    word += c;
    if (c == '\\' && quote != '\'' && i + 1 < command.size()) {
      word += command[++i];
    } else if (quote == 0 && (c == '\'' || c == '"')) {
      quote = c;
    } else if (quote == c) {
      quote = 0;
    }
  }
  if (!word.empty()) {
    words.push_back(std::move(word));
  }
  return words;
}

} // namespace

bool
is_narrow_terminal(int width)
{
  return width > 0 && width < k_narrow_width;
}

std::string
cut_to_width(const std::string& line, std::size_t width)
{
  if (line.size() <= width || width <= 3) {
    return line;
  }
  auto cut = width - 3;
  while (cut > 0 && (static_cast<unsigned char>(line[cut]) & 0xC0U) == 0x80U) {
    --cut;
  }
  return line.substr(0, cut) + "...";
}

std::string
wrapped_lines(const std::string& text, std::size_t width, const std::string& indent, std::size_t max_lines)
{
  const auto room = width > indent.size() + 3 ? width - indent.size() : std::size_t{4};
  std::string out;
  std::size_t start = 0;
  for (std::size_t lines = 0; start < text.size() && lines < max_lines; ++lines) {
    while (start < text.size() && text[start] == ' ') {
      ++start;
    }
    std::size_t end = text.size();
    if (end - start > room) {
      const auto space = text.rfind(' ', start + room);
      end = space != std::string::npos && space > start ? space : start + room;
    }
    std::string line = text.substr(start, end - start);
    start = end;
    const auto rest = text.find_first_not_of(' ', start);
    if (lines + 1 == max_lines && rest != std::string::npos) {
      line = cut_to_width(line + " " + text.substr(rest), room);
    }
    out += indent + line + "\n";
  }
  return out;
}

std::string
fitted_text_line(const std::string& line, int width, const std::string& rest_indent)
{
  if (fits(line.size(), width)) {
    return line + "\n";
  }
  const auto lead = std::min(line.find_first_not_of(' '), line.size());
  std::vector<std::string> words;
  util::for_each_part(std::string_view(line).substr(lead), ' ', [&](std::string_view word) {
    if (word.empty()) {
      return;
    }
    if (is_unit(word) && !words.empty() && is_number(words.back())) {
      words.back() += " " + std::string(word); // "10 s" stays on one line
    } else {
      words.emplace_back(word);
    }
  });
  return filled_lines(words, static_cast<std::size_t>(width), line.substr(0, lead), rest_indent, "");
}

std::string
fitted_shell_command(const std::string& command, int width, const std::string& indent)
{
  if (fits(indent.size() + command.size(), width)) {
    return indent + command + "\n";
  }
  const auto words = shell_words(command);
  std::vector<std::string> units;
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (words[i].size() > 1 && words[i][0] == '-' && i + 1 < words.size() && words[i + 1][0] != '-') {
      units.push_back(words[i] + " " + words[i + 1]);
      ++i;
    } else {
      units.push_back(words[i]);
    }
  }
  // " \\" ends every line but the last
  return filled_lines(units, static_cast<std::size_t>(width) - 2, indent, indent + "  ", " \\");
}

std::string
labelled_command(const std::string& indent, const std::string& label, const std::string& command, int width)
{
  if (!is_narrow_terminal(width)) {
    return fitted_shell_command(fmt::format("{}: {}", label, command), width, indent);
  }
  return fmt::format("{}{}:\n", indent, label) + fitted_shell_command(command, width, indent + "  ");
}

std::string
fitted_text(const std::string& text, int width)
{
  if (width <= 0) {
    return text;
  }
  std::string out;
  std::size_t start = 0;
  while (start < text.size()) {
    const auto end = text.find('\n', start);
    const auto line = text.substr(start, end == std::string::npos ? std::string::npos : end - start);
    if (static_cast<int>(line.size()) > width) {
      const auto indent = line.find_first_not_of(' ');
      out += fitted_text_line(line, width, std::string(indent == std::string::npos ? 0 : indent, ' ') + "  ");
    } else {
      out += line + "\n";
    }
    if (end == std::string::npos) {
      if (!text.empty() && text.back() != '\n') {
        out.pop_back(); // the text had no final line break
      }
      break;
    }
    start = end + 1;
  }
  return out;
}

std::string
apply_plan_line(const std::string& command, int width)
{
  return "\n" + labelled_command("", "to apply this plan", command, width);
}

} // namespace rwdoctor::report
