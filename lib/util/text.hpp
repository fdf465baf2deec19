// Small string helpers shared by the parsers and renderers.
#pragma once

#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rwdoctor::util {

bool starts_with(std::string_view text, std::string_view prefix);
bool ends_with(std::string_view text, std::string_view suffix);

// `text` without leading and trailing ASCII white space.
std::string_view trim(std::string_view text);

// Splits on runs of white space and commas; no empty words.
std::vector<std::string> split_words(std::string_view text);

// The first line of `text`, trimmed (libpq messages span several lines).
std::string first_line(std::string_view text);

// ASCII lower case ("TABLE" -> "table").
std::string to_lower(std::string_view text);

// `name` as PostgreSQL would need it written: bare when it is a plain lower-case
// identifier, otherwise in double quotes with embedded quotes doubled.
std::string quote_identifier_if_needed(std::string_view name);

// `values` as a PostgreSQL array literal ("{1,2,3}") for a parameter cast with $n::int[].
std::string pg_int_array(const std::vector<int>& values);

// `values` as a PostgreSQL array literal for a parameter cast with $n::text[]: every element
// in double quotes, with '"' and '\' escaped by a backslash ("{\"a\",\"q\\\"x\"}").
std::string pg_text_array(const std::vector<std::string>& values);

// `word` as a POSIX shell reads it back as one word: bare when it holds only characters no
// shell treats specially, otherwise in single quotes ('it'\''s').
std::string shell_quote(std::string_view word);

// `text` as an SQL string literal ('it''s'), for statements shown to a DBA (never run: rwdoctor
// runs its SQL with parameters).
std::string sql_literal(std::string_view text);

// `text` with control characters (newlines, escape sequences) shown as \xNN, so names and
// messages from the store cannot break lines or drive the terminal.
std::string printable(std::string_view text);

// `statement` as printable(), or, when longer than `chars`, its first `chars` characters then
// "... (N characters; all of it: <whole_in>)": a statement carrying a protobuf value is
// hundreds of hex digits, which a screen shows better elsewhere.
std::string statement_head(std::string_view statement, std::size_t chars, std::string_view whole_in);

// `prose` (lines of a check file's explanation) filled to `width` columns: lines run together,
// except that a line starting with "* " starts a list item, whose later lines are indented by
// two. A word longer than the width stands on a line of its own.
std::string fill_prose(std::string_view prose, std::size_t width);

// Parses a whole decimal number that fits in a PostgreSQL integer; false otherwise.
bool parse_int32(std::string_view text, int& out);

// Parses a positive duration as "90s", "30m", "30min" or "2h" (a bare number is minutes) into
// seconds; false for anything else, zero, or more than 2147483647 seconds.
bool parse_duration_seconds(std::string_view text, int& seconds);

// The elements of a PostgreSQL array of names in its text output form: "{a,b}", with
// elements that need it in double quotes ("{\"my col\",b}").
std::vector<std::string> parse_pg_name_array(const std::string& literal);

// The bytes of a bytea value in PostgreSQL's hex output form ("\x0a1b..."); false when
// `text` is not in that form (odd length, a non-hex digit, no "\x" prefix).
bool decode_bytea_hex(std::string_view text, std::string& out);
// The reverse: `bytes` in that form, two lower-case digits per byte.
std::string encode_bytea_hex(std::string_view bytes);

// Calls `visit` with each `separator`-separated part of `text`, in order; none for an empty
// text, and an empty part between two separators.
template <typename Visit>
void
for_each_part(std::string_view text, char separator, Visit&& visit)
{
  while (!text.empty()) {
    const auto end = text.find(separator);
    visit(text.substr(0, end));
    text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
  }
}

// Splits `text` at the bytes of `specials` (at most 4): calls `run(stretch)` for each stretch
// without one (possibly empty) and `special(byte)` for each such byte, in order, ending with a
// run. Each special byte is found with memchr, so a long value with few of them (a bytea in
// hex form has one) costs a few vectorised passes instead of a test per byte; this escaping
// was most of a 1000-job restore's own CPU time.
template <typename Run, typename Special>
void
split_at_specials(std::string_view text, std::string_view specials, Run&& run, Special&& special)
{
  std::array<std::size_t, 4> next{};
  const std::size_t count = std::min(specials.size(), next.size());
  for (std::size_t k = 0; k < count; ++k) {
    next[k] = text.find(specials[k]);
  }
  std::size_t from = 0;
  for (;;) {
    std::size_t at = std::string_view::npos;
    std::size_t which = 0;
    for (std::size_t k = 0; k < count; ++k) {
      if (next[k] < at) {
        at = next[k];
        which = k;
      }
    }
    if (at == std::string_view::npos) {
      break;
    }
    run(text.substr(from, at - from));
    special(text[at]);
    from = at + 1;
    next[which] = text.find(specials[which], from);
  }
  run(text.substr(from));
}

// One row of COPY's text format without its newline: the values (text forms, nullopt for
// NULL, written \N) separated by tabs, with backslash, newline, carriage return and tab
// escaped so the server reads back exactly each value.
std::string copy_text_line(const std::vector<std::optional<std::string>>& values);

// The values of one row in COPY's text format, as `COPY ... TO STDOUT` writes it (its
// newline, if still there, is ignored): fields split at tabs, \N read as NULL, and the
// backslash escapes COPY writes (\\, \n, \r, \t, \b, \f, \v) read back; any other escaped
// byte stands for itself. The inverse of copy_text_line. `out` is overwritten (its
// strings' storage is reused where it can be).
void parse_copy_text_line(std::string_view line, std::vector<std::optional<std::string>>& out);

} // namespace rwdoctor::util
