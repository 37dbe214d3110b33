// write_dsh_log: the header, turns until the target size, compactions, session-level events.
#include <stdexcept>

#include "dsh_log.h"
#include "generators.h"
#include "text_gen.h"

namespace bm::bench {

namespace {
constexpr int64_t kTurnsPerCompaction = 300;
constexpr int64_t kCreatedAtMs = 1783352050748;  // fixed: the file must not depend on the clock
}  // namespace

int64_t DshLog::emit(const char* type, ojson data, ojson extra) {
    ojson v = ojson::object();
    v["type"] = type;
    v["data"] = std::move(data);
    for (auto& [k, val] : extra.items()) v[k] = val;
    m_out.line(v);
    return m_seq++;
}

int64_t DshLog::surface(const char* type, ojson data, std::vector<int64_t> source_seqs, ojson op) {
    ojson extra = ojson::object();
    if (!source_seqs.empty()) extra["sourceEventSeqs"] = source_seqs;
    extra["surfaceOp"] = std::move(op);
    return emit(type, std::move(data), std::move(extra));
}

ojson DshLog::usage() {
    return {{"inputTokens", m_rng.range(200, 90000)},
            {"outputTokens", m_rng.range(10, 4000)},
            {"cacheReadTokens", m_rng.range(0, 80000)},
            {"reasoningTokens", m_rng.range(0, 2000)}};
}

void DshLog::header() {
    ojson h = {{"type", "session"},
               {"version", 0},
               {"id", uuid_v4(m_rng)},
               {"createdAt", kCreatedAtMs},
               {"cwd", "/home/dev/src/beliefmerge"},
               {"delegationDepth", 0}};
    m_out.line(h);
    emit("approval/policy", {{"policy", "on-request"}});
    emit("request/header", {{"header",
                             {{"config", {{"provider", m_provider}, {"model", m_model}}},
                              {"system", prose(m_rng, 3000)},
                              {"tools", "bash,read,edit,grep,write"}}},
                            {"reason", "initial"}});
}

void DshLog::compaction(int64_t turn) {
    const std::string id = uuid_v4(m_rng);
    const int64_t start = m_last_compaction_end, end = m_seq - 1;
    emit("compaction/start", {{"compactionId", id}, {"turn", turn}});
    const std::string summary = prose(m_rng, m_rng.spread(2500));
    const int64_t summary_seq =
        emit("compaction/summary",
             {{"compactionId", id},
              {"summary", ojson::array({{{"type", "text"}, {"text", summary}}})},
              {"llmStreamCall", true},
              {"shadowedRange", {{"start", start}, {"end", end}}},
              {"shadowedTokenCount", m_rng.range(20000, 120000)},
              {"provider", m_provider},
              {"model", m_model},
              {"usage", {{"inputTokens", m_rng.range(20000, 120000)}, {"outputTokens", 900}}}});
    ojson content = ojson::array(
        {{{"type", "text"},
          {"text",
           "This is an automatically generated checkpoint condensing an earlier span of the "
           "conversation to free up context.\n\n<compacted-summary>"}},
         {{"type", "text"}, {"text", summary}},
         {{"type", "text"}, {"text", "</compacted-summary>"}}});
    surface("user/message",
            {{"content", content},
             {"source", {{"kind", "plugin"}, {"plugin", "compact"}, {"compactionId", id}}},
             {"role", "user"},
             {"id", uuid_v4(m_rng)}},
            {summary_seq}, {{"op", "replace"}, {"start", start}, {"end", end}});
    m_last_compaction_end = emit("compaction/end", {{"compactionId", id}, {"turn", turn}});
}

uint64_t write_dsh_log(const std::string& path, uint64_t target_bytes, uint64_t seed) {
    LineSink out(path);
    DshLog log(out, seed);
    log.header();
    for (int64_t turn = 1; out.bytes() < target_bytes; ++turn) {
        log.turn(turn);
        if (turn % kTurnsPerCompaction == 0) log.compaction(turn);
    }
    out.close();
    return out.bytes();
}

}  // namespace bm::bench
