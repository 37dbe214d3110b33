// write_claude_transcript: envelopes, prompts, assistant steps, compactions and the size loop.
#include "claude_log.h"
#include "generators.h"
#include "text_gen.h"

namespace bm::bench {

namespace {
constexpr int64_t kTurnsPerCompaction = 300;
constexpr const char* kModel = "claude-opus-4-5-20251101";
constexpr const char* kCwd = "/home/dev/src/beliefmerge";
}  // namespace

ClaudeLog::ClaudeLog(LineSink& out, uint64_t seed) : m_out(out), m_rng(seed) {
    m_session_id = uuid_v4(m_rng);
}

ojson ClaudeLog::envelope(const std::string& parent, bool sidechain) {
    ojson v = ojson::object();
    v["parentUuid"] = parent.empty() ? ojson(nullptr) : ojson(parent);
    v["isSidechain"] = sidechain;
    v["userType"] = "external";
    v["cwd"] = kCwd;
    v["sessionId"] = m_session_id;
    v["version"] = "2.1.14";
    v["gitBranch"] = "main";
    v["slug"] = m_slug;
    return v;
}

std::string ClaudeLog::finish(ojson line, const char* type, const std::string& request_id,
                              const ojson& trailer) {
    if (!request_id.empty()) line["requestId"] = request_id;
    line["type"] = type;  // keeps its place when the caller already put it before "message"
    std::string uuid = uuid_v4(m_rng);
    line["uuid"] = uuid;
    m_time_ms += m_rng.range(40, 20000);
    line["timestamp"] = iso_time(m_time_ms);
    for (const auto& [key, value] : trailer.items()) line[key] = value;
    m_out.line(line);
    return uuid;
}

ojson ClaudeLog::usage() {
    const int64_t created = m_rng.range(0, 4000);
    return {{"input_tokens", m_rng.range(0, 8)},
            {"cache_creation_input_tokens", created},
            {"cache_read_input_tokens", m_rng.range(10000, 150000)},
            {"cache_creation",
             {{"ephemeral_5m_input_tokens", created}, {"ephemeral_1h_input_tokens", 0}}},
            {"output_tokens", m_rng.range(1, 3000)},
            {"service_tier", "standard"}};
}

std::string ClaudeLog::assistant_block(const std::string& parent, bool sidechain,
                                       const std::string& msg_id, const std::string& request_id,
                                       ojson block) {
    ojson line = envelope(parent, sidechain);
    line["message"] = {{"model", kModel},
                       {"id", msg_id},
                       {"type", "message"},
                       {"role", "assistant"},
                       {"content", ojson::array({std::move(block)})},
                       {"stop_reason", nullptr},
                       {"stop_sequence", nullptr},
                       {"usage", usage()}};
    return finish(std::move(line), "assistant", request_id);
}

std::string ClaudeLog::tool_result(const std::string& parent, bool sidechain, const ToolUse& use,
                                   const std::string& assistant_uuid) {
    ojson line = envelope(parent, sidechain);
    line["type"] = "user";
    line["message"] = {{"role", "user"},
                       {"content", ojson::array({{{"tool_use_id", use.id},
                                                  {"type", "tool_result"},
                                                  {"content", use.result_content},
                                                  {"is_error", m_rng.percent(4)}}})}};
    return finish(
        std::move(line), "user", {},
        {{"toolUseResult", use.tool_use_result}, {"sourceToolAssistantUUID", assistant_uuid}});
}

void ClaudeLog::turn(int64_t turn) {
    if (m_rng.percent(30))
        m_out.line({{"type", "queue-operation"},
                    {"operation", "dequeue"},
                    {"timestamp", iso_time(m_time_ms)},
                    {"sessionId", m_session_id}});
    std::string prompt = prose(m_rng, m_rng.spread(400));
    if (m_rng.percent(1)) prompt += "\n\n" + fake_secret(m_rng);
    ojson line = envelope(m_last, false);
    line["type"] = "user";
    line["message"] = {{"role", "user"}, {"content", prompt}};
    m_last = finish(std::move(line), "user");
    if (m_rng.percent(10))
        m_out.line({{"type", "file-history-snapshot"},
                    {"messageId", m_last},
                    {"snapshot",
                     {{"messageId", m_last},
                      {"trackedFileBackups", ojson::object()},
                      {"timestamp", iso_time(m_time_ms)}}},
                    {"isSnapshotUpdate", false}});
    const int64_t steps = 1 + static_cast<int64_t>(m_rng.below(5));
    for (int64_t s = 1; s <= steps; ++s) step(s == steps);
    (void)turn;
}

void ClaudeLog::step(bool final) {
    const std::string msg_id = "msg_01" + alnum(m_rng, 22);
    const std::string request_id = "req_011C" + alnum(m_rng, 20);
    if (m_rng.percent(80))
        m_last = assistant_block(m_last, false, msg_id, request_id,
                                 {{"type", "thinking"},
                                  {"thinking", prose(m_rng, m_rng.spread(900))},
                                  {"signature", base64(m_rng, m_rng.spread(600))}});
    if (final || m_rng.percent(30))
        m_last = assistant_block(
            m_last, false, msg_id, request_id,
            {{"type", "text"}, {"text", prose(m_rng, m_rng.spread(final ? 1200 : 200))}});
    if (final) return;
    std::vector<ToolUse> uses;
    std::vector<std::string> use_lines;
    const int n = m_rng.percent(20) ? 2 : 1;
    for (int k = 0; k < n; ++k) {
        uses.push_back(make_tool_use());
        m_last = assistant_block(m_last, false, msg_id, request_id,
                                 {{"type", "tool_use"},
                                  {"id", uses.back().id},
                                  {"name", uses.back().name},
                                  {"input", uses.back().input}});
        use_lines.push_back(m_last);
    }
    for (size_t k = 0; k < uses.size(); ++k) {
        if (uses[k].name == "Task") sidechain(uses[k].input["prompt"].get<std::string>());
        m_last = tool_result(m_last, false, uses[k], use_lines[k]);
    }
}

void ClaudeLog::compaction() {
    ojson boundary = envelope({}, false);
    boundary["type"] = "system";
    boundary["subtype"] = "compact_boundary";
    boundary["content"] = "Conversation compacted";
    boundary["isMeta"] = false;
    boundary["level"] = "info";
    boundary["logicalParentUuid"] = m_last;
    boundary["compactMetadata"] = {{"trigger", "auto"}, {"preTokens", m_rng.range(150000, 190000)}};
    m_last = finish(std::move(boundary), "system");
    ojson summary = envelope(m_last, false);
    summary["message"] = {{"role", "user"},
                          {"content",
                           "This session is being continued from a previous conversation "
                           "that ran out of context. Summary:\n" +
                               prose(m_rng, m_rng.spread(3000))}};
    summary["isCompactSummary"] = true;
    summary["isVisibleInTranscriptOnly"] = true;
    m_last = finish(std::move(summary), "user");
}

uint64_t write_claude_transcript(const std::string& path, uint64_t target_bytes, uint64_t seed) {
    LineSink out(path);
    ClaudeLog log(out, seed);
    for (int64_t turn = 1; out.bytes() < target_bytes; ++turn) {
        log.turn(turn);
        if (turn % kTurnsPerCompaction == 0) log.compaction();
    }
    out.close();
    return out.bytes();
}

}  // namespace bm::bench
