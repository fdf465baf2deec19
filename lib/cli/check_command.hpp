// `rwdoctor check`, `rwdoctor checks` and `rwdoctor explain`.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace rwdoctor::cli {

int run_check_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int run_checks_command(const std::vector<std::string>& args, std::ostream& out);
int run_explain_command(const std::vector<std::string>& args, std::ostream& out);

} // namespace rwdoctor::cli
