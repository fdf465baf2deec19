// Questions to the DBA on a terminal. While a question waits, Ctrl-C cancels the whole
// command with exit code 32 and nothing changed.
#pragma once

#include <iosfwd>
#include <string>

namespace rwdoctor::cli {

// True when stdin and stdout are both terminals.
bool interactive_terminal();

// Prints `question`, reads one line (trimmed, lower-cased). Returns "" on end of input.
std::string ask(std::istream& in, std::ostream& out, const std::string& question);

} // namespace rwdoctor::cli
