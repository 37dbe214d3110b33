// IdfTable: inverse document frequencies of hashed text features, fit from a corpus of texts.
//
// idf(f) = ln((1 + N) / (1 + df(f))) + 1 (the smoothed form), so a feature seen in every text
// still weighs 1 and one never seen weighs the most. An unfitted table weighs every feature 1;
// the feature extractor then falls back on its own priors (stop words light, content words full).
// Thread-safety: immutable after fit(); const methods are safe from any thread.
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace bm {

class IdfTable {
public:
    IdfTable() = default;  // unfitted

    // REQUIRES: each element holds one document's features (duplicates are counted once).
    static IdfTable fit(const std::vector<std::vector<uint64_t>>& documents);

    // The weight of a feature: its idf when fitted (the unseen-feature idf when absent), else 1.
    double weight(uint64_t feature) const;
    bool fitted() const { return m_documents > 0; }
    size_t documents() const { return m_documents; }
    // 12 hex digits identifying the table's content ("unfitted" when not fitted), for identity().
    std::string fingerprint() const;

private:
    size_t m_documents = 0;
    double m_unseen = 1.0;
    std::unordered_map<uint64_t, float> m_idf;
};

}  // namespace bm
