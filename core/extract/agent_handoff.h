// Tells an agent handoff (Swarm / OpenAI Agents SDK `transfer_to_<agent>`, `handoff_to_<agent>`) from a delegation.
#pragma once

#include <string>

namespace bm {

// True when `tool` (lower case) hands the conversation to another agent instead of asking one for an
// answer: `transfer_to_refunds_agent`, `transfer_back_to_triage`, `transfer_to_human_agents`,
// `handoff_to_billing`. Its result ("Transfered to Refunds Agent. Adopt persona immediately.") is a
// routing notice of the harness, so no delegation task or result is read from it.
bool is_agent_handoff(const std::string& tool);

}  // namespace bm
