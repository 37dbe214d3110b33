// zstd-compressed logs (SPEC §3): concatenated independent frames built at test time with libzstd
// read exactly as the plain log; a torn final frame keeps the prefix; a corrupt frame is an error.
#include <gtest/gtest.h>

#include "core/test_support.h"
#include <zstd.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "ingest/ingest.h"
#include "ingest/summary.h"

namespace bm {
namespace {

namespace fs = std::filesystem;
using testing::describe;
using testing::slurp;

std::vector<std::string> split_lines(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) out.push_back(line + "\n");
    return out;
}

std::string compress_frame(const std::string& data) {
    std::string out(ZSTD_compressBound(data.size()), '\0');
    size_t n = ZSTD_compress(out.data(), out.size(), data.data(), data.size(), 3);
    EXPECT_FALSE(ZSTD_isError(n)) << ZSTD_getErrorName(n);
    out.resize(n);
    return out;
}

// A multi-frame log: frame 1 holds the header line, then `per_frame` lines per frame.
struct Framed {
    std::string bytes;
    std::vector<size_t> frame_starts;  // compressed offset of each frame
    std::vector<size_t> lines_before;  // lines held by the frames before each frame
};

Framed frame_log(const std::string& plain, size_t per_frame) {
    std::vector<std::string> lines = split_lines(plain);
    Framed f;
    size_t i = 0;
    while (i < lines.size()) {
        size_t take = i == 0 ? 1 : std::min(per_frame, lines.size() - i);
        std::string chunk;
        for (size_t k = 0; k < take; ++k) chunk += lines[i + k];
        f.frame_starts.push_back(f.bytes.size());
        f.lines_before.push_back(i);
        f.bytes += compress_frame(chunk);
        i += take;
    }
    return f;
}

class ZstdLogs : public ::testing::Test {
protected:
    void SetUp() override {
        m_plain_path = std::string(DATA_DIR) + "/dsh/v0/session.jsonl";
        m_plain = slurp(m_plain_path);
        ASSERT_FALSE(m_plain.empty());
        m_dir = fs::temp_directory_path() / ("bm-zstd-" + std::to_string(std::random_device{}()));
        fs::create_directories(m_dir);
    }
    void TearDown() override {
        std::error_code ec;
        fs::remove_all(m_dir, ec);
    }
    std::string write(const std::string& name, const std::string& bytes) {
        fs::create_directories((m_dir / name).parent_path());
        std::string path = (m_dir / name).string();
        std::ofstream out(path, std::ios::binary);
        out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
        return path;
    }
    std::string m_plain_path;
    std::string m_plain;
    fs::path m_dir;
};

void expect_same_messages(const Session& a, const Session& b) {
    ASSERT_EQ(a.messages.size(), b.messages.size());
    for (size_t i = 0; i < a.messages.size(); ++i) {
        const Message& x = a.messages[i];
        const Message& y = b.messages[i];
        EXPECT_EQ(x.id, y.id);
        EXPECT_EQ(x.seq, y.seq);
        EXPECT_EQ(x.line, y.line);
        EXPECT_EQ(x.role, y.role);
        EXPECT_EQ(x.visible_text(), y.visible_text());
        EXPECT_EQ(x.raw.str(), y.raw.str());
        EXPECT_EQ(x.source_event_seqs, y.source_event_seqs);
        ASSERT_EQ(x.blocks.size(), y.blocks.size());
        for (size_t k = 0; k < x.blocks.size(); ++k) {
            EXPECT_EQ(x.blocks[k].kind, y.blocks[k].kind);
            EXPECT_EQ(x.blocks[k].text, y.blocks[k].text);
            EXPECT_EQ(x.blocks[k].arguments, y.blocks[k].arguments);
        }
    }
}

TEST_F(ZstdLogs, MultiFrameReadEqualsPlainRead) {
    Framed f = frame_log(m_plain, 6);
    ASSERT_GE(f.frame_starts.size(), 4u);
    const std::string path = write("session.v0.jsonl.zstd", f.bytes);
    ReadResult plain = read_file(m_plain_path);
    ReadResult packed = read_file(path);
    EXPECT_TRUE(packed.errors.empty()) << describe(packed);
    EXPECT_TRUE(packed.warnings.empty()) << describe(packed);
    EXPECT_FALSE(packed.partial);
    EXPECT_EQ(packed.format, "dsh");
    ASSERT_EQ(packed.sessions.size(), 1u);
    ASSERT_EQ(plain.sessions.size(), 1u);
    SessionSummary a = summarize(plain.sessions[0]);
    SessionSummary b = summarize(packed.sessions[0]);
    EXPECT_EQ(b.id, a.id);
    EXPECT_EQ(b.messages, a.messages);
    EXPECT_EQ(b.by_role, a.by_role);
    EXPECT_EQ(b.tool_calls_paired, a.tool_calls_paired);
    EXPECT_EQ(b.reasoning_blocks, a.reasoning_blocks);
    EXPECT_EQ(b.redactions, a.redactions);
    expect_same_messages(plain.sessions[0], packed.sessions[0]);
    // The same bytes from memory, and one frame per line, read the same too.
    ReadResult memory = read_bytes(f.bytes, "memory.zstd");
    ASSERT_EQ(memory.sessions.size(), 1u);
    expect_same_messages(plain.sessions[0], memory.sessions[0]);
    ReadResult per_line = read_bytes(frame_log(m_plain, 1).bytes, "per-line.zstd");
    EXPECT_TRUE(per_line.errors.empty()) << describe(per_line);
    ASSERT_EQ(per_line.sessions.size(), 1u);
    expect_same_messages(plain.sessions[0], per_line.sessions[0]);
}

TEST_F(ZstdLogs, TornFinalFrameKeepsThePrefix) {
    Framed f = frame_log(m_plain, 4);  // header + 5 frames of 4 lines: the last holds the final answer
    const size_t last = f.frame_starts.back();
    const size_t last_size = f.bytes.size() - last;
    ASSERT_GT(last_size, 8u);
    const std::string torn = f.bytes.substr(0, last + last_size / 2);  // cut inside the last frame
    const std::string path = write("torn.jsonl.zstd", torn);
    ReadResult r = read_file(path);
    EXPECT_TRUE(r.errors.empty()) << describe(r);
    EXPECT_TRUE(r.partial);
    // Exactly one torn-tail warning; any other may only say chunks before the cut were rebuilt.
    std::vector<Error> torn_warnings;
    for (const auto& warning : r.warnings) {
        if (warning.message().find("is torn") != std::string::npos) torn_warnings.push_back(warning);
        else EXPECT_NE(warning.message().find("rebuilt from"), std::string::npos) << warning.to_string();
    }
    ASSERT_EQ(torn_warnings.size(), 1u) << describe(r);
    const Error& w = torn_warnings.front();
    EXPECT_EQ(w.where().file, path);
    EXPECT_NE(w.message().find("is torn"), std::string::npos) << w.message();
    EXPECT_NE(w.message().find("zstd frame " + std::to_string(f.frame_starts.size())), std::string::npos)
        << w.message();
    EXPECT_NE(w.message().find("compressed byte " + std::to_string(last)), std::string::npos) << w.message();
    // Every message whose line lies in a complete frame is kept, none from the torn one.
    ReadResult plain = read_file(m_plain_path);
    const int64_t kept_lines = static_cast<int64_t>(f.lines_before.back());
    std::vector<std::string> want, got;
    for (const auto& m : plain.sessions.at(0).messages)
        if (m.line <= kept_lines) want.push_back(m.id);
    for (const auto& m : r.sessions.at(0).messages)
        if (!m.from_chunks) got.push_back(m.id);
    EXPECT_EQ(got, want);
    EXPECT_FALSE(got.empty());
    EXPECT_LT(got.size(), plain.sessions.at(0).messages.size());
    // Chunks in complete frames may be folded into a message marked as rebuilt, never dropped.
    for (const auto& m : r.sessions[0].messages) {
        if (m.from_chunks) {
            EXPECT_LE(m.line, kept_lines);
        }
    }
}

TEST_F(ZstdLogs, TornFirstFrameIsAnError) {
    Framed f = frame_log(m_plain, 5);  // the last frame holds the final answer
    const std::string path = write("torn-head.jsonl.zstd", f.bytes.substr(0, f.frame_starts[1] / 2));
    ReadResult r = read_file(path);
    ASSERT_EQ(r.errors.size(), 1u) << describe(r);
    EXPECT_EQ(r.errors[0].where().file, path);
    EXPECT_NE(r.errors[0].message().find("torn"), std::string::npos) << r.errors[0].message();
    EXPECT_TRUE(r.sessions.empty());
}

TEST_F(ZstdLogs, CorruptMiddleFrameIsAnError) {
    Framed f = frame_log(m_plain, 5);  // the last frame holds the final answer
    ASSERT_GE(f.frame_starts.size(), 4u);
    std::string bytes = f.bytes;
    // Damage the body of frame 3 (after its 4-byte magic and header).
    const size_t start = f.frame_starts[2], end = f.frame_starts[3];
    for (size_t i = start + 6; i < end; ++i) bytes[i] = static_cast<char>(bytes[i] ^ 0x5A);
    const std::string path = write("corrupt.jsonl.zstd", bytes);
    ReadResult r = read_file(path);
    ASSERT_FALSE(r.errors.empty()) << describe(r);
    const Error& e = r.errors.front();
    EXPECT_TRUE(e.is_corruption()) << e.to_string();
    EXPECT_EQ(e.where().file, path);
    EXPECT_EQ(e.where().byte_offset, static_cast<int64_t>(start));
    EXPECT_NE(e.message().find("zstd frame 3"), std::string::npos) << e.message();
    EXPECT_TRUE(r.partial);
    // The frames before the damage were read.
    ASSERT_EQ(r.sessions.size(), 1u);
    ReadResult plain = read_file(m_plain_path);
    const int64_t kept_lines = static_cast<int64_t>(f.lines_before[2]);
    std::vector<std::string> want, got;
    for (const auto& m : plain.sessions.at(0).messages)
        if (m.line <= kept_lines) want.push_back(m.id);
    for (const auto& m : r.sessions[0].messages)
        if (!m.from_chunks) got.push_back(m.id);  // chunks before the damage may be rebuilt
    EXPECT_EQ(got, want);
}

TEST_F(ZstdLogs, DirectoryPicksNewestGenerationAcrossCompression) {
    Framed f = frame_log(m_plain, 4);
    write("sessions/abc/session.jsonl", m_plain);
    write("sessions/abc/session.v1.jsonl", m_plain);
    const std::string newest = write("sessions/abc/session.v2.jsonl.zstd", f.bytes);
    ExpandedInputs in = expand_inputs({(m_dir / "sessions").string()});
    EXPECT_TRUE(in.errors.empty());
    EXPECT_EQ(in.files, (std::vector<std::string>{newest}));
    ASSERT_EQ(in.warnings.size(), 1u);
    EXPECT_NE(in.warnings[0].message().find("3 session generations"), std::string::npos);
    ReadResult r = read_file(in.files[0]);
    EXPECT_TRUE(r.errors.empty()) << describe(r);
    EXPECT_EQ(r.sessions.at(0).messages.size(), 4u);
}

TEST_F(ZstdLogs, TornTailOfOtherLineFormatsIsReportedToo) {
    const std::string claude = slurp(std::string(DATA_DIR) + "/claude-code/rewind.jsonl");
    Framed f = frame_log(claude, 5);
    const size_t last = f.frame_starts.back();
    const std::string path = write("claude.jsonl.zst", f.bytes.substr(0, last + (f.bytes.size() - last) / 2));
    ReadResult r = read_file(path);
    EXPECT_EQ(r.format, "claude-code");
    EXPECT_TRUE(r.errors.empty()) << describe(r);
    EXPECT_TRUE(r.partial);
    bool torn = false;
    for (const auto& w : r.warnings) torn |= w.message().find("is torn") != std::string::npos;
    EXPECT_TRUE(torn) << describe(r);
}

}  // namespace
}  // namespace bm
