// Ingress reduction of a whole session (`fold --reduce`): every tool result goes through the M1
// transaction before the fold sees it.
//
// A tool result's tool is the name of the call it answers. A reduced result replaces the block's text
// and the output's string inside the message's original record; the finalised message (its archived
// form, as the fold surface holds it) is then observed: the surface must show the reduced content and
// no longer the raw output, else the tool is marked incompatible and the message is kept as it was.
// Thread-safety: one call per IngressReducer at a time.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "model/session.h"
#include "reduce/ingress_reducer.h"

namespace bm {

struct ReducedOutputRecord {
    std::string tool;
    int64_t seq = 0;
    IngressDecision decision = IngressDecision::kUnknown;
    std::string reducer;      // reduced / not smaller / unsafe
    std::string artifact_id;  // reduced
    std::string raw_digest;
    size_t raw_bytes = 0, text_bytes = 0;  // text: what the surface holds afterwards
    bool survived = true;     // reduced: the surviving-digest check passed
};

struct SessionIngressReport {
    std::vector<ReducedOutputRecord> outputs;  // every tool result, in order
    std::map<std::string, int64_t> decisions;  // decision name → count
    int64_t newly_incompatible = 0;
};

// Reduces the tool results of `session` in place.
Result<SessionIngressReport> reduce_session_tool_outputs(Session& session, IngressReducer& reducer);

}  // namespace bm
