#include "checks/analyzers.hpp"

#include <map>

namespace rwdoctor::checks {

const Analyzer*
find_analyzer(const std::string& id)
{
  static const std::map<std::string, Analyzer> analyzers = {
    {"foreign-keys-missing",
     [](const AnalyzerInput& input) { return analyze_foreign_keys(input.rows, input.generation, input.facts); }},
    {"blob-malformed",
     [](const AnalyzerInput& input) { return analyze_blobs(input.facts, input.blobs, input.stream_nodes); }},
    {"schema-drift", [](const AnalyzerInput& input) { return analyze_schema_drift(input.rows, input.generation); }},
  };
  const auto found = analyzers.find(id);
  return found == analyzers.end() ? nullptr : &found->second;
}

const StreamingAnalyzerFactory*
find_streaming_analyzer(const std::string& id)
{
  static const std::map<std::string, StreamingAnalyzerFactory> analyzers = {
    {"ensemble-invalid", [](const StreamingAnalyzerContext&) { return ensemble_judge(); }},
    {"dependency-invalid", [](const StreamingAnalyzerContext&) { return dependency_judge(); }},
    {"split-duplicated", [](const StreamingAnalyzerContext&) { return split_judge(); }},
    {"stream-node-mismatch",
     [](const StreamingAnalyzerContext& context) {
       return stream_node_judge(context.generation, context.blobs, context.stream_nodes);
     }},
  };
  const auto found = analyzers.find(id);
  return found == analyzers.end() ? nullptr : &found->second;
}

} // namespace rwdoctor::checks
