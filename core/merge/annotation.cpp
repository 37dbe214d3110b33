// Sorted-vector set of opinions with union.
#include "merge/annotation.h"

#include <algorithm>
#include <iterator>

namespace bm {

Annotation::Annotation(std::vector<Opinion> opinions) : m_opinions(std::move(opinions)) {
    std::sort(m_opinions.begin(), m_opinions.end());
    m_opinions.erase(std::unique(m_opinions.begin(), m_opinions.end()), m_opinions.end());
}

Annotation Annotation::join(const Annotation& a, const Annotation& b) {
    Annotation out;
    out.m_opinions.reserve(a.m_opinions.size() + b.m_opinions.size());
    std::set_union(a.m_opinions.begin(), a.m_opinions.end(), b.m_opinions.begin(), b.m_opinions.end(),
                   std::back_inserter(out.m_opinions));
    return out;
}

void Annotation::insert(Opinion opinion) {
    auto it = std::lower_bound(m_opinions.begin(), m_opinions.end(), opinion);
    if (it == m_opinions.end() || *it != opinion) m_opinions.insert(it, std::move(opinion));
}

}  // namespace bm
