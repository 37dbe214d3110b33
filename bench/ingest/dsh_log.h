// The DeepSeek Harness writer behind write_dsh_log: event numbering and one method per record kind.
#pragma once

#include <string>
#include <vector>

#include "line_sink.h"
#include "rng.h"

namespace bm::bench {

class DshLog {
public:
    DshLog(LineSink& out, uint64_t seed) : m_out(out), m_rng(seed) {}

    void header();
    void turn(int64_t turn);
    // compaction/start, compaction/summary, the replacing summary user/message, compaction/end.
    void compaction(int64_t turn);

private:
    struct ToolCall {
        std::string id, name, arguments, output;
        bool is_error = false;
    };

    // Writes {"type", "data", ...extra}; returns the event's seq (its index after the header).
    int64_t emit(const char* type, ojson data, ojson extra = ojson::object());
    int64_t surface(const char* type, ojson data, std::vector<int64_t> source_seqs, ojson op);
    void step(int64_t turn, int64_t step, bool final);
    // Streams one reasoning/text block as chunk events; returns the block for the final message.
    ojson stream_text_block(int64_t turn, int64_t step, int index, const char* kind,
                            const std::string& text, std::vector<int64_t>& seqs);
    ojson stream_tool_call(int64_t turn, int64_t step, int index, const ToolCall& call,
                           std::vector<int64_t>& seqs);
    ToolCall make_tool_call(int ordinal);
    ojson packed_dt(size_t n);
    ojson usage();

    LineSink& m_out;
    Rng m_rng;
    int64_t m_seq = 0;
    int64_t m_last_compaction_end = 0;
    const char* m_provider = "deepseek-official";
    const char* m_model = "deepseek-v4-flash";
};

}  // namespace bm::bench
