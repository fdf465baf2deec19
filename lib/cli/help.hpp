#pragma once

#include <string>

namespace rwdoctor::cli {

// `rwdoctor --help`: commands, connection conventions and exit codes.
std::string general_help();

} // namespace rwdoctor::cli
