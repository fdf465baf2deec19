// The pure rules of when an undo file applies (repair/undo_rules.hpp), the undo file's own
// pieces (row checksums, paths), and the connection options a printed next step carries.
#include "cli/options.hpp"
#include "db/connection_options.hpp"
#include "repair/undo_file.hpp"
#include "repair/undo_rules.hpp"
#include "util/text.hpp"

#include <catch2/catch.hpp>

#include <cstdlib>

using namespace rwdoctor;
using namespace rwdoctor::repair;

namespace {

UndoEvidence
restore_evidence(std::size_t rows, std::size_t identical, std::size_t absent)
{
  UndoEvidence evidence;
  evidence.action = "restore";
  evidence.repair_id = "abc";
  evidence.path = "/state/undo.json";
  evidence.rows = rows;
  evidence.rows_identical = identical;
  evidence.rows_absent = absent;
  evidence.differing_count = rows - identical;
  return evidence;
}

UndoEvidence
drop_evidence(std::size_t rows, std::size_t identical, std::size_t absent)
{
  auto evidence = restore_evidence(rows, identical, absent);
  evidence.action = "drop";
  evidence.differing_count = rows - absent;
  return evidence;
}

AuditRow
audit_row(long id, std::string action, std::string repair_id, std::string undoes = "")
{
  AuditRow row;
  row.id = id;
  row.at = "2026-12-02T16:47:47Z";
  row.action = std::move(action);
  row.repair_id = std::move(repair_id);
  row.undoes = std::move(undoes);
  row.undo_file = "/state/newer.json";
  return row;
}

} // namespace

TEST_CASE("an undo applies only while its rows are as the repair left them", "[undo-rules]")
{
  SECTION("a restore's rows all there, byte for byte")
  {
    CHECK(decide_undo(restore_evidence(12, 12, 0)).decision == UndoDecision::apply);
  }
  SECTION("one of them changed")
  {
    auto evidence = restore_evidence(12, 11, 0);
    evidence.differing = {"fragment (19): changed since the restore"};
    const auto verdict = decide_undo(evidence);
    CHECK(verdict.decision == UndoDecision::refuse);
    CHECK(verdict.message == "1 of the 12 row(s) and column value(s) the restore wrote are not as it left them: "
                             "fragment (19): changed since the restore");
    CHECK(util::starts_with(verdict.hint, "The meta store moved on since the repair"));
  }
  SECTION("a changed column counts like a changed row")
  {
    auto evidence = restore_evidence(12, 12, 0);
    evidence.columns = 1;
    CHECK(decide_undo(evidence).decision == UndoDecision::refuse);
    evidence.columns_at_new = 1;
    CHECK(decide_undo(evidence).decision == UndoDecision::apply);
  }
  SECTION("a drop's rows all absent")
  {
    CHECK(decide_undo(drop_evidence(11, 0, 11)).decision == UndoDecision::apply);
  }
  SECTION("a drop's rows partly there")
  {
    auto evidence = drop_evidence(11, 1, 9);
    evidence.differing = {"object (41): already there", "object (42): there with other content"};
    const auto verdict = decide_undo(evidence);
    CHECK(verdict.decision == UndoDecision::refuse);
    CHECK(verdict.message == "2 of the 11 row(s) to put back are in the store already: object (41): already there; "
                             "object (42): there with other content");
  }
}

TEST_CASE("an undo already done is nothing to do; one that never committed is refused", "[undo-rules]")
{
  SECTION("the audit table has the undo")
  {
    auto evidence = restore_evidence(12, 12, 0); // a newer restore wrote the same rows again
    evidence.audit_readable = true;
    evidence.audited = true;
    evidence.repair_row = audit_row(1, "restore", "abc");
    evidence.undo_row = audit_row(2, "undo", "def", "abc");
    const auto verdict = decide_undo(evidence);
    CHECK(verdict.decision == UndoDecision::nothing_to_do);
    CHECK(verdict.message == "already undone at 2026-12-02T16:47:47Z (audit row 2); nothing to do");
  }
  SECTION("the marker beside the file has it")
  {
    auto evidence = restore_evidence(12, 12, 0);
    evidence.marker = "undone at 2026-12-02T16:47:47.123Z";
    CHECK(decide_undo(evidence).decision == UndoDecision::nothing_to_do);
  }
  SECTION("without either, the rows: a restore's rows gone")
  {
    const auto verdict = decide_undo(restore_evidence(12, 0, 12));
    CHECK(verdict.decision == UndoDecision::nothing_to_do);
  }
  SECTION("without either, the rows: a drop's rows all back")
  {
    CHECK(decide_undo(drop_evidence(11, 11, 0)).decision == UndoDecision::nothing_to_do);
  }
  SECTION("an audited repair without its audit row never committed")
  {
    auto evidence = restore_evidence(12, 0, 12);
    evidence.audit_readable = true;
    evidence.audited = true;
    const auto verdict = decide_undo(evidence);
    CHECK(verdict.decision == UndoDecision::refuse);
    CHECK(verdict.message == "'/state/undo.json' belongs to a repair that never committed (no audit row has its "
                             "repair id abc): there is nothing to undo");
  }
  SECTION("a pending file: the rows tell a committed repair from an abandoned one")
  {
    auto abandoned = restore_evidence(12, 0, 12);
    abandoned.pending = true;
    CHECK(decide_undo(abandoned).decision == UndoDecision::refuse);
    auto committed = restore_evidence(12, 12, 0);
    committed.pending = true;
    CHECK(decide_undo(committed).decision == UndoDecision::apply);
    auto abandoned_drop = drop_evidence(11, 11, 0);
    abandoned_drop.pending = true;
    CHECK(decide_undo(abandoned_drop).decision == UndoDecision::refuse);
    auto committed_drop = drop_evidence(11, 0, 11);
    committed_drop.pending = true;
    CHECK(decide_undo(committed_drop).decision == UndoDecision::apply);
  }
  SECTION("rows removed by hand after an audited restore")
  {
    auto evidence = restore_evidence(12, 0, 12);
    evidence.audit_readable = true;
    evidence.audited = true;
    evidence.repair_row = audit_row(1, "restore", "abc");
    const auto verdict = decide_undo(evidence);
    CHECK(verdict.decision == UndoDecision::refuse);
    CHECK(verdict.message
          == "the 12 row(s) restore abc inserted (audit row 1) are gone, and no undo of it is recorded: they were "
             "removed by another hand");
  }
}

TEST_CASE("an older undo waits for the newer repair of the same objects", "[undo-rules]")
{
  auto evidence = restore_evidence(12, 12, 0);
  evidence.audit_readable = true;
  evidence.audited = true;
  evidence.repair_row = audit_row(1, "restore", "abc");
  evidence.later_repairs = {audit_row(3, "drop", "ghi")};
  const auto verdict = decide_undo(evidence);
  CHECK(verdict.decision == UndoDecision::refuse);
  CHECK(verdict.message == "a later drop of the same jobs still stands: repair ghi (audit row 3, "
                           "2026-12-02T16:47:47Z), undo file /state/newer.json; undoing this older repair now would "
                           "take back rows that one relies on or changed");
  CHECK(verdict.hint == "Undo the newest repair first (rwdoctor undo /state/newer.json), then this one; nothing was "
                        "changed.");
}

TEST_CASE("undo file names and row checksums", "[undo-rules]")
{
  CHECK(pending_undo_path("/a/undo.json") == "/a/undo.json.pending");
  CHECK(is_pending_undo_path("/a/undo.json.pending"));
  CHECK_FALSE(is_pending_undo_path("/a/undo.json"));
  CHECK(undone_marker_path("/a/undo.json") == "/a/undo.json.undone");
  CHECK(undone_marker_path("/a/undo.json.pending") == "/a/undo.json.undone");
  CHECK(absolute_path("/x/y.json") == "/x/y.json");
  CHECK(util::starts_with(absolute_path("./y.json"), "/"));
  CHECK(util::ends_with(absolute_path("./y.json"), "/y.json"));
  // A NULL and an empty string, a tab inside a value: different rows, different checksums.
  CHECK(row_sha256({std::nullopt}) != row_sha256({std::string()}));
  CHECK(row_sha256({std::string("a\tb")}) != row_sha256({std::string("a"), std::string("b")}));
  CHECK(row_sha256({std::string("1"), std::nullopt}) == row_sha256({std::string("1"), std::nullopt}));
  CHECK(new_repair_id().size() == 12);
  CHECK(new_repair_id() != new_repair_id());
}

TEST_CASE("the default undo directory follows XDG_STATE_HOME, else ~/.local/state", "[undo-rules]")
{
  const char* saved = std::getenv("XDG_STATE_HOME");
  const std::string previous = saved != nullptr ? saved : "";
  setenv("XDG_STATE_HOME", "/var/lib/dba-state", 1);
  CHECK(default_undo_directory() == "/var/lib/dba-state/rwdoctor/undo");
  CHECK(util::starts_with(default_undo_path("drop"), "/var/lib/dba-state/rwdoctor/undo/"));
  CHECK(util::ends_with(default_undo_path("drop"), "-drop.json"));
  setenv("XDG_STATE_HOME", "relative/is/ignored", 1);
  CHECK(util::ends_with(default_undo_directory(), "/.local/state/rwdoctor/undo"));
  if (saved != nullptr) {
    setenv("XDG_STATE_HOME", previous.c_str(), 1);
  } else {
    unsetenv("XDG_STATE_HOME");
  }
}

TEST_CASE("a printed next step repeats the connection without its password", "[connection]")
{
  db::ConnectionOptions options;
  options.dbname = "postgres://rw:s3cret@db1:5433/metadata?sslmode=require";
  options.schema = "public";
  CHECK(cli::connection_arguments(options) == " -d metadata -h db1 -p 5433 -U rw --schema public");
  db::ServerIdentity server;
  server.host = "/run/postgresql";
  server.port = "5432";
  db::ConnectionOptions plain;
  CHECK(cli::connection_arguments(plain, "meta data", &server) == " -d 'meta data' -h /run/postgresql -p 5432");
  CHECK(util::shell_quote("it's") == "'it'\\''s'");
  CHECK(util::shell_quote("/a/b-c_d.json") == "/a/b-c_d.json");
  CHECK(util::shell_quote("") == "''");
  CHECK(util::shell_quote("$HOME") == "'$HOME'");
}

TEST_CASE("the audit row's command line names the command and no password", "[connection]")
{
  db::ConnectionOptions live;
  live.dbname = "postgres://rw:s3cret@db1:5433/metadata";
  const std::vector<std::string> args = {"--job", "16", "-d", live.dbname, "--from", "host=db2 dbname=backup password=hunter2",
                                         "--yes"};
  const auto line = cli::redacted_command_line("repair restore", args, live);
  // The backup's port and user are the environment's (PGPORT, PGUSER) when its conninfo has none.
  CHECK(util::starts_with(line, "rwdoctor repair restore --job 16 -d 'database \"metadata\" on host \"db1\" port 5433 "
                                "as user \"rw\"' --from 'database \"backup\" on host \"db2\""));
  CHECK(util::ends_with(line, "' --yes"));
  CHECK(line.find("hunter2") == std::string::npos);
  const auto joined = cli::redacted_command_line("apply", {"plan.json", "--from=postgres://u:hunter2@db2/backup", "-dx"}, live);
  CHECK(joined.find("hunter2") == std::string::npos);
  CHECK(joined.find("s3cret") == std::string::npos);
  CHECK(util::starts_with(joined, "rwdoctor apply plan.json --from 'database \"backup\" on host \"db2\""));
  CHECK(cli::redacted_command_line("repair drop", {"--job", "16", "--from-schema", "public"}, live) ==
        "rwdoctor repair drop --job 16 --from-schema public");
}
