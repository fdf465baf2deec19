// ensemble-invalid (INV-15): RisingWave's scale controller groups fragments connected by
// NO_SHUFFLE edges into ensembles (find_no_shuffle_graphs in src/meta/src/controller/scale.rs)
// and renders each from its entry fragments. A component without entries (a cycle) is never
// rendered, entries that disagree fail rendering, and a component spanning databases trips
// the `ensemble ... partially exists in database` assertion.
#include "checks/analyzers.hpp"
#include "checks/row_reader.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <memory>
#include <numeric>
#include <set>
#include <unordered_map>

namespace rwdoctor::checks {

namespace {

struct FragmentAttributes
{
  std::optional<int> job_id;
  std::optional<std::string> distribution;
  std::optional<std::string> vnode_count;
  std::optional<std::string> parallelism;
  std::optional<int> database_id;
};

class DisjointSets
{
public:
  // Iterative with path compression: chains of a million fragments must not recurse.
  int
  find(int x)
  {
    m_parent.emplace(x, x);
    int root = x;
    for (int parent = m_parent[root]; parent != root; parent = m_parent[root]) {
      root = parent;
    }
    while (x != root) {
      const int next = m_parent[x];
      m_parent[x] = root;
      x = next;
    }
    return root;
  }
  void
  unite(int a, int b)
  {
    const int ra = find(a);
    const int rb = find(b);
    if (ra != rb) {
      m_parent[std::max(ra, rb)] = std::min(ra, rb);
    }
  }

private:
  std::unordered_map<int, int> m_parent;
};

std::string
describe(const std::optional<std::string>& value)
{
  return value ? *value : "null";
}

std::string
join_ids(const std::vector<int>& ids)
{
  std::string text;
  for (const int id : ids) {
    text += fmt::format("{}{}", text.empty() ? "" : ", ", id);
  }
  return text;
}

// True when the component's NO_SHUFFLE edges contain a directed cycle (Kahn's algorithm).
bool
has_cycle(const std::vector<int>& members, const std::vector<std::pair<int, int>>& edges)
{
  std::map<int, int> in_degree;
  std::map<int, std::vector<int>> out;
  for (const int member : members) {
    in_degree[member] = 0;
  }
  for (const auto& [from, to] : edges) {
    out[from].push_back(to);
    ++in_degree[to];
  }
  std::vector<int> ready;
  for (const auto& [member, degree] : in_degree) {
    if (degree == 0) {
      ready.push_back(member);
    }
  }
  std::size_t visited = 0;
  while (!ready.empty()) {
    const int next = ready.back();
    ready.pop_back();
    ++visited;
    for (const int to : out[next]) {
      if (--in_degree[to] == 0) {
        ready.push_back(to);
      }
    }
  }
  return visited != members.size();
}

// The NO_SHUFFLE edges a block at a time (see StreamingAnalyzer): each row's two fragments'
// attributes and the edge are kept, not the row; the rows may come in any order and split.
class EnsembleJudge final : public StreamingAnalyzer
{
public:
  void
  take(const db::Rows& rows) override
  {
    const RowReader reader(rows);
    struct SideColumns
    {
      int fragment_id, job_id, distribution, vnode_count, parallelism, database_id;
    };
    const auto side_columns = [&](std::string_view side) {
      const auto col = [&](std::string_view name) { return reader.column(fmt::format("{}_{}", side, name)); };
      return SideColumns{col("fragment_id"), col("job_id"),      col("distribution"),
                         col("vnode_count"), col("parallelism"), col("database_id")};
    };
    const SideColumns sides[2] = {side_columns("source"), side_columns("target")};
    for (std::size_t row = 0; row < reader.size(); ++row) {
      int ids[2] = {0, 0};
      int side_index = 0;
      for (const auto& side : sides) {
        const auto fragment_id = reader.integer(row, side.fragment_id);
        if (!fragment_id) {
          continue;
        }
        ids[side_index++] = *fragment_id;
        auto& attributes = m_fragments[*fragment_id];
        attributes.job_id = reader.integer(row, side.job_id);
        attributes.distribution = reader.text(row, side.distribution);
        attributes.vnode_count = reader.text(row, side.vnode_count);
        attributes.parallelism = reader.text(row, side.parallelism);
        attributes.database_id = reader.integer(row, side.database_id);
      }
      if (side_index == 2) {
        m_edges.emplace_back(ids[0], ids[1]);
        m_sets.unite(ids[0], ids[1]);
      }
    }
  }

  std::vector<RawFinding>
  finish() override
  {
    // One pass each over fragments and edges: linear in the number of NO_SHUFFLE edges.
    std::map<int, std::vector<int>> components;
    for (const auto& [fragment_id, attributes] : m_fragments) {
      components[m_sets.find(fragment_id)].push_back(fragment_id);
    }
    std::map<int, std::vector<std::pair<int, int>>> edges_of_component;
    for (const auto& edge : m_edges) {
      edges_of_component[m_sets.find(edge.first)].push_back(edge);
    }

    std::vector<RawFinding> findings;
    for (const auto& [component_id, members] : components) {
      const auto& component_edges = edges_of_component[component_id];
      std::set<int> has_parent;
      for (const auto& edge : component_edges) {
        has_parent.insert(edge.second);
      }
      std::vector<int> roots;
      for (const int member : members) {
        if (has_parent.count(member) == 0) {
          roots.push_back(member);
        }
      }
      const int subject = roots.empty() ? members.front() : roots.front();
      const auto& subject_attributes = m_fragments[subject];
      const auto report = [&](std::string message, Severity severity, Consequence consequence) {
        RawFinding finding;
        finding.fragment_id = subject;
        finding.job_id = subject_attributes.job_id;
        finding.object_id = subject_attributes.job_id;
        finding.message = std::move(message);
        finding.severity = severity;
        finding.consequence = consequence;
        findings.push_back(std::move(finding));
      };

      if (roots.empty() || has_cycle(members, component_edges)) {
        report(fmt::format("no_shuffle ensemble of fragments [{}] contains a cycle{}; it is never rendered",
                           join_ids(members), roots.empty() ? " and has no entry fragment" : ""),
               Severity::critical, Consequence::data_loss);
      }

      std::set<std::optional<int>> databases;
      for (const int member : members) {
        databases.insert(m_fragments[member].database_id);
      }
      if (databases.size() > 1) {
        report(fmt::format("no_shuffle ensemble of fragments [{}] spans {} databases", join_ids(members),
                           databases.size()),
               Severity::critical, Consequence::panic);
      }

      if (roots.size() > 1) {
        const auto differs = [&](auto member_value, std::string_view what) {
          std::set<std::string> values;
          for (const int root : roots) {
            values.insert(member_value(m_fragments[root]));
          }
          if (values.size() > 1) {
            std::string listed;
            for (const int root : roots) {
              listed += fmt::format("{}{}={}", listed.empty() ? "" : ", ", root, member_value(m_fragments[root]));
            }
            report(fmt::format("entry fragments of no_shuffle ensemble [{}] have different {} ({})", join_ids(members),
                               what, listed),
                   Severity::error, Consequence::recovery_error);
          }
        };
        differs([](const FragmentAttributes& a) { return a.job_id ? std::to_string(*a.job_id) : "null"; }, "jobs");
        differs([](const FragmentAttributes& a) { return describe(a.distribution); }, "distribution types");
        differs([](const FragmentAttributes& a) { return describe(a.vnode_count); }, "vnode counts");
        differs([](const FragmentAttributes& a) { return describe(a.parallelism); }, "parallelism settings");
      }
    }
    return findings;
  }

private:
  std::map<int, FragmentAttributes> m_fragments;
  std::vector<std::pair<int, int>> m_edges;
  DisjointSets m_sets;
};

} // namespace

std::unique_ptr<StreamingAnalyzer>
ensemble_judge()
{
  return std::make_unique<EnsembleJudge>();
}

std::vector<RawFinding>
analyze_ensembles(const db::Rows& rows)
{
  return ensemble_judge()->judge_whole(rows);
}

} // namespace rwdoctor::checks
