// dependency-invalid (INV-23): object_dependency must be acyclic, because RisingWave walks it
// with a recursive UNION ALL query (get_referring_objects_cascade) that never ends on a
// cycle, and it must mirror every cross-job fragment edge, or DROP ... RESTRICT of the
// upstream succeeds and leaves the downstream job reading from nothing.
#include "checks/analyzers.hpp"
#include "checks/row_reader.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <map>
#include <memory>
#include <set>

namespace rwdoctor::checks {

namespace {

// Strongly connected components (Tarjan), iterative so deep chains cannot overflow the stack.
std::vector<std::vector<int>>
cyclic_components(const std::map<int, std::set<int>>& graph)
{
  std::map<int, int> index;
  std::map<int, int> low;
  std::set<int> on_stack;
  std::vector<int> stack;
  std::vector<std::vector<int>> cycles;
  int counter = 0;

  for (const auto& [start, unused] : graph) {
    if (index.count(start) != 0) {
      continue;
    }
    // Frames of (node, iterator position into its successors).
    std::vector<std::pair<int, std::set<int>::const_iterator>> frames;
    const auto push = [&](int node) {
      index[node] = low[node] = counter++;
      stack.push_back(node);
      on_stack.insert(node);
      const auto found = graph.find(node);
      static const std::set<int> none;
      frames.emplace_back(node, found == graph.end() ? none.begin() : found->second.begin());
    };
    push(start);
    while (!frames.empty()) {
      auto& [node, next] = frames.back();
      const auto found = graph.find(node);
      const bool more = found != graph.end() && next != found->second.end();
      if (more) {
        const int successor = *next;
        ++next;
        if (index.count(successor) == 0) {
          push(successor);
        } else if (on_stack.count(successor) != 0) {
          low[node] = std::min(low[node], index[successor]);
        }
        continue;
      }
      const int finished = node;
      frames.pop_back();
      if (!frames.empty()) {
        low[frames.back().first] = std::min(low[frames.back().first], low[finished]);
      }
      if (low[finished] == index[finished]) {
        std::vector<int> component;
        int member = 0;
        do {
          member = stack.back();
          stack.pop_back();
          on_stack.erase(member);
          component.push_back(member);
        } while (member != finished);
        const bool self_loop = found != graph.end() && found->second.count(finished) != 0;
        if (component.size() > 1 || self_loop) {
          std::sort(component.begin(), component.end());
          cycles.push_back(std::move(component));
        }
      }
    }
  }
  return cycles;
}

// The dependency rows a block at a time (see StreamingAnalyzer), in any order: the edges are
// kept as a graph of ids, each 'missing' row becomes its finding at once.
class DependencyJudge final : public StreamingAnalyzer
{
public:
  void
  take(const db::Rows& rows) override
  {
    const RowReader reader(rows);
    const int kind = reader.column("kind");
    const int oid = reader.column("oid");
    const int used_by = reader.column("used_by");
    const int message = reader.column("message");
    for (std::size_t row = 0; row < reader.size(); ++row) {
      const auto from = reader.integer(row, oid);
      const auto to = reader.integer(row, used_by);
      if (!from || !to) {
        continue;
      }
      if (reader.text(row, kind) == std::optional<std::string>("edge")) {
        m_graph[*from].insert(*to);
        continue;
      }
      RawFinding finding;
      finding.object_id = *to;
      finding.job_id = *to;
      finding.message = reader.text(row, message).value_or(
        fmt::format("job {} reads from job {} without an object_dependency row", *to, *from));
      m_findings.push_back(std::move(finding));
    }
  }

  std::vector<RawFinding>
  finish() override
  {
    for (const auto& cycle : cyclic_components(m_graph)) {
      std::string members;
      for (const int member : cycle) {
        members += fmt::format("{}{}", members.empty() ? "" : ", ", member);
      }
      RawFinding finding;
      finding.object_id = cycle.front();
      finding.message = fmt::format("object_dependency has a cycle through objects [{}]", members);
      finding.severity = Severity::error;
      finding.consequence = Consequence::ddl_error;
      m_findings.push_back(std::move(finding));
    }
    return std::move(m_findings);
  }

private:
  std::map<int, std::set<int>> m_graph;
  std::vector<RawFinding> m_findings;
};

} // namespace

std::unique_ptr<StreamingAnalyzer>
dependency_judge()
{
  return std::make_unique<DependencyJudge>();
}

std::vector<RawFinding>
analyze_dependencies(const db::Rows& rows)
{
  return dependency_judge()->judge_whole(rows);
}

} // namespace rwdoctor::checks
