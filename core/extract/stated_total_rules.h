// An agent's statement of a total it computed (session 16, issue #15): "The total cost for the
// selected flights is actually $305." Thread-safety: pure function.
#pragma once

#include <string_view>
#include <vector>

#include "extract/tool_result_facts.h"

namespace bm {

// Rule `model.total_stated`, Fact: "the total cost|price|amount|fare|charge|refund [for|of …] is
// [now|actually|currently] $N" → `total.<noun>` = "$N". Only "is" (would/will be is a quote, not a
// settled total); none in a question, under if/unless/when, or a sum that is no money. Also "saved
// | paid | refunded | charged | spent | received a total of $N" → `total.<verb>` (none after
// will/would/ could/can/may/should, a negation or a condition).
std::vector<TextFact> agent_stated_totals(std::string_view text);

}  // namespace bm
