// `rwdoctor repair drop|restore|all|fix`, `rwdoctor apply PLAN` and `rwdoctor undo UNDO_FILE`.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace rwdoctor::cli {

// `repair all` (every incident) or, with `fixes_only`, `repair fix --object ID`.
int run_all_command(const std::vector<std::string>& args, bool fixes_only, std::istream& in, std::ostream& out,
                    std::ostream& err);
int run_restore_command(const std::vector<std::string>& args, std::istream& in, std::ostream& out, std::ostream& err);
// `repair drop`; `args` follow `repair` and start with `drop` (or `--help`).
int run_drop_command(const std::vector<std::string>& args, std::istream& in, std::ostream& out, std::ostream& err);
int run_repair_command(const std::vector<std::string>& args, std::istream& in, std::ostream& out, std::ostream& err);
int run_apply_command(const std::vector<std::string>& args, std::istream& in, std::ostream& out, std::ostream& err);
int run_undo_command(const std::vector<std::string>& args, std::istream& in, std::ostream& out, std::ostream& err);

} // namespace rwdoctor::cli
