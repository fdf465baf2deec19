// A check as written in sql/checks/<id>[@variant].sql: a comment header with the check's
// metadata, followed by its query. The file is the single source of truth for a check, so a
// DBA reading it in an incident sees the same explanation the tool prints.
#pragma once

#include "checks/finding.hpp"

#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace rwdoctor::checks {

// How the query's rows become findings.
enum class CheckKind {
  query,    // the query returns one row per finding (object_id, job_id, fragment_id, message, ...)
  analyzer, // the query returns input rows for a C++ analyzer registered under the check id
};

// The id sets a scoped query takes, each an int[] computed once per run from the scope's
// jobs (check_runner.cpp), or NULL for the whole store.
enum class ScopeSet {
  jobs,      // the scope's job ids
  fragments, // the fragments of those jobs (fragment.job_id)
  tables,    // their "table" rows (table_id or belongs_to_job_id is one of the jobs), and
             // the rows whose fragment_id is one of `fragments`
  upstream,  // the source fragments, not among `fragments`, of the edges into `fragments`
  children,  // the objects whose object.belong_to_oid is one of the jobs (none on stores
             // without the column): found through its index, so a query need not read every
             // object to find them
};

struct CheckSpec
{
  std::string path;          // e.g. "sql/checks/source-splits-missing@actor.sql"
  std::string id;            // stable check id, e.g. "job-without-fragments"
  std::string variant;       // "" for the main file, else the tag after '@'
  std::string title;         // one line
  std::string invariant;     // "INV-08"
  Severity severity = Severity::warning;
  // Header `worst-severity:`: the most severe a row of this file can report when its rows
  // carry their own severity (default: `severity`). `rwdoctor guard` runs the checks that can
  // be critical; tests/db/test_injections.cpp holds every finding to it.
  Severity worst_severity = Severity::warning;
  Consequence consequence = Consequence::silent;
  std::vector<Repair> repairs;
  // "table" or "table.column". Names every table the query reads (tests/db/
  // test_declared_reads.cpp holds each file to it with EXPLAIN), so that on a store without
  // one of them the check is reported as not applicable or as failed for the missing table
  // (select_variant, check_runner.cpp), never as an SQL error.
  std::vector<std::string> required_relations;
  std::string since;         // migration that must be applied ("" = none)
  std::string until;         // migration that must NOT be applied ("" = none)
  std::string meta_node;     // what the meta node does when the invariant is broken
  std::string explain;       // prose for `rwdoctor explain`, lines joined with '\n'
  CheckKind kind = CheckKind::query;
  // Header `scope: jobs [fragments] [tables] [upstream]`: the query takes the named id sets
  // as $1, $2, ... in that order (an int[] each, all NULL for the whole store), so that it
  // finds the scope's rows by primary key instead of each query scanning for them again.
  // With ids it must return every row of the whole-store run whose evidence includes a row of
  // one of those jobs: its object, streaming_job row, fragments, the edges at either end of
  // them, its table rows and the objects that belong to it. It may leave out the other rows,
  // and may return some of them, but never a row the whole-store run lacks. Repairs use this
  // for their before and after runs (repair_checks.hpp); tests/db/test_injections.cpp holds
  // every scoped file to it.
  bool scoped = false;
  std::vector<ScopeSet> scope_sets; // the header's sets in order; empty unless scoped
  std::string query;         // the SQL after the header

  // The invariant's number (8 for "INV-08"), for ordering; 0 if none.
  int invariant_number() const;

  // The tables of required_relations ("fragment" for "fragment.parallelism").
  std::set<std::string> read_tables() const;
};

// Parses one check file. `path` names it in errors and decides the id/variant it must
// declare. Throws OperationalError naming the file and line when the header is malformed.
CheckSpec
parse_check_file(std::string_view path, std::string_view text);

} // namespace rwdoctor::checks
