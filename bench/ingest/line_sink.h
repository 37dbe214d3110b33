// Buffered JSONL output that counts bytes, so generators stop once a target size is reached.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>

#include <nlohmann/json.hpp>

namespace bm::bench {

// Key order matters for realism (the harness and Claude Code write fields in a fixed order).
using ojson = nlohmann::ordered_json;

class LineSink {
public:
    // Throws std::runtime_error naming the path when it cannot be created.
    explicit LineSink(const std::string& path);
    ~LineSink();
    LineSink(const LineSink&) = delete;
    LineSink& operator=(const LineSink&) = delete;

    void line(const ojson& record);
    uint64_t bytes() const { return m_bytes; }
    // Flushes and closes; throws on a failed write (a full disk must not pass silently).
    void close();

private:
    std::FILE* m_file;
    std::string m_path;
    std::string m_scratch;
    uint64_t m_bytes = 0;
};

}  // namespace bm::bench
