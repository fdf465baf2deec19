#include "report/finding_codec.hpp"

#include <cstdint>
#include <cstring>
#include <stdexcept>

namespace rwdoctor::report {

namespace {

class Writer
{
public:
  void number(std::int64_t value)
  {
    char bytes[sizeof value];
    std::memcpy(bytes, &value, sizeof value);
    m_out.append(bytes, sizeof value);
  }
  void optional_int(const std::optional<int>& value)
  {
    number(value ? 1 : 0);
    number(value.value_or(0));
  }
  void text(std::string_view value)
  {
    number(static_cast<std::int64_t>(value.size()));
    m_out.append(value);
  }
  void optional_text(const std::optional<std::string>& value)
  {
    number(value ? 1 : 0);
    text(value ? std::string_view(*value) : std::string_view());
  }
  std::string take() { return std::move(m_out); }

private:
  std::string m_out;
};

class Reader
{
public:
  explicit Reader(std::string_view in) : m_in(in) {}
  std::int64_t number()
  {
    std::int64_t value = 0;
    need(sizeof value);
    std::memcpy(&value, m_in.data(), sizeof value);
    m_in.remove_prefix(sizeof value);
    return value;
  }
  std::optional<int> optional_int()
  {
    const bool present = number() != 0;
    const auto value = static_cast<int>(number());
    return present ? std::optional<int>(value) : std::nullopt;
  }
  std::string text()
  {
    const auto size = number();
    if (size < 0) {
      throw std::logic_error("decode_finding: negative length");
    }
    need(static_cast<std::size_t>(size));
    std::string value(m_in.substr(0, static_cast<std::size_t>(size)));
    m_in.remove_prefix(static_cast<std::size_t>(size));
    return value;
  }
  std::optional<std::string> optional_text()
  {
    const bool present = number() != 0;
    auto value = text();
    return present ? std::optional<std::string>(std::move(value)) : std::nullopt;
  }
  bool done() const { return m_in.empty(); }

private:
  void need(std::size_t size) const
  {
    if (m_in.size() < size) {
      throw std::logic_error("decode_finding: truncated finding");
    }
  }
  std::string_view m_in;
};

} // namespace

std::string
encode_finding(const checks::Finding& finding)
{
  Writer out;
  out.text(finding.check);
  out.number(static_cast<std::int64_t>(finding.severity));
  out.number(static_cast<std::int64_t>(finding.consequence));
  out.optional_int(finding.job_id);
  out.optional_int(finding.fragment_id);
  out.optional_int(finding.object_id);
  out.optional_int(finding.database_id);
  out.optional_text(finding.object_type);
  out.optional_text(finding.name);
  out.optional_text(finding.job_status);
  out.text(finding.message);
  out.number(static_cast<std::int64_t>(finding.repairs.size()));
  for (const auto repair : finding.repairs) {
    out.number(static_cast<std::int64_t>(repair));
  }
  out.optional_text(finding.statement);
  out.text(finding.relation);
  out.optional_int(finding.other_job);
  out.number(finding.clears_after_start ? 1 : 0);
  out.optional_text(finding.kind_from_fragments);
  return out.take();
}

checks::Finding
decode_finding(std::string_view bytes)
{
  Reader in(bytes);
  checks::Finding finding;
  finding.check = in.text();
  finding.severity = static_cast<checks::Severity>(in.number());
  finding.consequence = static_cast<checks::Consequence>(in.number());
  finding.job_id = in.optional_int();
  finding.fragment_id = in.optional_int();
  finding.object_id = in.optional_int();
  finding.database_id = in.optional_int();
  finding.object_type = in.optional_text();
  finding.name = in.optional_text();
  finding.job_status = in.optional_text();
  finding.message = in.text();
  const auto repairs = in.number();
  for (std::int64_t i = 0; i < repairs; ++i) {
    finding.repairs.push_back(static_cast<checks::Repair>(in.number()));
  }
  finding.statement = in.optional_text();
  finding.relation = in.text();
  finding.other_job = in.optional_int();
  finding.clears_after_start = in.number() != 0;
  finding.kind_from_fragments = in.optional_text();
  if (!in.done()) {
    throw std::logic_error("decode_finding: bytes after the finding");
  }
  return finding;
}

} // namespace rwdoctor::report
