// Search and review-state queries over the studio's snapshot.
#include "review_queries.h"

#include <algorithm>

namespace bm {

QStringList findSlots(const StudioSnapshot& snapshot, const QString& text) {
    QStringList keys;
    const QString needle = text.trimmed();
    if (needle.isEmpty() || !snapshot.merged) return keys;
    for (const Slot& s : snapshot.merged->slots) {
        bool hit = QString::fromStdString(s.key).contains(needle, Qt::CaseInsensitive);
        for (size_t i = 0; !hit && i < s.values.size(); ++i)
            hit = QString::fromStdString(s.values[i].value).contains(needle, Qt::CaseInsensitive);
        if (hit) keys << QString::fromStdString(s.key);
    }
    return keys;  // merged slots are sorted by key
}

FindStep findStep(const StudioSnapshot& snapshot, const QString& text, const QString& current, int delta) {
    const QStringList matches = findSlots(snapshot, text);
    const int count = static_cast<int>(matches.size());
    if (count == 0) return {};
    int index = 0;
    if (delta != 0) {
        const int at = static_cast<int>(matches.indexOf(current));
        if (at >= 0) {
            index = ((at + delta) % count + count) % count;
        } else {  // from a slot that does not match: the nearest match in key order
            const auto after = std::upper_bound(matches.begin(), matches.end(), current);
            const int next = static_cast<int>(after - matches.begin());
            index = delta > 0 ? next % count : (next - 1 + count) % count;
        }
    }
    return {matches.at(index), index, count};
}

bool isDecidedByReviewer(const StudioSnapshot& snapshot, const std::string& key) {
    const EffectiveResolution* r = snapshot.resolution(key);
    return r && r->origin == ResolutionOrigin::kHuman;
}

int toReviewCount(const StudioSnapshot& snapshot) {
    int count = 0;
    for (const std::string& key : snapshot.reviewKeys()) count += isDecidedByReviewer(snapshot, key) ? 0 : 1;
    return count;
}

}  // namespace bm
