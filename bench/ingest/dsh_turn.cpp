// One harness turn: user message, streamed steps (reasoning, text, tool calls), tool round trips.
#include <algorithm>

#include "dsh_log.h"
#include "text_gen.h"

namespace bm::bench {

namespace {
constexpr size_t kTokensPerPackedRow = 256;  // the harness flushes packed rows periodically

ojson slice(const std::vector<std::string>& tokens, size_t from, size_t n) {
    ojson out = ojson::array();
    for (size_t i = from; i < from + n; ++i) out.push_back(tokens[i]);
    return out;
}
}  // namespace

ojson DshLog::packed_dt(size_t n) {
    ojson dt = ojson::array();
    for (size_t i = 0; i < n; ++i) {
        const uint64_t r = m_rng.below(100);
        dt.push_back(r < 70 ? 0 : r < 80 ? 1 : r < 97 ? m_rng.range(26, 32) : m_rng.range(60, 90));
    }
    return dt;
}

void DshLog::turn(int64_t turn) {
    emit("turn/start", {{"turn", turn}});
    std::string text = prose(m_rng, m_rng.spread(400));
    if (m_rng.percent(1)) text += "\n\n" + fake_secret(m_rng);
    ojson user = {{"content", ojson::array({{{"type", "text"}, {"text", text}}})},
                  {"source", {{"kind", "user"}}},
                  {"role", "user"},
                  {"id", uuid_v4(m_rng)}};
    emit("agent/inbox/spliced",
         {{"target", "next-turn"}, {"start", 0}, {"inserted", ojson::array({user})}});
    emit(
        "agent/inbox/spliced",
        {{"target", "next-turn"}, {"start", 0}, {"removedCount", 1}, {"inserted", ojson::array()}});
    emit("step/start", {{"turn", turn}, {"step", 1}});
    const int64_t user_seq = surface("user/message", user, {}, "append");
    if (turn % 25 == 1) {
        surface("user/message",
                {{"content", ojson::array({{{"type", "text"}, {"text", prose(m_rng, 600)}}})},
                 {"source",
                  {{"kind", "plugin"},
                   {"plugin", "@deepseek-ai/dsh-system-prompt"},
                   {"form", "snapshot"}}},
                 {"role", "user"},
                 {"id", uuid_v4(m_rng)}},
                {}, "append");
    }
    if (turn == 1)
        emit("session/title", {{"title", text.substr(0, 20)},
                               {"messageSeqs", {user_seq}},
                               {"source", {{"kind", "fallback"}}}});
    emit("request/context", {{"provider", m_provider}, {"model", m_model}});
    const int64_t steps = 1 + static_cast<int64_t>(m_rng.below(5));
    for (int64_t s = 1; s <= steps; ++s) {
        if (s > 1) emit("step/start", {{"turn", turn}, {"step", s}});
        step(turn, s, s == steps);
        emit("step/end", {{"turn", turn}, {"step", s}});
    }
    emit("turn/end", {{"turn", turn}, {"reason", {{"kind", "completed"}}}});
}

void DshLog::step(int64_t turn, int64_t step, bool final) {
    std::vector<int64_t> seqs;
    ojson content = ojson::array();
    int index = 0;
    if (m_rng.percent(85))
        content.push_back(stream_text_block(turn, step, index++, "reasoning",
                                            prose(m_rng, m_rng.spread(900)), seqs));
    std::vector<ToolCall> calls;
    if (final) {
        content.push_back(
            stream_text_block(turn, step, index++, "text", prose(m_rng, m_rng.spread(1200)), seqs));
    } else {
        const int n = m_rng.percent(20) ? 2 : 1;
        for (int k = 0; k < n; ++k) {
            calls.push_back(make_tool_call(k));
            content.push_back(stream_tool_call(turn, step, index++, calls.back(), seqs));
        }
    }
    for (int i = 0; i < index; ++i)
        seqs.push_back(
            emit("assistant/chunk",
                 {{"turn", turn},
                  {"step", step},
                  {"chunk", {{"type", "block-end"}, {"index", i}, {"block", content[i]}}}}));
    const ojson used = usage();
    seqs.push_back(
        emit("assistant/chunk",
             {{"turn", turn}, {"step", step}, {"chunk", {{"type", "usage"}, {"usage", used}}}}));
    seqs.push_back(emit(
        "assistant/chunk",
        {{"turn", turn},
         {"step", step},
         {"chunk", {{"type", "finish"}, {"reason", {{"kind", final ? "stop" : "tool-calls"}}}}}}));
    surface("assistant/message",
            {{"turn", turn},
             {"step", step},
             {"message",
              {{"role", "assistant"},
               {"content", content},
               {"source", {{"kind", "model"}, {"provider", m_provider}, {"model", m_model}}},
               {"id", uuid_v4(m_rng)}}},
             {"usage", used}},
            seqs, "append");
    for (const auto& call : calls) {
        const int64_t call_seq = emit("tool/call", {{"turn", turn},
                                                    {"step", step},
                                                    {"callId", call.id},
                                                    {"name", call.name},
                                                    {"arguments", call.arguments}});
        ojson result = {{"type", "tool-result"},
                        {"toolCallId", call.id},
                        {"content", ojson::array({{{"type", "text"}, {"text", call.output}}})},
                        {"isError", call.is_error}};
        surface("tool/result",
                {{"turn", turn},
                 {"step", step},
                 {"message",
                  {{"source", {{"kind", "tool"}, {"callId", call.id}}},
                   {"content", ojson::array({result})},
                   {"role", "user"},
                   {"id", uuid_v4(m_rng)}}}},
                {call_seq}, "append");
    }
}

ojson DshLog::stream_text_block(int64_t turn, int64_t step, int index, const char* kind,
                                const std::string& text, std::vector<int64_t>& seqs) {
    seqs.push_back(
        emit("assistant/chunk",
             {{"turn", turn},
              {"step", step},
              {"chunk", {{"type", "block-start"}, {"index", index}, {"blockType", kind}}}}));
    const std::vector<std::string> tokens = split_tokens(m_rng, text);
    const bool reasoning = std::string_view(kind) == "reasoning";
    if (!reasoning && tokens.size() < 16) {  // short answers stream as individual deltas
        for (const auto& t : tokens)
            seqs.push_back(
                emit("assistant/chunk",
                     {{"turn", turn},
                      {"step", step},
                      {"chunk", {{"type", "text-delta"}, {"index", index}, {"text", t}}}}));
    } else {
        for (size_t i = 0; i < tokens.size(); i += kTokensPerPackedRow) {
            const size_t n = std::min(kTokensPerPackedRow, tokens.size() - i);
            seqs.push_back(emit(reasoning ? "reasoning-chunks" : "text-chunks",
                                {{"turn", turn},
                                 {"step", step},
                                 {"index", index},
                                 {"dt", packed_dt(n)},
                                 {"texts", slice(tokens, i, n)}}));
        }
    }
    return {{"type", kind}, {"text", text}};
}

ojson DshLog::stream_tool_call(int64_t turn, int64_t step, int index, const ToolCall& call,
                               std::vector<int64_t>& seqs) {
    seqs.push_back(
        emit("assistant/chunk",
             {{"turn", turn},
              {"step", step},
              {"chunk", {{"type", "block-start"}, {"index", index}, {"blockType", "tool-call"}}}}));
    const std::vector<std::string> tokens = split_tokens(m_rng, call.arguments);
    for (size_t i = 0; i < tokens.size(); i += kTokensPerPackedRow) {
        const size_t n = std::min(kTokensPerPackedRow, tokens.size() - i);
        seqs.push_back(emit("tool-call-chunks", {{"turn", turn},
                                                 {"step", step},
                                                 {"index", index},
                                                 {"dt", packed_dt(n)},
                                                 {"id", call.id},
                                                 {"name", call.name},
                                                 {"args", slice(tokens, i, n)}}));
    }
    return {
        {"type", "tool-call"}, {"id", call.id}, {"name", call.name}, {"arguments", call.arguments}};
}

DshLog::ToolCall DshLog::make_tool_call(int ordinal) {
    ToolCall c;
    c.id = "call_0" + std::to_string(ordinal) + "_" + alnum(m_rng, 24);
    ojson args;
    const std::string path = source_path(m_rng);
    switch (m_rng.below(5)) {
        case 0:
            c.name = "bash";
            args = {{"command", "cmake --build build/dev -j2 && ctest --test-dir build/dev -R " +
                                    std::to_string(m_rng.below(99))},
                    {"description", prose(m_rng, 40)}};
            c.output = shell_output(m_rng, m_rng.spread(3000));
            break;
        case 1:
            c.name = "read";
            args = {{"path", path}};
            c.output = numbered(code(m_rng, m_rng.spread(5000)));
            break;
        case 2:
            c.name = "edit";
            args = {{"path", path},
                    {"old_string", code(m_rng, m_rng.spread(300))},
                    {"new_string", code(m_rng, m_rng.spread(300))}};
            c.output = "Edited " + path + " (1 replacement)";
            break;
        case 3:
            c.name = "grep";
            args = {{"pattern", "read_" + alnum(m_rng, 5)}, {"path", "core"}};
            c.output = shell_output(m_rng, m_rng.spread(1500));
            break;
        default:
            c.name = "write";
            args = {{"path", path}, {"content", code(m_rng, m_rng.spread(3000))}};
            c.output = "Wrote " +
                       std::to_string(args["content"].get_ref<const std::string&>().size()) +
                       " bytes to " + path;
            break;
    }
    c.is_error = m_rng.percent(5);
    c.arguments = args.dump();
    return c;
}

}  // namespace bm::bench
