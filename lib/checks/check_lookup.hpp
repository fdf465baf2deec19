// Finding a check by what a DBA types: its id, or the invariant every finding prints
// ("INV-08", "inv-8", "N5"). Pure.
#pragma once

#include "checks/catalogue.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rwdoctor::checks {

// The check id `text` names (an id, or an invariant label in any case, with or without its
// leading zero), or nullopt.
std::optional<std::string> find_check(const Catalogue& catalogue, std::string_view text);

// Ids close to a mistyped `text` (at most two edits away, or starting with it), best first;
// empty when none is.
std::vector<std::string> similar_checks(const Catalogue& catalogue, std::string_view text);

// Edit distance (insertions, deletions, substitutions) between `a` and `b`.
std::size_t edit_distance(std::string_view a, std::string_view b);

} // namespace rwdoctor::checks
