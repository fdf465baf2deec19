// `rwdoctor repair drop`, `rwdoctor apply PLAN` and `rwdoctor undo UNDO_FILE`.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace rwdoctor::cli {

int run_restore_command(const std::vector<std::string>& args, std::istream& in, std::ostream& out, std::ostream& err);
int run_repair_command(const std::vector<std::string>& args, std::istream& in, std::ostream& out, std::ostream& err);
int run_apply_command(const std::vector<std::string>& args, std::istream& in, std::ostream& out, std::ostream& err);
int run_undo_command(const std::vector<std::string>& args, std::istream& in, std::ostream& out, std::ostream& err);

} // namespace rwdoctor::cli
