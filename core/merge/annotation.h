// The JOIN representation of a slot (SPEC §6): the set of (value, source, evidence) opinions.
//
// Union is associative, commutative and idempotent, so merging branches in any order gives the
// same annotation; collapse to one answer happens once, at selection. Thread-safety: values.
#pragma once

#include <string>
#include <vector>

namespace bm {

struct Opinion {
    std::string value;
    std::string source;  // branch/source id; one source counts once per value (highest level)
    int evidence = 1;    // EvidenceLevel 1..4

    auto operator<=>(const Opinion&) const = default;
};

// A sorted, duplicate-free set of opinions.
class Annotation {
public:
    Annotation() = default;
    explicit Annotation(std::vector<Opinion> opinions);

    // Set union (the JOIN). Associative, commutative, idempotent.
    static Annotation join(const Annotation& a, const Annotation& b);
    void insert(Opinion opinion);

    const std::vector<Opinion>& opinions() const { return m_opinions; }
    bool empty() const { return m_opinions.empty(); }
    bool operator==(const Annotation&) const = default;

private:
    std::vector<Opinion> m_opinions;
};

}  // namespace bm
