#include "temporary_directory.hpp"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

namespace rwdoctor::test {

namespace {

void
remove_tree(const std::string& path)
{
  if (DIR* directory = ::opendir(path.c_str())) {
    while (const dirent* entry = ::readdir(directory)) {
      const std::string name = entry->d_name;
      if (name == "." || name == "..") {
        continue;
      }
      const auto child = path + "/" + name;
      struct stat info {};
      if (::lstat(child.c_str(), &info) == 0 && S_ISDIR(info.st_mode)) {
        remove_tree(child);
      } else {
        ::unlink(child.c_str());
      }
    }
    ::closedir(directory);
  }
  ::rmdir(path.c_str());
}

} // namespace

TemporaryDirectory::TemporaryDirectory()
{
  const char* base = std::getenv("TMPDIR");
  std::string pattern = fmt::format("{}/rwdt-files-XXXXXX", base != nullptr && *base != '\0' ? base : "/tmp");
  REQUIRE(::mkdtemp(pattern.data()) != nullptr);
  m_path = pattern;
}

TemporaryDirectory::~TemporaryDirectory()
{
  remove_tree(m_path);
}

std::vector<std::string>
TemporaryDirectory::entries() const
{
  std::vector<std::string> names;
  if (DIR* directory = ::opendir(m_path.c_str())) {
    while (const dirent* entry = ::readdir(directory)) {
      const std::string name = entry->d_name;
      if (name != "." && name != "..") {
        names.push_back(name);
      }
    }
    ::closedir(directory);
  }
  std::sort(names.begin(), names.end());
  return names;
}

bool
file_exists(const std::string& path)
{
  struct stat info {};
  return ::lstat(path.c_str(), &info) == 0;
}

} // namespace rwdoctor::test
