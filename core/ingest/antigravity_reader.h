// Google Antigravity's agent step log (`transcript.jsonl`): one step a line, {step_index, source, type, status, …}.
#pragma once

#include "ingest/byte_source.h"
#include "ingest/read_context.h"

namespace bm {

// A step of such a log: an integer step_index, a source (USER_EXPLICIT, MODEL, SYSTEM) and a type, no role.
bool is_antigravity_step(const json& first_line);
// Reads the steps as one session (`antigravity-<digest>`): the user's requests, the planner's replies and calls, and
// each call's result step, paired in order.
void read_antigravity(ByteSource& source, ReadContext& ctx);

}  // namespace bm
