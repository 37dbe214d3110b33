// estimator_features: per-document cl100k_base counts and the estimator's piece features, the input
// of scripts/fit_estimator.py (which fits the charges in core/pack/token_estimator.cpp).
// Usage: estimator_features [SHARED_DATA_DIR] > features.txt   (needs the cached cl100k_base ranks)
// The piece classification below mirrors TokenEstimator::count; change both together.
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "pack/token_counter_factory.h"
#include "support/mixed_text.h"

namespace {

bool letter(unsigned char c) { return (c | 0x20) >= 'a' && (c | 0x20) <= 'z'; }
bool digit(unsigned char c) { return c >= '0' && c <= '9'; }
bool space(unsigned char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }
size_t utf8_length(const unsigned char* p, const unsigned char* e) {
    const unsigned c = *p;
    const size_t n = c >= 0xF0 && c <= 0xF4 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 && c < 0xE0 ? 2 : 0;
    if (!n || size_t(e - p) < n) return 0;
    for (size_t i = 1; i < n; i++)
        if ((p[i] & 0xC0) != 0x80) return 0;
    return n;
}

// Columns: letter runs, sum (len-1)/k for k = 3..8, case changes, digit groups, space runs, newlines,
// punctuation bytes, 2-, 3-, 4-byte sequences, invalid bytes.
void print_features(const char* set, size_t bpe, const std::string& d) {
    long f[16] = {0};
    const auto* p = reinterpret_cast<const unsigned char*>(d.data());
    const auto* e = p + d.size();
    while (p < e) {
        const unsigned char c = *p;
        if (letter(c)) {
            const auto* s = p;
            size_t changes = 0;
            for (++p; p < e && letter(*p); ++p) changes += ((*p ^ p[-1]) & 0x20) ? 1 : 0;
            const size_t len = size_t(p - s);
            f[0]++;
            for (int k = 3; k <= 8; k++) f[1 + k - 3] += long((len - 1) / size_t(k));
            f[7] += long(changes);
        } else if (digit(c)) {
            const auto* s = p;
            while (p < e && digit(*p)) ++p;
            f[8] += (p - s + 2) / 3;
        } else if (space(c)) {
            const auto* s = p;
            long newlines = 0;
            while (p < e && space(*p)) newlines += *p++ == '\n';
            if (!(p - s == 1 && c == ' ' && p < e && !space(*p))) f[9]++, f[10] += newlines;
        } else if (c < 0x80) {
            f[11]++, ++p;
        } else {
            const size_t n = utf8_length(p, e);
            f[n == 2 ? 12 : n == 3 ? 13 : n == 4 ? 14 : 15]++;
            p += n ? n : 1;
        }
    }
    std::printf("%s %zu", set, bpe);
    for (long x : f) std::printf(" %ld", x);
    std::printf("\n");
}

std::vector<std::string> read_lines(const std::string& path, size_t max_bytes, size_t chunk) {
    std::vector<std::string> out;
    std::ifstream in(path);
    size_t total = 0;
    for (std::string line; total < max_bytes && std::getline(in, line);) {
        for (size_t p = 0; p < line.size();) {  // long lines in item-sized chunks, cut at spaces
            size_t q = std::min(line.size(), p + chunk);
            while (q < line.size() && line[q] != ' ') ++q;
            out.push_back(line.substr(p, q - p));
            total += q - p;
            p = q;
        }
    }
    return out;
}

}  // namespace

int main(int argc, char** argv) {
    const std::string shared = argc > 1 ? argv[1] : SHARED_DATA_DIR;
    auto bpe = bm::open_token_counter("cl100k_base");
    if (!bpe.ok()) {
        std::fprintf(stderr, "%s\n", bpe.error().to_string().c_str());
        return 2;
    }
    const std::vector<std::pair<const char*, std::vector<std::string>>> sets = {
        {"sessions", bm::testing::shared_data_documents(shared, 8u << 20)},
        {"mixed", bm::testing::make_mixed_documents(2u << 20, 7)},
        {"longmemeval", read_lines(shared + "/qa/longmemeval_oracle_even.jsonl", 3u << 20, 1500)},
        {"snli", read_lines(shared + "/nli/snli_dev.tsv", 8u << 20, 1u << 20)},
    };
    for (const auto& [name, docs] : sets)
        for (const auto& d : docs) print_features(name, (*bpe)->count(d), d);
    return 0;
}
