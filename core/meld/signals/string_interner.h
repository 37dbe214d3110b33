// StringInterner: dense ids for strings, in one character arena with an open-addressing index.
//
// WordNet interns ~150,000 words at load; std::unordered_map made that the slowest part of the
// load (a node and a string per word). Thread-safety: const methods are safe once building ends.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

namespace bm {

class StringInterner {
public:
    static constexpr uint32_t kNone = UINT32_MAX;

    // REQUIRES: expected > 0; the index grows past it when needed.
    explicit StringInterner(size_t expected = 1024);

    // The id of s, adding it when new. Ids are dense: 0, 1, 2, ... in order of first sight.
    uint32_t intern(std::string_view s);
    // The id of s, or kNone.
    uint32_t find(std::string_view s) const;
    // REQUIRES: id < size(). Valid until the next intern().
    std::string_view view(uint32_t id) const {
        return {m_chars.data() + m_spans[id].offset, m_spans[id].length};
    }
    size_t size() const { return m_spans.size(); }

private:
    struct Span {
        uint32_t offset, length;
    };
    static uint64_t hash(std::string_view s);
    void grow();

    std::vector<char> m_chars;
    std::vector<Span> m_spans;
    // (hash's high 32 bits << 32 | id), kEmpty for none; a power of two long. The hash bits spare
    // most probes a comparison in the arena (a cache miss).
    static constexpr uint64_t kEmpty = UINT64_MAX;
    std::vector<uint64_t> m_slots;
};

}  // namespace bm
