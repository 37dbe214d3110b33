// GloveProvider: tokens, SIF weights from frequency rank, common-component removal, cosine.
#include "meld/signals/glove_provider.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>

namespace bm {

GloveProvider::GloveProvider(std::shared_ptr<const GloveVectors> vectors, std::shared_ptr<const LexicalProvider> lexical,
                             GloveOptions options)
    : m_vectors(std::move(vectors)), m_lexical(std::move(lexical)), m_options(options) {
    const size_t n = m_vectors->size(), d = m_vectors->dimensions();
    m_zipf_norm = std::log(static_cast<double>(n) + 1) + 0.5772156649;
    if (!m_options.remove_common) return;
    std::vector<double> mean(d, 0);
    for (size_t r = 0; r < n; ++r) {
        const double p = 1.0 / ((static_cast<double>(r) + 1) * m_zipf_norm);
        auto v = m_vectors->vector(r);
        for (size_t k = 0; k < d; ++k) mean[k] += p * v[k];
    }
    double norm = 0;
    for (double x : mean) norm += x * x;
    norm = std::sqrt(norm);
    if (norm == 0) return;
    m_common.resize(d);
    for (size_t k = 0; k < d; ++k) m_common[k] = static_cast<float>(mean[k] / norm);
}

Result<std::shared_ptr<GloveProvider>> GloveProvider::create(const std::filesystem::path& path) {
    auto vectors = GloveVectors::load(path.empty() ? GloveVectors::default_path() : path);
    if (!vectors) return vectors.error();
    auto lexical = std::make_shared<LexicalProvider>(LexicalProvider::create());
    return std::make_shared<GloveProvider>(std::make_shared<GloveVectors>(std::move(*vectors)), std::move(lexical));
}

std::vector<std::string> GloveProvider::tokens(std::string_view text) {
    std::vector<std::string> out;
    std::string cur;
    auto flush = [&] {
        while (!cur.empty() && (cur.back() == '-' || cur.back() == '\'')) cur.pop_back();
        size_t lead = 0;
        while (lead < cur.size() && (cur[lead] == '-' || cur[lead] == '\'')) ++lead;
        if (lead < cur.size()) out.push_back(cur.substr(lead));
        cur.clear();
    };
    for (unsigned char c : text) {
        if (c >= 'A' && c <= 'Z') cur += static_cast<char>(c - 'A' + 'a');
        else if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '\'' || c >= 0x80) cur += static_cast<char>(c);
        else flush();
    }
    flush();
    return out;
}

std::vector<float> GloveProvider::embed(std::string_view text) const {
    const size_t d = m_vectors->dimensions();
    std::vector<double> sum(d, 0);
    size_t known = 0;
    auto add = [&](std::string_view w) {
        const int64_t row = m_vectors->find(w);
        if (row < 0) return false;
        const double p = 1.0 / ((static_cast<double>(row) + 1) * m_zipf_norm);
        const double weight = m_options.sif_a / (m_options.sif_a + p);
        auto v = m_vectors->vector(static_cast<size_t>(row));
        for (size_t k = 0; k < d; ++k) sum[k] += weight * v[k];
        ++known;
        return true;
    };
    for (const std::string& t : tokens(text)) {
        if (add(t)) continue;
        // "in-house" unknown: its parts
        size_t start = 0;
        for (size_t i = 0; i <= t.size(); ++i)
            if (i == t.size() || t[i] == '-') {
                if (i > start) add(std::string_view(t).substr(start, i - start));
                start = i + 1;
            }
    }
    if (known == 0) return {};
    std::vector<float> out(d);
    for (size_t k = 0; k < d; ++k) out[k] = static_cast<float>(sum[k] / static_cast<double>(known));
    if (!m_common.empty()) {
        double dot = 0;
        for (size_t k = 0; k < d; ++k) dot += out[k] * m_common[k];
        for (size_t k = 0; k < d; ++k) out[k] -= static_cast<float>(dot * m_common[k]);
    }
    return out;
}

double GloveProvider::similarity(std::string_view a, std::string_view b) const {
    const std::vector<float> va = embed(a), vb = embed(b);
    if (va.empty() || vb.empty()) return a == b && !a.empty() ? 1.0 : 0.0;
    double dot = 0, na = 0, nb = 0;
    for (size_t k = 0; k < va.size(); ++k) {
        dot += static_cast<double>(va[k]) * vb[k];
        na += static_cast<double>(va[k]) * va[k];
        nb += static_cast<double>(vb[k]) * vb[k];
    }
    if (na == 0 || nb == 0) return a == b ? 1.0 : 0.0;
    const double cosine = dot / std::sqrt(na * nb);
    return std::clamp(cosine, 0.0, 1.0);
}

ContradictionVerdict GloveProvider::contradiction(std::string_view a, std::string_view b) const {
    return m_lexical->contradiction(a, b);
}

std::string GloveProvider::identity() const {
    char a[32];  // std::to_chars: the identity enters Patch ids and MACs, so never the C locale's format
    const auto end = std::to_chars(a, a + sizeof a - 1, m_options.sif_a).ptr;
    *end = '\0';
    return std::string(kName) + "/" + std::to_string(kVersion) + " vectors=" + m_vectors->source() +
           " words=" + std::to_string(m_vectors->size()) + " dims=" + std::to_string(m_vectors->dimensions()) +
           " sif_a=" + a + " common=" + (m_common.empty() ? "kept" : "removed") + " chi=[" + m_lexical->identity() + "]";
}

}  // namespace bm
