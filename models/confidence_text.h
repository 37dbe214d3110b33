// What a reviewer reads about how sure a claim is: its extraction rule and confidence (inspector
// column and tooltip), and how many low-confidence claims the studio hides or shows.
#pragma once

#include <QString>

#include "model/claim.h"
#include "studio_snapshot.h"

namespace bm {

// "user.request · 0.80"; "–" for a claim no heuristic rule made (the oracle's annotations, a model).
QString ruleText(const Claim& claim);
// What the rule reads (from the rule table) and what its confidence means.
QString ruleTooltip(const Claim& claim);
// "12 low-confidence claim(s) hidden (they would add 5 slot(s); View menu)", or "… shown (on 9
// slot(s); View menu)"; empty when there are none.
QString lowConfidenceText(const LowConfidenceTally& tally);

}  // namespace bm
