// The Claude Code writer behind write_claude_transcript: the uuid chain and one method per line
// kind.
#pragma once

#include <string>
#include <vector>

#include "line_sink.h"
#include "rng.h"

namespace bm::bench {

class ClaudeLog {
public:
    ClaudeLog(LineSink& out, uint64_t seed);

    void turn(int64_t turn);
    // A compact_boundary system line bridged by logicalParentUuid, then the compact summary.
    void compaction();

private:
    struct ToolUse {
        std::string id, name;
        ojson input, result_content, tool_use_result;
    };

    // Common leading fields, in Claude Code's order; `parent` empty means null.
    ojson envelope(const std::string& parent, bool sidechain);
    // Appends requestId (assistants), type, uuid, timestamp, then `trailer`'s fields; writes the
    // line and returns its uuid.
    std::string finish(ojson line, const char* type, const std::string& request_id = {},
                       const ojson& trailer = ojson::object());
    std::string assistant_block(const std::string& parent, bool sidechain,
                                const std::string& msg_id, const std::string& request_id,
                                ojson block);
    std::string tool_result(const std::string& parent, bool sidechain, const ToolUse& use,
                            const std::string& assistant_uuid);
    void step(bool final);
    void sidechain(const std::string& prompt);
    ToolUse make_tool_use(bool allow_task = true);
    ojson usage();

    LineSink& m_out;
    Rng m_rng;
    std::string m_session_id;
    std::string m_slug = "expressive-chasing-pie";
    std::string m_last;  // uuid of the newest main-chain line
    int64_t m_time_ms = 1768976430861;
};

}  // namespace bm::bench
