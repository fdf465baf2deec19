// An anonymous temporary file that holds rendered output until the report is put together:
// std::tmpfile() unlinks it at once, so no path is ever left behind, also after a crash.
#pragma once

#include <cstdint>
#include <cstdio>
#include <ostream>
#include <string>
#include <string_view>

namespace rwdoctor::report {

class SpoolFile
{
public:
  SpoolFile() = default;
  ~SpoolFile();
  SpoolFile(SpoolFile&& other) noexcept;
  SpoolFile& operator=(SpoolFile&&) = delete;
  SpoolFile(const SpoolFile&) = delete;
  SpoolFile& operator=(const SpoolFile&) = delete;

  // Appends `text`; the file is created on the first write, so an empty spool never touches
  // the temporary directory. Throws OperationalError (with a HINT) when the file cannot be
  // created or written, e.g. when the temporary directory is full.
  void write(std::string_view text);

  // The bytes kept so far.
  std::uint64_t size() const { return m_size; }

  // Forgets everything after the first `size` bytes (at most size()); later writes follow them.
  void truncate(std::uint64_t size);

  // Copies the kept bytes to `out` in fixed-size chunks. Call once, after the last write.
  // Throws OperationalError when the file cannot be read back.
  void copy_to(std::ostream& out);

  // The `length` bytes kept at `offset` (within size()). Call after the last write. Throws
  // OperationalError when the file cannot be read back.
  std::string read_at(std::uint64_t offset, std::size_t length);

private:
  std::FILE* m_file = nullptr;
  std::uint64_t m_size = 0;
};

} // namespace rwdoctor::report
