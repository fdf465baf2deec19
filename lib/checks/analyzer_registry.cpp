#include "checks/analyzers.hpp"

#include <map>

namespace rwdoctor::checks {

const Analyzer*
find_analyzer(const std::string& id)
{
  static const std::map<std::string, Analyzer> analyzers = {
    {"ensemble-invalid", [](const AnalyzerInput& input) { return analyze_ensembles(input.rows); }},
    {"dependency-invalid", [](const AnalyzerInput& input) { return analyze_dependencies(input.rows); }},
    {"foreign-keys-missing",
     [](const AnalyzerInput& input) { return analyze_foreign_keys(input.rows, input.generation, input.facts); }},
    {"blob-malformed",
     [](const AnalyzerInput& input) { return analyze_blobs(input.facts, input.blobs, input.stream_nodes); }},
    {"schema-drift", [](const AnalyzerInput& input) { return analyze_schema_drift(input.rows, input.generation); }},
    {"split-duplicated", [](const AnalyzerInput& input) { return analyze_split_duplicates(input.rows); }},
  };
  const auto found = analyzers.find(id);
  return found == analyzers.end() ? nullptr : &found->second;
}

const StreamingAnalyzerFactory*
find_streaming_analyzer(const std::string& id)
{
  static const std::map<std::string, StreamingAnalyzerFactory> analyzers = {
    {"stream-node-mismatch",
     [](const StreamingAnalyzerContext& context) {
       return stream_node_judge(context.generation, context.blobs, context.stream_nodes);
     }},
  };
  const auto found = analyzers.find(id);
  return found == analyzers.end() ? nullptr : &found->second;
}

} // namespace rwdoctor::checks
