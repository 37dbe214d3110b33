// Fitting and reading an IdfTable.
#include "meld/signals/idf_table.h"

#include <algorithm>
#include <cmath>

#include "util/hash.h"

namespace bm {

IdfTable IdfTable::fit(const std::vector<std::vector<uint64_t>>& documents) {
    IdfTable table;
    if (documents.empty()) return table;
    std::unordered_map<uint64_t, uint32_t> df;
    for (std::vector<uint64_t> features : documents) {
        std::sort(features.begin(), features.end());
        features.erase(std::unique(features.begin(), features.end()), features.end());
        for (uint64_t f : features) ++df[f];
    }
    table.m_documents = documents.size();
    const double n = static_cast<double>(documents.size());
    table.m_unseen = std::log((1.0 + n) / 1.0) + 1.0;
    table.m_idf.reserve(df.size());
    for (const auto& [feature, count] : df)
        table.m_idf.emplace(feature, static_cast<float>(std::log((1.0 + n) / (1.0 + count)) + 1.0));
    return table;
}

double IdfTable::weight(uint64_t feature) const {
    if (!fitted()) return 1.0;
    auto it = m_idf.find(feature);
    return it == m_idf.end() ? m_unseen : it->second;
}

std::string IdfTable::fingerprint() const {
    if (!fitted()) return "unfitted";
    std::vector<std::pair<uint64_t, float>> entries(m_idf.begin(), m_idf.end());
    std::sort(entries.begin(), entries.end());
    std::string bytes;
    bytes.reserve(entries.size() * 12 + 8);
    auto append = [&](const void* p, size_t n) { bytes.append(static_cast<const char*>(p), n); };
    const uint64_t docs = m_documents;
    append(&docs, sizeof docs);
    for (const auto& [feature, idf] : entries) {
        append(&feature, sizeof feature);
        append(&idf, sizeof idf);
    }
    return sha256_hex(bytes).substr(0, 12);
}

}  // namespace bm
