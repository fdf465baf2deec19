#include "checks/catalogue.hpp"
#include "checks/finding_enricher.hpp"

#include <catch2/catch.hpp>

using namespace rwdoctor;
using namespace rwdoctor::checks;

namespace {

const CheckSpec&
job_without_fragments()
{
  return Catalogue::builtin().primary("job-without-fragments");
}

db::ObjectInfo
mv_object()
{
  db::ObjectInfo object;
  object.oid = 1004;
  object.obj_type = "TABLE";
  object.database_id = 1;
  object.database_name = "dev";
  object.schema_name = "Sales Ops";
  object.object_name = "mv_orders";
  object.job_status = "CREATED";
  return object;
}

} // namespace

TEST_CASE("qualified names quote the parts that need it", "[finding]")
{
  auto object = mv_object();
  CHECK(qualified_name(object) == "dev.\"Sales Ops\".mv_orders");
  object.object_name.reset();
  CHECK_FALSE(qualified_name(object).has_value());
  db::ObjectInfo schema;
  schema.obj_type = "SCHEMA";
  schema.database_name = "dev";
  schema.object_name = "public";
  CHECK(qualified_name(schema) == "dev.public");
  db::ObjectInfo database;
  database.obj_type = "DATABASE";
  database.object_name = "Analytics";
  CHECK(qualified_name(database) == "\"Analytics\"");
}

TEST_CASE("a finding takes the check's defaults, row overrides and the object's description", "[finding]")
{
  RawFinding raw;
  raw.job_id = 1004;
  raw.object_id = 1004;
  raw.message = "streaming job 1004 has no fragment rows";
  const auto object = mv_object();
  const auto finding = make_finding(job_without_fragments(), raw, &object);
  CHECK(finding.check == "job-without-fragments");
  CHECK(finding.severity == job_without_fragments().severity);
  CHECK(finding.database_id == 1);
  CHECK(finding.object_type == "TABLE");
  CHECK(finding.job_status == "CREATED");
  CHECK(finding.name == "dev.\"Sales Ops\".mv_orders");
  CHECK(finding.repairs == job_without_fragments().repairs);

  SECTION("an info finding offers no repair")
  {
    raw.severity = Severity::info;
    raw.consequence = Consequence::transient;
    const auto info = make_finding(job_without_fragments(), raw, &object);
    CHECK(info.severity == Severity::info);
    CHECK(info.consequence == Consequence::transient);
    CHECK(info.repairs.empty());
  }
  SECTION("job repairs need a job id")
  {
    raw.job_id.reset();
    const auto no_job = make_finding(job_without_fragments(), raw, nullptr);
    for (const auto repair : no_job.repairs) {
      CHECK(repair == Repair::manual);
    }
    CHECK_FALSE(no_job.name.has_value());
  }
  SECTION("an object of another job's carries the owner's job id, never over the check's own")
  {
    raw.job_id.reset();
    const auto owned = make_finding(job_without_fragments(), raw, &object, 41);
    CHECK(owned.job_id == 41);
    CHECK(owned.repairs == job_without_fragments().repairs);
    raw.job_id = 1004;
    CHECK(make_finding(job_without_fragments(), raw, &object, 41).job_id == 1004);
  }
}

TEST_CASE("contract spellings round-trip", "[finding]")
{
  for (const auto severity : {Severity::critical, Severity::error, Severity::warning, Severity::info}) {
    CHECK(parse_severity(to_string(severity)) == severity);
  }
  CHECK(to_string(Consequence::data_loss) == "data-loss");
  CHECK(to_string(Consequence::recovery_error) == "recovery-error");
  CHECK(to_string(Repair::restore_fragments) == "restore-fragments");
  CHECK_FALSE(parse_severity("fatal").has_value());
  CHECK_FALSE(counts_as_inconsistency(Severity::info));
  CHECK(counts_as_inconsistency(Severity::warning));
}
