// Questions the review loop asks of a snapshot: which slots a search finds (over the whole model,
// not only what the graph draws) and which slots are decided or still to review.
#pragma once

#include <QString>
#include <QStringList>

#include "studio_snapshot.h"

namespace bm {

// Keys of every slot whose key or one of whose values contains `text` (case-insensitive), in key
// order; empty for blank text.
QStringList findSlots(const StudioSnapshot& snapshot, const QString& text);

// One step through the matches of `text`: delta 0 goes to the first match, +1/-1 to the match after
// or before `current` (by key, wrapping). `index` is 0-based; key empty and count 0: no match.
struct FindStep {
    QString key;
    int index = -1;
    int count = 0;
};
FindStep findStep(const StudioSnapshot& snapshot, const QString& text, const QString& current, int delta);

// True when a reviewer's decision is in force on `key` (a model resolution still awaits review).
bool isDecidedByReviewer(const StudioSnapshot& snapshot, const std::string& key);

// Disputed or contested slots with no reviewer's decision in force.
int toReviewCount(const StudioSnapshot& snapshot);

}  // namespace bm
