// What still identifies a job a drop removes, read from the rows the drop captures (the undo
// file keeps them): its owner, when and on which release it was created, its grants and
// dependencies, and its definition where a row still holds one. Printed before a drop so that
// a job nothing can restore (not in the backup, its state gone) can be recreated. Pure.
#pragma once

#include "db/row_store.hpp"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace rwdoctor::repair {

struct JobIdentity
{
  int job = 0;
  std::optional<std::string> owner_id;
  std::optional<std::string> created_at; // object.created_at, else initialized_at (UTC)
  std::optional<std::string> release;    // created_at_cluster_version, else initialized_at_...
  std::size_t grants = 0;                // user_privilege rows on the job
  std::size_t dependencies = 0;          // object_dependency rows with the job on either end
  std::optional<std::string> definition; // of its table, sink, source, view, index or subscription row
  bool definition_from_backup = false;   // live has no row holding it; the backup's
};

// The identity of `job` from `removed` (DropPlan::changes.removed); nullopt when its object
// row is not among them.
// Without a definition among them, the backup's (`backup_definitions`, by job) where it has one.
std::optional<JobIdentity> identity_of(const std::vector<db::CapturedTable>& removed, int job,
                                       const std::map<int, std::string>& backup_definitions = {});

// One line for a plan: "job 50: owner 1, created 2026-12-06 23:51:02 on 3.2.0-alpha, 1 grant,
// 1 dependency; no definition left in the meta store: its owner recreates it from their own
// copy". The definition itself is cut to `definition_chars` characters.
std::string identity_text(const JobIdentity& identity, std::size_t definition_chars = 200);

} // namespace rwdoctor::repair
