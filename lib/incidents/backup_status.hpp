// What a backup of the meta store can do for each incident (`check --from`): hold its subject
// without the fault, hold the same fault, or not hold the subject at all. Pure: the reading of
// the backup (repair/backup_reading) hands in what it found.
#pragma once

#include "incidents/incidents.hpp"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

namespace rwdoctor::incidents {

// JSON incidents[].backup: "holds", "not-in-backup", "same-fault" (contract).
enum class BackupStatus { holds, not_in_backup, same_fault };
std::string_view to_string(BackupStatus status);

// What identifies a fault in two stores: check id, job, fragment, object, and for a
// store-level finding (none of the three) its subject's name; as repair::FindingKey.
using FaultKey = std::tuple<std::string, std::optional<int>, std::optional<int>, std::optional<int>, std::string>;
FaultKey fault_key(const FindingFacts& finding);

// A live object the backup has: its name and kind there.
struct BackupName
{
  std::string name; // database.schema.name, quoted where needed
  // "TABLE", "MATERIALIZED VIEW", "INDEX", "INTERNAL" (a TABLE object: its table row's
  // table_type), else the object type ("SINK", ...).
  std::string kind;
};

// What a read of the backup found about the incidents' subjects.
struct BackupFacts
{
  std::set<int> held;         // the roots' jobs and objects that the backup has an object row for
  std::set<FaultKey> faults;  // the backup's findings above info of the roots' checks
  std::map<int, BackupName> names; // the backup's names of live objects that have none
};

// The root's subject (its job, else its object) not in the backup: not_in_backup; the backup
// has the same finding: same_fault; otherwise holds (a store-level root: the backup lacks the
// fault).
BackupStatus backup_status(const FindingFacts& root, const BackupFacts& backup);

// A restore from a backup that does not hold the job, or holds the same fault, cannot clear
// the incident: restore-fragments and restore-rows leave its repairs (the next one becomes
// the recommended; manual when none is left). True when it changed the incident.
bool drop_restore_the_backup_cannot_give(Incident& incident, BackupStatus status);

// The line under an incident's title: what the backup can do for it.
std::string backup_line(BackupStatus status, const FindingFacts& root);

} // namespace rwdoctor::incidents
