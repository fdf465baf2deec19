#include "report/catalogue_text.hpp"

#include "incidents/passes.hpp"
#include "util/text.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace rwdoctor::report {

namespace {

// `text` filled to `width` columns (0: one line), each line indented by `indent` spaces.
std::string
indented(std::string_view text, std::size_t indent, std::size_t width)
{
  const auto filled = width == 0 || width <= indent + 20 ? std::string(text) + "\n"
                                                          : util::fill_prose(text, width - indent);
  std::string out;
  for (std::size_t start = 0; start < filled.size();) {
    const auto end = filled.find('\n', start);
    out += std::string(indent, ' ') + filled.substr(start, end - start) + "\n";
    start = end == std::string::npos ? filled.size() : end + 1;
  }
  return out;
}

} // namespace

std::string
render_catalogue_text(const checks::Catalogue& catalogue, int width)
{
  // The four short columns take 63 characters; the title gets the rest of a wide terminal,
  // a line of its own under them on an 80-column one, and on a narrower one everything does.
  constexpr std::size_t k_columns = 63;
  const auto columns = static_cast<std::size_t>(std::max(width, 0));
  const bool one_line = columns == 0 || columns >= k_columns + 30;
  const bool table = one_line || columns >= k_columns;
  std::string out;
  if (table) {
    out += one_line ? fmt::format("{:<28} {:<7} {:<9} {:<15} {}\n", "CHECK", "INV", "SEVERITY", "CONSEQUENCE", "TITLE")
                    : fmt::format("{:<28} {:<7} {:<9} {}\n", "CHECK", "INV", "SEVERITY", "CONSEQUENCE (title below)");
  }
  for (const auto& id : catalogue.ids()) {
    const auto& spec = catalogue.primary(id);
    std::string applies;
    for (const auto& variant : catalogue.variants(id)) {
      applies += fmt::format("{}{}", applies.empty() ? "" : " | ", checks::applies_to(variant));
    }
    const auto severity = std::string(checks::to_string(spec.severity));
    const auto consequence = std::string(checks::to_string(spec.consequence));
    if (one_line) {
      const auto title = indented(spec.title, k_columns, columns);
      out += fmt::format("{:<28} {:<7} {:<9} {:<15} {}", id, spec.invariant, severity, consequence,
                         title.substr(k_columns));
      if (applies != "all") {
        out += indented("applies to: " + applies, k_columns, columns);
      }
    } else if (table) {
      out += fmt::format("{:<28} {:<7} {:<9} {}\n", id, spec.invariant, severity, consequence);
      out += indented(spec.title + (applies != "all" ? " (applies to: " + applies + ")" : ""), 4, columns);
    } else {
      out += id + "\n";
      out += indented(fmt::format("{}, {}, {}: {}{}", spec.invariant, severity, consequence, spec.title,
                                  applies != "all" ? " (applies to: " + applies + ")" : ""),
                      2, columns);
    }
  }
  return out;
}

std::string
render_explain_text(const checks::Catalogue& catalogue, const std::string& id)
{
  const auto& spec = catalogue.primary(id);
  std::string out = util::fill_prose(fmt::format("{} ({}): {}", spec.id, spec.invariant, spec.title), 80) + "\n";
  out += fmt::format("severity: {}; consequence: {}\n", checks::to_string(spec.severity),
                     checks::to_string(spec.consequence));
  // Filled to 80 columns: a DBA reads this in an incident terminal.
  out += util::fill_prose("meta node: " + spec.meta_node, 80);
  std::string repairs;
  for (const auto repair : spec.repairs) {
    repairs += fmt::format("{}{}", repairs.empty() ? "" : ", ", checks::to_string(repair));
  }
  out += fmt::format("repairs: {}\n\n{}\n", repairs.empty() ? "none" : repairs, util::fill_prose(spec.explain, 80));
  // Where the queries are for a DBA without the source tree: the binary prints them.
  std::string variants;
  for (const auto& variant : catalogue.variants(id)) {
    variants += fmt::format("{}{} ({})", variants.empty() ? "" : ", ",
                            variant.variant.empty() ? "main" : "@" + variant.variant, checks::applies_to(variant));
  }
  out += util::fill_prose(fmt::format("queries: {}", variants), 80);
  out += fmt::format("print them: rwdoctor explain {} --sql\n", id);
  return out;
}

std::string
render_explain_sql(const checks::Catalogue& catalogue, const std::string& id)
{
  std::string out;
  for (const auto& variant : catalogue.variants(id)) {
    out += fmt::format("{}-- {}: {} (applies to: {})\n", out.empty() ? "" : "\n", id,
                       variant.variant.empty() ? "main query" : "variant @" + variant.variant,
                       checks::applies_to(variant));
    if (variant.scoped) {
      out += "-- $1, $2, ...: id lists (int[]) of a scoped run; NULL for the whole store\n";
    }
    out += variant.query + "\n";
  }
  return out;
}

std::string
render_passes_text(const checks::Catalogue& catalogue)
{
  std::string out =
    "Incidents are repaired pass by pass, so that each repair runs on ground that is already sound:\n"
    "a finding's incident is the root cause it follows from, and the incident's pass is that of its\n"
    "root. `rwdoctor check` lists the incidents, and its \"what to do\" block the repairs, in this order.\n";
  for (int number = 1; number <= 6; ++number) {
    const auto pass = static_cast<incidents::Pass>(number);
    out += fmt::format("\n{}. {}: {}\n", number, incidents::to_string(pass), incidents::describe(pass));
    std::string line = "  ";
    for (const auto& id : catalogue.ids()) {
      if (incidents::place_of(id).pass != pass) {
        continue;
      }
      if (line.size() + id.size() + 2 > 80) {
        out += line + "\n";
        line = "  ";
      }
      line += " " + id;
    }
    out += line + "\n";
  }
  return out;
}

} // namespace rwdoctor::report
