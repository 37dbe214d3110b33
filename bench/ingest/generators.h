// Generators of large, realistic session logs (deterministic for a given seed and size).
#pragma once

#include <cstdint>
#include <string>

namespace bm::bench {

// DeepSeek Harness v0 log: header, then turns of user/message, assistant/chunk and packed
// reasoning/text/tool-call chunk rows, assistant/message, tool/call, tool/result (with
// sourceEventSeqs), and a compaction every few hundred turns. Stops after the first whole turn
// that reaches `target_bytes`. Returns the bytes written; throws std::runtime_error on I/O errors.
uint64_t write_dsh_log(const std::string& path, uint64_t target_bytes, uint64_t seed);

// Claude Code transcript: user/assistant lines chained by uuid/parentUuid, one assistant line per
// content block (thinking, text, tool_use), tool_result lines with toolUseResult, sidechains.
uint64_t write_claude_transcript(const std::string& path, uint64_t target_bytes, uint64_t seed);

// Copies `plain` to `out` as concatenated independent zstd frames, one per ~`frame_bytes` of
// whole lines (ZSTD_compress at `level`). Returns the compressed size; throws on errors.
uint64_t write_zstd_frames(const std::string& plain, const std::string& out, size_t frame_bytes,
                           int level);

}  // namespace bm::bench
