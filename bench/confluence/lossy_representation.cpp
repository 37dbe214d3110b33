// COUNT and MAX collapses of an annotation (experiment only).
#include "bench/confluence/lossy_representation.h"

#include <algorithm>

namespace bm {

const char* representation_name(Representation r) {
    switch (r) {
        case Representation::kJoin: return "JOIN";
        case Representation::kCount: return "COUNT";
        case Representation::kMax: return "MAX";
    }
    return "?";
}

Annotation represent(Annotation annotation, Representation r, ScoreRule rule) {
    if (r == Representation::kJoin) return annotation;
    Decision d = select(annotation, rule);
    std::vector<std::string> kept = d.outcome == Outcome::kResolved ? std::vector<std::string>{d.winner} : d.tied;
    std::vector<Opinion> out;
    for (const auto& s : supports_by_value(annotation)) {
        if (std::find(kept.begin(), kept.end(), s.value) == kept.end()) continue;
        if (r == Representation::kMax) {
            out.push_back({s.value, "*merged*", s.evidence.front()});
        } else {
            for (size_t i = 0; i < s.evidence.size(); ++i)
                out.push_back({s.value, "*merged*:" + std::to_string(i), s.evidence[i]});
        }
    }
    return Annotation(std::move(out));
}

}  // namespace bm
