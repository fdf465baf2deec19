#include "util/text.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>

namespace rwdoctor::util {

bool
starts_with(std::string_view text, std::string_view prefix)
{
  return text.substr(0, prefix.size()) == prefix;
}

bool
ends_with(std::string_view text, std::string_view suffix)
{
  return text.size() >= suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

std::string_view
trim(std::string_view text)
{
  const auto is_space = [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; };
  while (!text.empty() && is_space(text.front())) {
    text.remove_prefix(1);
  }
  while (!text.empty() && is_space(text.back())) {
    text.remove_suffix(1);
  }
  return text;
}

std::vector<std::string>
split_words(std::string_view text)
{
  std::vector<std::string> words;
  std::string current;
  for (const char c : text) {
    if (std::isspace(static_cast<unsigned char>(c)) != 0 || c == ',') {
      if (!current.empty()) {
        words.push_back(std::move(current));
        current.clear();
      }
    } else {
      current.push_back(c);
    }
  }
  if (!current.empty()) {
    words.push_back(std::move(current));
  }
  return words;
}

std::string
to_lower(std::string_view text)
{
  std::string out(text);
  for (auto& c : out) {
    if (c >= 'A' && c <= 'Z') {
      c = static_cast<char>(c - 'A' + 'a');
    }
  }
  return out;
}

std::string
first_line(std::string_view text)
{
  return std::string(trim(text.substr(0, text.find('\n'))));
}

std::string
sql_literal(std::string_view text)
{
  std::string out = "'";
  for (const char c : text) {
    out += c == '\'' ? std::string("''") : std::string(1, c);
  }
  return out + "'";
}

std::string
shell_quote(std::string_view word)
{
  const bool bare = !word.empty() && std::all_of(word.begin(), word.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
           || std::string_view("_-./:=@%+,").find(c) != std::string_view::npos;
  });
  if (bare) {
    return std::string(word);
  }
  std::string quoted = "'";
  for (const char c : word) {
    if (c == '\'') {
      quoted += "'\\''";
    } else {
      quoted += c;
    }
  }
  return quoted + "'";
}

std::string
quote_identifier_if_needed(std::string_view name)
{
  bool plain = !name.empty() && (std::islower(static_cast<unsigned char>(name[0])) != 0 || name[0] == '_');
  for (const char c : name) {
    const auto u = static_cast<unsigned char>(c);
    if (!(std::islower(u) != 0 || std::isdigit(u) != 0 || c == '_')) {
      plain = false;
    }
  }
  if (plain) {
    return std::string(name);
  }
  std::string quoted = "\"";
  for (const char c : name) {
    quoted += c;
    if (c == '"') {
      quoted += '"';
    }
  }
  quoted += '"';
  return quoted;
}

bool
parse_int32(std::string_view text, int& out)
{
  if (text.empty()) {
    return false;
  }
  const auto* first = text.data();
  const auto* last = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(first, last, out);
  return ec == std::errc() && ptr == last;
}

std::string
fill_prose(std::string_view prose, std::size_t width)
{
  std::string out;
  std::string line;   // being filled
  std::string indent; // of the lines that continue a list item
  bool list_ended_sentence = false;
  const auto flush = [&]() {
    if (!line.empty()) {
      out += line;
      out += '\n';
      line.clear();
    }
  };
  std::size_t offset = 0;
  while (offset < prose.size()) {
    const auto end = std::min(prose.find('\n', offset), prose.size());
    const auto source_line = trim(prose.substr(offset, end - offset));
    offset = end + 1;
    if (source_line.empty()) {
      continue;
    }
    if (starts_with(source_line, "* ")) {
      flush();
      indent = "  ";
    } else if (!indent.empty() && list_ended_sentence && std::isupper(static_cast<unsigned char>(source_line[0]))) {
      // a sentence after the list: a line of its own, not part of the last item
      flush();
      indent.clear();
    }
    list_ended_sentence = source_line.back() == '.';
    std::size_t word_start = 0;
    while (word_start < source_line.size()) {
      auto word_end = source_line.find(' ', word_start);
      if (word_end == std::string_view::npos) {
        word_end = source_line.size();
      }
      const auto word = source_line.substr(word_start, word_end - word_start);
      word_start = word_end + 1;
      if (word.empty()) {
        continue;
      }
      if (!line.empty() && line.size() + 1 + word.size() > width) {
        flush();
        line = indent;
      } else if (!line.empty()) {
        line += ' ';
      }
      line += word;
    }
  }
  flush();
  return out;
}

bool
parse_duration_seconds(std::string_view text, int& seconds)
{
  std::size_t digits = 0;
  while (digits < text.size() && text[digits] >= '0' && text[digits] <= '9') {
    ++digits;
  }
  int number = 0;
  if (!parse_int32(text.substr(0, digits), number) || number <= 0) {
    return false;
  }
  const auto unit = text.substr(digits);
  long long factor = 0;
  if (unit == "s") {
    factor = 1;
  } else if (unit.empty() || unit == "m" || unit == "min") {
    factor = 60;
  } else if (unit == "h") {
    factor = 3600;
  } else {
    return false;
  }
  const long long total = number * factor;
  if (total > 2147483647LL) {
    return false;
  }
  seconds = static_cast<int>(total);
  return true;
}

namespace {

int
hex_digit(char c)
{
  if (c >= '0' && c <= '9') {
    return c - '0';
  }
  if (c >= 'a' && c <= 'f') {
    return c - 'a' + 10;
  }
  if (c >= 'A' && c <= 'F') {
    return c - 'A' + 10;
  }
  return -1;
}

// hex_digit of every byte, looked up: blobs are decoded a byte pair at a time.
struct HexDigits
{
  signed char values[256];
  HexDigits() : values{}
  {
    for (int c = 0; c < 256; ++c) {
      values[c] = static_cast<signed char>(hex_digit(static_cast<char>(c)));
    }
  }
};
const HexDigits k_hex_digits;

} // namespace

std::string
encode_bytea_hex(std::string_view bytes)
{
  static constexpr char digits[] = "0123456789abcdef";
  std::string text = "\\x";
  text.reserve(2 + 2 * bytes.size());
  for (const unsigned char byte : bytes) {
    text += digits[byte >> 4];
    text += digits[byte & 0x0f];
  }
  return text;
}

bool
decode_bytea_hex(std::string_view text, std::string& out)
{
  if (!starts_with(text, "\\x") || text.size() % 2 != 0) {
    return false;
  }
  out.resize((text.size() - 2) / 2);
  char* next = out.data();
  for (std::size_t i = 2; i < text.size(); i += 2) {
    const int high = k_hex_digits.values[static_cast<unsigned char>(text[i])];
    const int low = k_hex_digits.values[static_cast<unsigned char>(text[i + 1])];
    if (high < 0 || low < 0) {
      out.clear();
      return false;
    }
    *next++ = static_cast<char>(high * 16 + low);
  }
  return true;
}

std::string
copy_text_line(const std::vector<std::optional<std::string>>& values)
{
  std::size_t size = values.size();
  for (const auto& value : values) {
    size += value ? value->size() : 2;
  }
  std::string line;
  line.reserve(size + size / 16);
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (i != 0) {
      line += '\t';
    }
    if (!values[i]) {
      line += "\\N";
      continue;
    }
    split_at_specials(
      *values[i], "\\\n\r\t", [&line](std::string_view stretch) { line.append(stretch); },
      [&line](char c) { line += c == '\\' ? "\\\\" : c == '\n' ? "\\n" : c == '\r' ? "\\r" : "\\t"; });
  }
  return line;
}

namespace {

// `field` (one field of a COPY text line, not \N) with its backslash escapes read back.
void
unescape_copy_field(std::string_view field, std::string& value)
{
  value.clear();
  value.reserve(field.size());
  while (!field.empty()) {
    const auto backslash = field.find('\\');
    value.append(field.substr(0, backslash));
    if (backslash == std::string_view::npos || backslash + 1 == field.size()) {
      if (backslash != std::string_view::npos) {
        value += '\\'; // a lone backslash at the end: COPY never writes one; keep it
      }
      return;
    }
    const char escaped = field[backslash + 1];
    switch (escaped) {
    case 'n':
      value += '\n';
      break;
    case 'r':
      value += '\r';
      break;
    case 't':
      value += '\t';
      break;
    case 'b':
      value += '\b';
      break;
    case 'f':
      value += '\f';
      break;
    case 'v':
      value += '\v';
      break;
    default:
      value += escaped;
    }
    field.remove_prefix(backslash + 2);
  }
}

} // namespace

void
parse_copy_text_line(std::string_view line, std::vector<std::optional<std::string>>& out)
{
  if (!line.empty() && line.back() == '\n') {
    line.remove_suffix(1);
  }
  std::size_t count = 0;
  for (;;) {
    const auto tab = line.find('\t');
    const auto field = line.substr(0, tab);
    if (count == out.size()) {
      out.emplace_back();
    }
    auto& value = out[count++];
    if (field == "\\N") {
      value.reset();
    } else {
      if (!value) {
        value.emplace();
      }
      unescape_copy_field(field, *value);
    }
    if (tab == std::string_view::npos) {
      break;
    }
    line.remove_prefix(tab + 1);
  }
  out.resize(count);
}

} // namespace rwdoctor::util

namespace rwdoctor::util {

std::vector<std::string>
parse_pg_name_array(const std::string& literal)
{
  std::vector<std::string> names;
  std::string current;
  bool quoted = false;
  for (std::size_t i = 1; i + 1 < literal.size(); ++i) {
    const char c = literal[i];
    if (c == '"') {
      quoted = !quoted;
    } else if (c == '\\' && quoted && i + 2 < literal.size()) {
      current += literal[++i];
    } else if (c == ',' && !quoted) {
      names.push_back(std::move(current));
      current.clear();
    } else {
      current += c;
    }
  }
  if (!current.empty() || literal.size() > 2) {
    names.push_back(std::move(current));
  }
  return names;
}

std::string
pg_text_array(const std::vector<std::string>& values)
{
  std::string literal = "{";
  for (std::size_t i = 0; i < values.size(); ++i) {
    literal += i == 0 ? "\"" : ",\"";
    for (const char c : values[i]) {
      if (c == '"' || c == '\\') {
        literal += '\\';
      }
      literal += c;
    }
    literal += '"';
  }
  return literal + "}";
}

std::string
pg_int_array(const std::vector<int>& values)
{
  std::string literal = "{";
  for (std::size_t i = 0; i < values.size(); ++i) {
    literal += (i == 0 ? "" : ",") + std::to_string(values[i]);
  }
  return literal + "}";
}

} // namespace rwdoctor::util

namespace rwdoctor::util {

std::string
statement_head(std::string_view statement, std::size_t chars, std::string_view whole_in)
{
  if (statement.size() <= chars) {
    return printable(statement);
  }
  return printable(statement.substr(0, chars)) + "... (" + std::to_string(statement.size())
         + " characters; all of it: " + std::string(whole_in) + ")";
}

std::string
printable(std::string_view text)
{
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u == 0x7f) {
      static const char* const digits = "0123456789abcdef";
      out += "\\x";
      out += digits[u >> 4];
      out += digits[u & 15];
    } else {
      out += c;
    }
  }
  return out;
}

} // namespace rwdoctor::util
