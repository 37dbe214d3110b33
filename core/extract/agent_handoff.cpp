// Tells an agent handoff (Swarm / OpenAI Agents SDK `transfer_to_<agent>`, `handoff_to_<agent>`) from a delegation.
#include "extract/agent_handoff.h"

namespace bm {

bool is_agent_handoff(const std::string& tool) {
    for (const char* prefix : {"transfer_to", "transfer_back_to", "handoff"})
        if (tool.rfind(prefix, 0) == 0) return true;
    return false;
}

}  // namespace bm
