#include "repair/repair_checks.hpp"

#include "checks/catalogue.hpp"

namespace rwdoctor::repair {

checks::CheckSelection
repair_check_selection(const std::set<int>& job_ids)
{
  checks::CheckSelection selection;
  for (const auto& id : checks::Catalogue::builtin().ids()) {
    if (id != "blob-malformed") {
      selection.check_ids.push_back(id);
    }
  }
  selection.job_ids = job_ids;
  return selection;
}

} // namespace rwdoctor::repair
