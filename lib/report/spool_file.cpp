#include "report/spool_file.hpp"

#include "core/error.hpp"

#include <fmt/format.h>

#include <sys/types.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <vector>

namespace rwdoctor::report {

namespace {

[[noreturn]] void
fail(std::string_view what, int error)
{
  throw OperationalError(fmt::format("cannot {} a temporary file for the findings: {}", what, std::strerror(error)),
                         "rwdoctor spools the findings to the temporary directory while the checks run; free "
                         "space there and run rwdoctor again.");
}

} // namespace

SpoolFile::~SpoolFile()
{
  if (m_file != nullptr) {
    std::fclose(m_file);
  }
}

SpoolFile::SpoolFile(SpoolFile&& other) noexcept : m_file(other.m_file), m_size(other.m_size)
{
  other.m_file = nullptr;
  other.m_size = 0;
}

void
SpoolFile::write(std::string_view text)
{
  if (m_file == nullptr) {
    m_file = std::tmpfile();
    if (m_file == nullptr) {
      fail("create", errno);
    }
  }
  if (std::fwrite(text.data(), 1, text.size(), m_file) != text.size()) {
    fail("write", errno);
  }
  m_size += text.size();
}

void
SpoolFile::truncate(std::uint64_t size)
{
  if (m_file == nullptr || size >= m_size) {
    return;
  }
  // The bytes after `size` stay in the file until overwritten; copy_to() never reads them.
  if (fseeko(m_file, static_cast<off_t>(size), SEEK_SET) != 0) {
    fail("rewind", errno);
  }
  m_size = size;
}

void
SpoolFile::copy_to(std::ostream& out)
{
  if (m_file == nullptr) {
    return;
  }
  // The flush is where a buffered write meets a full disk.
  if (std::fflush(m_file) != 0) {
    fail("write", errno);
  }
  if (fseeko(m_file, 0, SEEK_SET) != 0) {
    fail("read", errno);
  }
  std::vector<char> chunk(64 * 1024);
  for (std::uint64_t left = m_size; left > 0;) {
    const auto want = static_cast<std::size_t>(std::min<std::uint64_t>(left, chunk.size()));
    if (std::fread(chunk.data(), 1, want, m_file) != want) {
      fail("read", std::ferror(m_file) != 0 ? errno : EIO);
    }
    out.write(chunk.data(), static_cast<std::streamsize>(want));
    left -= want;
  }
}

std::string
SpoolFile::read_at(std::uint64_t offset, std::size_t length)
{
  std::string bytes(length, '\0');
  if (length == 0) {
    return bytes;
  }
  if (m_file == nullptr || offset + length > m_size) {
    fail("read", EIO);
  }
  // A read after a write needs the flush (and a seek) between them; the flush is also where
  // a buffered write meets a full disk.
  if (std::fflush(m_file) != 0) {
    fail("write", errno);
  }
  if (fseeko(m_file, static_cast<off_t>(offset), SEEK_SET) != 0 || std::fread(bytes.data(), 1, length, m_file) != length) {
    fail("read", std::ferror(m_file) != 0 ? errno : EIO);
  }
  return bytes;
}

} // namespace rwdoctor::report
