// Private scratch directories for tests that write files (plans, undo files, hostile paths):
// shared by the unit and the database tests.
#pragma once

#include <string>
#include <vector>

namespace rwdoctor::test {

// A fresh private directory under $TMPDIR (or /tmp), removed with its contents at the end.
class TemporaryDirectory
{
public:
  TemporaryDirectory();
  ~TemporaryDirectory();
  TemporaryDirectory(const TemporaryDirectory&) = delete;
  TemporaryDirectory& operator=(const TemporaryDirectory&) = delete;
  const std::string& path() const { return m_path; }
  std::string file(const std::string& name) const { return m_path + "/" + name; }
  // Names of the entries in the directory, sorted.
  std::vector<std::string> entries() const;

private:
  std::string m_path;
};

bool file_exists(const std::string& path);

} // namespace rwdoctor::test
