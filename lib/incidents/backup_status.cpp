#include "incidents/backup_status.hpp"

#include <fmt/format.h>


namespace rwdoctor::incidents {

std::string_view
to_string(BackupStatus status)
{
  switch (status) {
  case BackupStatus::holds:
    return "holds";
  case BackupStatus::not_in_backup:
    return "not-in-backup";
  case BackupStatus::same_fault:
    return "same-fault";
  }
  return "holds";
}

FaultKey
fault_key(const FindingFacts& finding)
{
  return FaultKey{finding.check, finding.job_id, finding.fragment_id, finding.object_id, finding.subject_name};
}

namespace {

std::optional<int>
subject_of(const FindingFacts& finding)
{
  return finding.job_id ? finding.job_id : finding.object_id;
}

} // namespace

BackupStatus
backup_status(const FindingFacts& root, const BackupFacts& backup)
{
  const auto subject = subject_of(root);
  if (subject && backup.held.count(*subject) == 0) {
    return BackupStatus::not_in_backup;
  }
  return backup.faults.count(fault_key(root)) != 0 ? BackupStatus::same_fault : BackupStatus::holds;
}

bool
drop_restore_the_backup_cannot_give(Incident& incident, BackupStatus status)
{
  return status != BackupStatus::holds && remove_restores(incident);
}

std::string
backup_line(BackupStatus status, const FindingFacts& root)
{
  const auto subject = subject_of(root);
  const auto what = !subject ? std::string("this")
                    : root.job_id ? fmt::format("job {}", *subject)
                                  : fmt::format("object {}", *subject);
  switch (status) {
  case BackupStatus::holds:
    return subject ? fmt::format("backup: holds {} without this fault", what)
                   : std::string("backup: does not have this fault");
  case BackupStatus::not_in_backup:
    return fmt::format("backup: {} is not in the backup: nothing of it can be restored from there",
                       what);
  case BackupStatus::same_fault:
    return "backup: has the same fault, so a restore from it would bring the fault back";
  }
  return {};
}

} // namespace rwdoctor::incidents
