// The OpenHands event-to-message builder shared by the event-stream and evaluation-output readers.
#pragma once

#include <set>

#include "ingest/readers.h"

namespace bm {

// Builds one session from OpenHands events: V0 (`action`/`observation` strings: `message` actions are
// user/assistant text, `think` is reasoning, other actions are tool calls, observations are tool results)
// and V1 (`kind`-tagged events, see openhands_v1_events.cpp). Not thread-safe.
class OpenHandsBuilder {
public:
    explicit OpenHandsBuilder(ReadContext& ctx);

    // Adds one event found at `pos`; `path` names it in diagnostics, `raw` is its original text
    // (empty: the event is serialised again for Message::raw).
    void event(const json& e, RecordPos pos, const std::string& path, std::string_view raw);

    // Names the session `id_form`, finishes it (REQUIRES: called once) and hands it to the result.
    void finish_as(const std::string& id_form, RecordPos header_pos = RecordPos{1, 0});
    // finish_as() with the id `openhands-<file stem>-<digest prefix>`.
    void finish(const std::string& digest);

private:
    // One V1 event (`kind` present); defined in openhands_v1_events.cpp.
    void v1_event(const json& e, RecordPos pos, const std::string& path, std::string_view raw);
    // One V1 ObservationEvent / UserRejectObservation / AgentErrorEvent as a tool result; false: skipped.
    bool v1_result(const json& e, const std::string& kind, RecordPos pos, const std::string& path, Message& m);

    ReadContext& m_ctx;
    Session m_session;
    int64_t m_index = 0;
    int64_t m_non_message = 0;
    std::set<std::string> m_echo_calls;  // V1 `think`/`finish` calls: their observation only echoes them
    // Flat events (the resolver's output: no source, id or cause; session 33): whether a call was made yet and the
    // task read (the first message before any call is the task), and the call an observation with no cause answers
    // (the last one made).
    bool m_called = false;
    bool m_task_read = false;
    std::string m_open_call;
};

}  // namespace bm
