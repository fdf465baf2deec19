// ensemble-invalid (INV-15): RisingWave's scale controller groups fragments connected by
// NO_SHUFFLE edges into ensembles (find_no_shuffle_graphs in src/meta/src/controller/scale.rs)
// and renders each from its entry fragments. A component without entries (a cycle) is never
// rendered, entries that disagree fail rendering, and a component spanning databases trips
// the `ensemble ... partially exists in database` assertion.
#include "checks/analyzers.hpp"
#include "checks/row_reader.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <numeric>
#include <set>
#include <unordered_map>

namespace rwdoctor::checks {

namespace {

// A fragment as the rows give it, in 24 bytes: its texts (distribution type, vnode count,
// parallelism) as the number of their combination in EnsembleAttributes. A store's NO_SHUFFLE
// edges may reach hundreds of thousands of fragments, and these texts take a few values.
struct EnsembleFragment
{
  int fragment_id = 0;
  std::optional<int> job_id;
  std::optional<int> database_id;
  std::uint32_t attributes = 0;
};

// The distinct combinations of a fragment's texts, each text stored once.
class EnsembleAttributes
{
public:
  std::uint32_t
  number(const std::optional<std::string>& distribution, const std::optional<std::string>& vnode_count,
         const std::optional<std::string>& parallelism)
  {
    const Texts texts{text_number(distribution), text_number(vnode_count), text_number(parallelism)};
    const auto [at, added] = m_numbers.emplace(texts, static_cast<std::uint32_t>(m_combinations.size()));
    if (added) {
      m_combinations.push_back(texts);
    }
    return at->second;
  }
  // The texts as the findings write them ("null" for NULL).
  std::string distribution(std::uint32_t number) const { return text(m_combinations[number][0]); }
  std::string vnode_count(std::uint32_t number) const { return text(m_combinations[number][1]); }
  std::string parallelism(std::uint32_t number) const { return text(m_combinations[number][2]); }

private:
  using Texts = std::array<std::uint32_t, 3>; // numbers of texts, 0 for NULL

  std::uint32_t
  text_number(const std::optional<std::string>& text)
  {
    if (!text) {
      return 0;
    }
    const auto [at, added] = m_text_numbers.emplace(*text, static_cast<std::uint32_t>(m_texts.size() + 1));
    if (added) {
      m_texts.push_back(*text);
    }
    return at->second;
  }
  std::string
  text(std::uint32_t number) const
  {
    return number == 0 ? "null" : m_texts[number - 1];
  }

  std::map<Texts, std::uint32_t> m_numbers;
  std::vector<Texts> m_combinations;
  std::unordered_map<std::string, std::uint32_t> m_text_numbers;
  std::vector<std::string> m_texts;
};

// Union-find over dense indices 0..n-1; the root of a set is its smallest index.
class DisjointSets
{
public:
  explicit DisjointSets(std::size_t size) : m_parent(size)
  {
    std::iota(m_parent.begin(), m_parent.end(), 0);
  }
  // Iterative with path compression: chains of a million fragments must not recurse.
  int
  find(int x)
  {
    int root = x;
    while (m_parent[static_cast<std::size_t>(root)] != root) {
      root = m_parent[static_cast<std::size_t>(root)];
    }
    while (x != root) {
      const int next = m_parent[static_cast<std::size_t>(x)];
      m_parent[static_cast<std::size_t>(x)] = root;
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
      m_parent[static_cast<std::size_t>(std::max(ra, rb))] = std::min(ra, rb);
    }
  }

private:
  std::vector<int> m_parent;
};

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

// The NO_SHUFFLE edges a block at a time (see StreamingAnalyzer): each row's two fragments
// and the edge are kept in flat arrays, not the row; the rows may come in any order and split.
// Memory: 24 bytes per fragment (each fragment's entries are compacted to one whenever the
// array is full) and 8 per edge; finish() adds a few integers per fragment and edge, and the
// largest ensemble's maps.
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
        if (m_fragments.size() == m_fragments.capacity() && m_fragments.size() >= 4096) {
          compact(); // before the vector grows: it may not need to
        }
        m_fragments.push_back({*fragment_id, reader.integer(row, side.job_id), reader.integer(row, side.database_id),
                               m_attributes.number(reader.text(row, side.distribution),
                                                   reader.text(row, side.vnode_count),
                                                   reader.text(row, side.parallelism))});
      }
      if (side_index == 2) {
        m_edges.emplace_back(ids[0], ids[1]);
      }
    }
  }

  std::vector<RawFinding>
  finish() override
  {
    compact();
    // Dense indices in fragment id order: members, components and entries come out in the
    // order of their ids, as the findings list them.
    DisjointSets sets(m_fragments.size());
    for (auto& edge : m_edges) {
      edge = {index_of(edge.first), index_of(edge.second)};
      sets.unite(edge.first, edge.second);
    }
    // Members and edges grouped by component, components by their root (the smallest index,
    // so the smallest fragment id), members in id order. Sorted in place: no buffers.
    const auto count = m_fragments.size();
    std::vector<int> root(count);
    for (std::size_t i = 0; i < count; ++i) {
      root[i] = sets.find(static_cast<int>(i));
    }
    const auto root_of = [&](std::size_t index) { return root[index]; };
    std::vector<std::uint32_t> member_order(count);
    std::iota(member_order.begin(), member_order.end(), std::uint32_t{0});
    std::sort(member_order.begin(), member_order.end(), [&](std::uint32_t a, std::uint32_t b) {
      return std::make_pair(root_of(a), a) < std::make_pair(root_of(b), b);
    });
    const auto edge_root = [&](const std::pair<int, int>& edge) { return root_of(static_cast<std::size_t>(edge.first)); };
    std::sort(m_edges.begin(), m_edges.end(),
              [&](const std::pair<int, int>& a, const std::pair<int, int>& b) { return edge_root(a) < edge_root(b); });
    std::vector<bool> has_parent(count, false);
    for (const auto& edge : m_edges) {
      has_parent[static_cast<std::size_t>(edge.second)] = true;
    }

    std::vector<RawFinding> findings;
    std::size_t next_edge = 0;
    for (std::size_t next_member = 0; next_member < count;) {
      const int component = root_of(member_order[next_member]);
      std::vector<int> members;         // fragment ids, ascending
      std::vector<std::size_t> entries; // indices of the members without a NO_SHUFFLE parent
      const std::size_t first = member_order[next_member];
      for (; next_member < count && root_of(member_order[next_member]) == component; ++next_member) {
        const std::size_t index = member_order[next_member];
        members.push_back(m_fragments[index].fragment_id);
        if (!has_parent[index]) {
          entries.push_back(index);
        }
      }
      std::vector<std::pair<int, int>> component_edges; // fragment ids
      for (; next_edge < m_edges.size() && edge_root(m_edges[next_edge]) == component; ++next_edge) {
        const auto& edge = m_edges[next_edge];
        component_edges.emplace_back(m_fragments[static_cast<std::size_t>(edge.first)].fragment_id,
                                     m_fragments[static_cast<std::size_t>(edge.second)].fragment_id);
      }
      judge(members, component_edges, entries.empty() ? first : entries.front(), entries, findings);
    }
    return findings;
  }

private:
  // One ensemble: `members` its fragment ids (ascending), `subject` the index of the fragment
  // its findings name, `roots` the indices of its entry fragments.
  void
  judge(const std::vector<int>& members, const std::vector<std::pair<int, int>>& component_edges, std::size_t subject,
        const std::vector<std::size_t>& roots, std::vector<RawFinding>& findings) const
  {
    const auto& subject_fragment = m_fragments[subject];
    const auto report = [&](std::string message, Severity severity, Consequence consequence) {
      RawFinding finding;
      finding.fragment_id = subject_fragment.fragment_id;
      finding.job_id = subject_fragment.job_id;
      finding.object_id = subject_fragment.job_id;
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
      databases.insert(fragment(member).database_id);
    }
    if (databases.size() > 1) {
      report(fmt::format("no_shuffle ensemble of fragments [{}] spans {} databases", join_ids(members),
                         databases.size()),
             Severity::critical, Consequence::panic);
    }

    if (roots.size() > 1) {
      const auto differs = [&](auto member_value, std::string_view what) {
        std::set<std::string> values;
        for (const auto root : roots) {
          values.insert(member_value(m_fragments[root]));
        }
        if (values.size() > 1) {
          std::string listed;
          for (const auto root : roots) {
            listed += fmt::format("{}{}={}", listed.empty() ? "" : ", ", m_fragments[root].fragment_id,
                                  member_value(m_fragments[root]));
          }
          report(fmt::format("entry fragments of no_shuffle ensemble [{}] have different {} ({})", join_ids(members),
                             what, listed),
                 Severity::error, Consequence::recovery_error);
        }
      };
      differs([](const EnsembleFragment& f) { return f.job_id ? std::to_string(*f.job_id) : "null"; }, "jobs");
      differs([this](const EnsembleFragment& f) { return m_attributes.distribution(f.attributes); },
              "distribution types");
      differs([this](const EnsembleFragment& f) { return m_attributes.vnode_count(f.attributes); }, "vnode counts");
      differs([this](const EnsembleFragment& f) { return m_attributes.parallelism(f.attributes); },
              "parallelism settings");
    }
  }

  // The dense index of a fragment the rows named (m_fragments compacted: sorted, one each).
  int
  index_of(int fragment_id) const
  {
    const auto at = std::lower_bound(m_fragments.begin(), m_fragments.end(), fragment_id,
                                     [](const EnsembleFragment& f, int id) { return f.fragment_id < id; });
    return static_cast<int>(at - m_fragments.begin());
  }

  const EnsembleFragment&
  fragment(int fragment_id) const
  {
    return m_fragments[static_cast<std::size_t>(index_of(fragment_id))];
  }


  // Sorted by fragment id, one entry per fragment, in place (no second array: this runs when
  // the array is full). Which of a fragment's entries stays does not matter: every row of a
  // fragment comes from the same fragment row of one snapshot.
  void
  compact()
  {
    std::sort(m_fragments.begin(), m_fragments.end(),
              [](const EnsembleFragment& a, const EnsembleFragment& b) { return a.fragment_id < b.fragment_id; });
    m_fragments.erase(std::unique(m_fragments.begin(), m_fragments.end(),
                                  [](const EnsembleFragment& a, const EnsembleFragment& b) {
                                    return a.fragment_id == b.fragment_id;
                                  }),
                      m_fragments.end());
  }

  std::vector<EnsembleFragment> m_fragments;
  std::vector<std::pair<int, int>> m_edges; // fragment ids in take(), dense indices in finish()
  EnsembleAttributes m_attributes;
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
