// Deterministic mixed English / Chinese / code / edge-case documents for the BPE tests and bench.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace bm::testing {

// Documents of 200 B–8 KiB whose sizes add up to at least `min_total_bytes`; the same seed gives the
// same bytes on every machine. Every document is valid UTF-8.
std::vector<std::string> make_mixed_documents(size_t min_total_bytes, uint64_t seed);

// Hand-picked edge cases: empty, whitespace runs, CRLF, emoji and ZWJ sequences, contractions in
// capitals, long runs, non-Latin digits and letters, and invalid UTF-8 bytes.
std::vector<std::string> edge_case_documents();

// Real text from ../shared/data (session logs, one document per line, and whole files); empty when
// `shared_data_dir` is missing.
std::vector<std::string> shared_data_documents(const std::string& shared_data_dir, size_t max_total_bytes);

}  // namespace bm::testing
