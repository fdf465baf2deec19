#include "checks/sibling_checks.hpp"

#include <algorithm>

namespace rwdoctor::checks {

SiblingChecks::SiblingChecks(std::unique_ptr<db::MetaStoreSession> sibling, std::vector<std::size_t> shareable,
                             RunCheck run)
  : m_session(std::move(sibling)), m_shareable(std::move(shareable)), m_run(std::move(run)),
    m_back(m_shareable.size()), m_findings(m_shareable.size()), m_errors(m_shareable.size())
{
  m_thread = std::thread([this] { work(); });
}

SiblingChecks::SiblingChecks(OpenSession open, std::vector<std::size_t> shareable, RunCheck run)
  : m_open(std::move(open)), m_shareable(std::move(shareable)), m_run(std::move(run)), m_back(m_shareable.size()),
    m_findings(m_shareable.size()), m_errors(m_shareable.size())
{
  m_thread = std::thread([this] { work(); });
}

SiblingChecks::~SiblingChecks()
{
  {
    const std::lock_guard<std::mutex> lock(m_mutex);
    m_stop = true;
  }
  m_thread.join();
}

void
SiblingChecks::work()
{
  if (m_open) {
    try {
      m_session = m_open();
    } catch (...) {
      m_session.reset(); // no sibling: a connection that cannot be opened costs speed only
    }
    if (!m_session) {
      return;
    }
  }
  for (;;) {
    std::size_t position = 0;
    {
      const std::lock_guard<std::mutex> lock(m_mutex);
      if (m_stop || m_back <= m_front) {
        return;
      }
      position = --m_back;
    }
    run_at(*m_session, position);
  }
}

void
SiblingChecks::run_at(db::MetaStoreSession& session, std::size_t position)
{
  std::optional<std::vector<RawFinding>> found;
  std::exception_ptr error;
  try {
    found = m_run(session, m_shareable[position]);
  } catch (...) {
    error = std::current_exception();
  }
  {
    const std::lock_guard<std::mutex> lock(m_mutex);
    m_findings[position] = std::move(found);
    m_errors[position] = error;
  }
  m_finished.notify_all();
}

bool
SiblingChecks::run_ahead(db::MetaStoreSession& session)
{
  std::size_t position = 0;
  {
    const std::lock_guard<std::mutex> lock(m_mutex);
    if (m_back <= m_front) {
      return false;
    }
    position = m_front++;
  }
  run_at(session, position);
  return true;
}

bool
SiblingChecks::claim(std::size_t index)
{
  if (!std::binary_search(m_shareable.begin(), m_shareable.end(), index)) {
    return true; // not the sibling's to take
  }
  const std::lock_guard<std::mutex> lock(m_mutex);
  if (m_front < m_back && m_shareable[m_front] == index) {
    ++m_front;
    return true;
  }
  return false;
}

std::vector<RawFinding>
SiblingChecks::take(std::size_t index)
{
  const auto position = static_cast<std::size_t>(
    std::lower_bound(m_shareable.begin(), m_shareable.end(), index) - m_shareable.begin());
  std::unique_lock<std::mutex> lock(m_mutex);
  m_finished.wait(lock, [&] { return m_findings[position].has_value() || m_errors[position] != nullptr; });
  if (m_errors[position]) {
    std::rethrow_exception(m_errors[position]);
  }
  auto findings = std::move(*m_findings[position]);
  m_findings[position].reset();
  return findings;
}

} // namespace rwdoctor::checks
