// The JSON of a state summary, as check's incidents, plans, undo files and audit rows carry it:
// {"grade", "keys", "bytes", "tables": [{"table_id", "grade", "keys", "bytes", "evidence"}]}
// (contract.md; absent numbers are null).
#pragma once

#include "hummock/state_grades.hpp"

#include <nlohmann/json.hpp>

#include <map>

namespace rwdoctor::hummock {

nlohmann::json state_json(const StateSummary& summary);

// What a plan, an undo file or an audit row records: one state_json per job, with "job_id".
nlohmann::json job_states_json(const std::map<int, StateSummary>& states);

} // namespace rwdoctor::hummock
