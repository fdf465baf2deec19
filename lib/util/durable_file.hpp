// Files whose contents must survive a crash: the undo file of a repair is written and
// fsync'd (file and directory) before the repair commits.
#pragma once

#include <string>
#include <string_view>

namespace rwdoctor::util {

// Creates `path` (never overwriting an existing file) with mode 0600, writes `contents`,
// fsyncs it, and fsyncs its directory, creating missing directories (0700). Writes go to a
// temporary name first and are renamed into place, so `path` exists only complete. Throws
// OperationalError naming the path and the OS error, its hint naming `option`, the command
// line option that chose the path.
void write_new_file_durably(const std::string& path, const std::string& contents,
                            std::string_view option = "--undo-file");

// Gives the durable file `from` the name `to` (which must not exist) and fsyncs the directory;
// false, with `from` left as it was, when that fails.
bool rename_durably(const std::string& from, const std::string& to) noexcept;

// The whole file; throws OperationalError naming the path.
std::string read_whole_file(const std::string& path);

// Removes `path` if it exists; never throws.
void remove_file_quietly(const std::string& path);

} // namespace rwdoctor::util
