// The path of a check's raw findings to the sink: gathered into blocks, enriched a block at a
// time (names, types, owners from the catalog), filtered by the run's selection, counted.
#pragma once

#include "checks/check_runner.hpp"
#include "checks/finding_enricher.hpp"
#include "checks/raw_finding.hpp"

#include <cstddef>
#include <optional>
#include <vector>

namespace rwdoctor::checks {

// Rows of a query check per cursor fetch at most, and findings per enrichment: large enough
// that the enrichment's two catalog queries per block cost little, small enough that a
// block's memory does not matter.
inline constexpr std::size_t k_block_rows = 1000;

// Takes a check's raw findings as they come (a cursor fetch, an analyzer's result), gathers
// them into blocks of k_block_rows, enriches each block, applies the selection, hands the
// result to the sink and counts what it handed over. Gathering keeps the enrichment's queries
// per block, not per fetch: fetches are sized by bytes and the first is small.
class FindingStream
{
public:
  FindingStream(FindingEnricher& enricher, const CheckSelection& selection, std::optional<int> database_id,
                FindingSink& sink)
    : m_enricher(enricher), m_selection(selection), m_database_id(database_id), m_sink(sink)
  {
  }

  void begin_check();
  void emit(const CheckSpec& spec, std::vector<RawFinding> found);
  // Hands over what is still gathered; call once all of a check's findings are emitted.
  void end_check(const CheckSpec& spec) { flush(spec); }
  // The check failed: forget what is gathered and what the sink took of it.
  void discard_check();
  // Findings the current check handed to the sink.
  std::size_t count() const { return m_count; }
  // True once the sink threw: that ends the run instead of failing one check.
  bool sink_failed() const { return m_sink_failed; }

private:
  void flush(const CheckSpec& spec);

  FindingEnricher& m_enricher;
  const CheckSelection& m_selection;
  std::optional<int> m_database_id;
  FindingSink& m_sink;
  std::vector<RawFinding> m_pending; // emitted, not yet enriched: fewer than k_block_rows
  std::size_t m_count = 0;
  bool m_sink_failed = false;
};

} // namespace rwdoctor::checks
