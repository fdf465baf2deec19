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

std::vector<Finding>
FindingEnricher::enrich(const CheckSpec& spec, const std::vector<RawFinding>& raw)
{
  const auto subject_of = [](const RawFinding& finding) { return finding.object_id ? finding.object_id : finding.job_id; };
  std::map<int, db::ObjectInfo> objects;
  std::map<int, int> owners;
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
      for (auto& object : m_session.describe_objects(std::vector<int>(wanted.begin(), wanted.end()))) {
        const int oid = object.oid;
        objects.emplace(oid, std::move(object));
      }
      for (const auto& [oid, owner] :
           m_session.object_owners(std::vector<int>(jobless.begin(), jobless.end()), m_with_parent)) {
        owners.emplace(oid, owner);
      }
    } catch (const Error& error) {
      m_failed = true;
      m_warnings.push_back(fmt::format("cannot read object names: {}", error.what()));
    }
  }

  std::vector<Finding> findings;
  findings.reserve(raw.size());
  for (const auto& finding : raw) {
    const auto subject = subject_of(finding);
    const auto found = subject ? objects.find(*subject) : objects.end();
    // An internal table, associated source or subscription is part of its owner's job.
    const auto owner = finding.object_id ? owners.find(*finding.object_id) : owners.end();
    findings.push_back(make_finding(spec, finding, found == objects.end() ? nullptr : &found->second,
                                    owner == owners.end() ? std::nullopt : std::optional<int>(owner->second)));
  }
  return findings;
}

} // namespace rwdoctor::checks
