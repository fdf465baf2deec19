// A finding as the check renderer spools it until the report is put together: every field,
// byte for byte (messages and names may hold any bytes a hostile store put there), in a
// length-prefixed form. Pure; not a file format anything else reads.
#pragma once

#include "checks/finding.hpp"

#include <string>
#include <string_view>

namespace rwdoctor::report {

std::string encode_finding(const checks::Finding& finding);

// Throws std::logic_error when `bytes` is not what encode_finding wrote (a bug, or a spool
// file that changed under us).
checks::Finding decode_finding(std::string_view bytes);

} // namespace rwdoctor::report
