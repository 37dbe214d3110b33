// Deterministic derivation of state events from archived messages (the input side of M3a).
//
// Rules are lexical and role-based, never a model: the first user turn is the objective, user
// sentences with must/never/always/only are constraints, later user turns are the open
// obligation, assistant "I'll use…" sentences are decisions, key=value tokens are values, tool
// calls with a path are artifacts, tool results are empirical evidence, a failed tool result opens
// a failure that a later successful result of the same tool verifies. An assistant claim that
// something is fixed can only move a failure to RESOLVED (an assertion), never VERIFIED.
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "fold/m3b_reducer.h"
#include "fold/state_reducer.h"

namespace bm {

// Tool-call id -> tool name, for naming the tool a result answers.
using CallNames = std::map<std::string, std::string>;

// Events for one archived message, given the state before it (read-only).
std::vector<StateEvent> derive_state_events(const nlohmann::json& archived, const StateReducer& state,
                                            const CallNames& call_names = {});

struct ReduceCounts {
    int64_t applied = 0;
    int64_t refused = 0;
};

// Derives and applies the events of every message of `archived_messages` in order; refused
// events (the evidence rule, authority) are counted, never applied. With `m3b`, each message also
// feeds negative knowledge and the uncertainty ladder, after its own anchor events.
ReduceCounts reduce_messages(StateReducer& state, const nlohmann::json& archived_messages, M3bReducer* m3b = nullptr);

}  // namespace bm
