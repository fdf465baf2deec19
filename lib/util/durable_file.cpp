#include "util/durable_file.hpp"

#include "core/error.hpp"
#include "core/fault.hpp"

#include <fmt/format.h>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

namespace rwdoctor::util {

namespace {

// Without a hint: write_new_file_durably adds the one that names the caller's option.
[[noreturn]] void
fail(std::string_view what, const std::string& path, int error)
{
  throw OperationalError(fmt::format("cannot {} '{}': {}", what, path, std::strerror(error)));
}

std::string
directory_of(const std::string& path)
{
  const auto slash = path.find_last_of('/');
  if (slash == std::string::npos) {
    return ".";
  }
  return slash == 0 ? "/" : path.substr(0, slash);
}

void
make_directories(const std::string& directory)
{
  if (directory.empty() || directory == "." || directory == "/") {
    return;
  }
  struct stat info {};
  if (stat(directory.c_str(), &info) == 0) {
    if (!S_ISDIR(info.st_mode)) {
      fail("use directory", directory, ENOTDIR);
    }
    return;
  }
  make_directories(directory_of(directory));
  if (mkdir(directory.c_str(), 0700) != 0 && errno != EEXIST) {
    fail("create directory", directory, errno);
  }
}

// Writes all of `contents` to the temporary file `fd`; on failure closes and removes it, so a
// full disk or a file size limit leaves nothing behind.
void
write_all(int fd, const std::string& contents, const std::string& temporary)
{
  std::size_t written = 0;
  while (written < contents.size()) {
    const auto n = ::write(fd, contents.data() + written, contents.size() - written);
    if (n < 0) {
      if (errno == EINTR) {
        continue;
      }
      const int error = errno;
      ::close(fd);
      ::unlink(temporary.c_str());
      fail("write", temporary, error);
    }
    written += static_cast<std::size_t>(n);
  }
}

void
write_new_file(const std::string& path, const std::string& contents)
{
  const auto directory = directory_of(path);
  make_directories(directory);
  if (access(path.c_str(), F_OK) == 0) {
    fail("create", path, EEXIST);
  }
  const auto temporary = fmt::format("{}.partial-{}", path, getpid());
  const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd < 0) {
    fail("create", temporary, errno);
  }
  write_all(fd, contents, temporary);
  if (::fsync(fd) != 0) {
    const int error = errno;
    ::close(fd);
    ::unlink(temporary.c_str());
    fail("fsync", temporary, error);
  }
  ::close(fd);
  try {
    fault_point("undo-file:written-not-linked");
  } catch (...) {
    ::unlink(temporary.c_str()); // a Ctrl-C there leaves no temporary behind
    throw;
  }
  // link() instead of rename() never replaces a file that appeared meanwhile.
  if (::link(temporary.c_str(), path.c_str()) != 0) {
    const int error = errno;
    ::unlink(temporary.c_str());
    fail("create", path, error);
  }
  ::unlink(temporary.c_str());
  const int dir_fd = ::open(directory.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir_fd < 0 || ::fsync(dir_fd) != 0) {
    const int error = errno;
    if (dir_fd >= 0) {
      ::close(dir_fd);
    }
    fail("fsync directory of", path, error);
  }
  ::close(dir_fd);
}

} // namespace

void
write_new_file_durably(const std::string& path, const std::string& contents, std::string_view option)
{
  try {
    write_new_file(path, contents);
  } catch (const OperationalError& error) {
    throw OperationalError(error.what(), fmt::format("Choose a writable location with {} (an existing file is never "
                                                     "overwritten); nothing was changed.",
                                                     option));
  }
}

bool
rename_durably(const std::string& from, const std::string& to) noexcept
{
  // link() instead of rename() never replaces a file that appeared meanwhile.
  if (::link(from.c_str(), to.c_str()) != 0) {
    return false;
  }
  ::unlink(from.c_str());
  const int dir_fd = ::open(directory_of(to).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir_fd >= 0) {
    ::fsync(dir_fd);
    ::close(dir_fd);
  }
  return true;
}

std::string
read_whole_file(const std::string& path)
{
  struct stat info {};
  if (stat(path.c_str(), &info) != 0) {
    throw OperationalError(fmt::format("cannot read '{}': {}", path, std::strerror(errno)),
                           "Check the path and that the file is readable.");
  }
  if (S_ISDIR(info.st_mode)) {
    throw OperationalError(fmt::format("cannot read '{}': {}", path, std::strerror(EISDIR)),
                           "Give the path of the file itself.");
  }
  std::ifstream file(path, std::ios::binary);
  std::ostringstream contents;
  if (!file || !(contents << file.rdbuf()) || file.bad()) {
    if (info.st_size == 0 && file) {
      return {};
    }
    throw OperationalError(fmt::format("cannot read '{}': {}", path, std::strerror(errno)),
                           "Check the path and that the file is readable.");
  }
  return contents.str();
}

void
remove_file_quietly(const std::string& path)
{
  ::unlink(path.c_str());
}

} // namespace rwdoctor::util
