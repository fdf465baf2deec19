#include "checks/finding_enricher.hpp"

#include "core/error.hpp"
#include "util/text.hpp"

#include <fmt/format.h>

#include <map>
#include <set>

namespace rwdoctor::checks {

std::optional<std::string>
qualified_name(const db::ObjectInfo& object)
{
  const auto quote = [](const std::string& part) { return util::quote_identifier_if_needed(part); };
  if (object.obj_type == "DATABASE") {
    return object.object_name ? std::optional<std::string>(quote(*object.object_name)) : std::nullopt;
  }
  if (!object.object_name) {
    return std::nullopt;
  }
  // A missing parent row says so in the name, e.g. "<missing database 2>.public.orders_src".
  const std::string database = object.database_name ? quote(*object.database_name)
                               : object.database_id ? fmt::format("<missing database {}>", *object.database_id)
                                                    : std::string("<no database>");
  if (object.obj_type == "SCHEMA") {
    return fmt::format("{}.{}", database, quote(*object.object_name));
  }
  const std::string schema = object.schema_name ? quote(*object.schema_name) : std::string("<missing schema>");
  return fmt::format("{}.{}.{}", database, schema, quote(*object.object_name));
}

Finding
make_finding(const CheckSpec& spec, const RawFinding& raw, const db::ObjectInfo* object, std::optional<int> owner)
{
  Finding finding;
  finding.check = spec.id;
  finding.severity = raw.severity.value_or(spec.severity);
  finding.consequence = raw.consequence.value_or(spec.consequence);
  finding.job_id = raw.job_id ? raw.job_id : owner;
  finding.fragment_id = raw.fragment_id;
  finding.object_id = raw.object_id;
  finding.message = raw.message;
  finding.statement = raw.statement;
  finding.relation = raw.relation;
  finding.other_job = raw.other_job;
  finding.clears_after_start = raw.clears_after_start;
  if (!raw.object_id) {
    finding.name = raw.subject_name;
  }
  if (object != nullptr) {
    finding.database_id = object->database_id;
    if (object->obj_type == "DATABASE") {
      finding.database_id = object->oid;
    }
    finding.object_type = object->obj_type;
    finding.name = qualified_name(*object);
    finding.job_status = object->job_status;
    finding.kind_from_fragments = object->kind_from_fragments;
  }
  // A transient state is RisingWave's own business; a job repair needs a job, but a row of
  // the store itself that the backup has (a system parameter, named by subject_name) may be
  // restored too.
  const bool store_row = !raw.object_id && !raw.job_id && !raw.fragment_id && raw.subject_name;
  if (finding.severity != Severity::info) {
    for (const auto repair : spec.repairs) {
      if ((repair == Repair::drop_job || repair == Repair::restore_fragments || repair == Repair::restore_rows) &&
          !finding.job_id && !(repair == Repair::restore_rows && store_row)) {
        continue;
      }
      // A fix is the finding's own statement, run by rwdoctor: without one the data does
      // not determine it.
      if (repair == Repair::fix && !finding.statement) {
        continue;
      }
      finding.repairs.push_back(repair);
    }
  }
  return finding;
}

void
FindingEnricher::describe(const std::set<int>& wanted, const std::set<int>& jobless)
{
  std::vector<int> unknown;
  for (const int oid : wanted) {
    if (m_described.count(oid) == 0) {
      unknown.push_back(oid);
    }
  }
  std::vector<int> ownerless;
  for (const int oid : jobless) {
    if (m_owners_read.count(oid) == 0) {
      ownerless.push_back(oid);
    }
  }
  if (m_described.size() + unknown.size() > k_kept_descriptions) {
    m_objects.clear();
    m_described.clear();
    unknown.assign(wanted.begin(), wanted.end());
  }
  if (m_owners_read.size() + ownerless.size() > k_kept_descriptions) {
    m_owners.clear();
    m_owners_read.clear();
    ownerless.assign(jobless.begin(), jobless.end());
  }
  for (auto& object : m_session.describe_objects(unknown)) {
    const int oid = object.oid;
    m_objects.insert_or_assign(oid, std::move(object));
  }
  m_described.insert(unknown.begin(), unknown.end());
  for (const auto& [oid, owner] : m_session.object_owners(ownerless, m_with_parent)) {
    m_owners.insert_or_assign(oid, owner);
  }
  m_owners_read.insert(ownerless.begin(), ownerless.end());
}

std::vector<Finding>
FindingEnricher::enrich(const CheckSpec& spec, const std::vector<RawFinding>& raw)
{
  const auto subject_of = [](const RawFinding& finding) { return finding.object_id ? finding.object_id : finding.job_id; };
  if (!m_failed) {
    std::set<int> wanted;
    std::set<int> jobless;
    for (const auto& finding : raw) {
      if (const auto subject = subject_of(finding)) {
        wanted.insert(*subject);
      }
      if (finding.object_id && !finding.job_id) {
        jobless.insert(*finding.object_id);
      }
    }
    try {
      describe(wanted, jobless);
    } catch (const Error& error) {
      m_failed = true;
      m_objects.clear();
      m_owners.clear();
      m_warnings.push_back(fmt::format("cannot read object names: {}", error.what()));
    }
  }

  std::vector<Finding> findings;
  findings.reserve(raw.size());
  for (const auto& finding : raw) {
    const auto subject = subject_of(finding);
    const auto found = subject ? m_objects.find(*subject) : m_objects.end();
    // An internal table, associated source or subscription is part of its owner's job.
    const auto owner = finding.object_id ? m_owners.find(*finding.object_id) : m_owners.end();
    findings.push_back(make_finding(spec, finding, found == m_objects.end() ? nullptr : &found->second,
                                    owner == m_owners.end() ? std::nullopt : std::optional<int>(owner->second)));
  }
  return findings;
}

} // namespace rwdoctor::checks
