// Questions to the DBA on a terminal. While a question waits, Ctrl-C cancels the whole
// command with exit code 32 and nothing changed.
#pragma once

#include <iosfwd>
#include <optional>
#include <string>

namespace rwdoctor::cli {

// True when stdin and stdout are both terminals.
bool interactive_terminal();

// Prints `question`, reads one line (trimmed, lower-cased). Returns "" on end of input.
std::string ask(std::istream& in, std::ostream& out, const std::string& question);

// Prints `prompt` on the terminal (/dev/tty) and reads one line without echo, as psql asks
// for a password. nullopt when stdin is not a terminal or /dev/tty cannot be opened.
std::optional<std::string> read_password(const std::string& prompt);

} // namespace rwdoctor::cli
