// Bounded memory on any input (issue #17): a zstd bomb is refused by the compression-ratio limit,
// inputs over --max-input-bytes are refused naming the file and the limit, and a genuine file reads.
#include <gtest/gtest.h>
#include <zstd.h>

#include <filesystem>
#include <fstream>

#include "core/test_support.h"
#include "ingest/ingest.h"

namespace bm {
namespace {

namespace fs = std::filesystem;
using testing::describe;

const std::string kLine =
    R"({"parentUuid":null,"isSidechain":false,"userType":"external","cwd":"/tmp/x","sessionId":"de3b8b19-5bc0-4a2a-934a-1b6806567e25","version":"2.1.14","type":"user","message":{"role":"user","content":"Write a shell script called hello.sh."},"uuid":"10dcdc4f-bc3e-4b4f-a336-cc788f8ffbe1","timestamp":"2026-01-21T06:20:30.861Z"})"
    "\n";

// One zstd frame of `lines` copies of kLine, compressed as it is produced (the plain text is never held).
std::string bomb(size_t lines) {
    ZSTD_CCtx* cctx = ZSTD_createCCtx();
    ZSTD_CCtx_setParameter(cctx, ZSTD_c_compressionLevel, 3);
    std::string chunk;
    for (int i = 0; i < 1000; ++i) chunk += kLine;
    std::string out, buf(ZSTD_CStreamOutSize(), '\0');
    for (size_t done = 0; done < lines; done += 1000) {
        const bool last = done + 1000 >= lines;
        ZSTD_inBuffer in{chunk.data(), chunk.size(), 0};
        size_t remaining = 0;
        do {
            ZSTD_outBuffer o{buf.data(), buf.size(), 0};
            remaining = ZSTD_compressStream2(cctx, &o, &in, last ? ZSTD_e_end : ZSTD_e_continue);
            EXPECT_FALSE(ZSTD_isError(remaining));
            out.append(buf.data(), o.pos);
        } while (in.pos < in.size || (last && remaining != 0));
    }
    ZSTD_freeCCtx(cctx);
    return out;
}

class InputLimitsTest : public ::testing::Test {
protected:
    fs::path dir = fs::temp_directory_path() / ("bm_limits_" + std::to_string(::getpid()));
    void SetUp() override { fs::create_directories(dir); }
    void TearDown() override { fs::remove_all(dir); }
    std::string write(const std::string& name, const std::string& bytes) {
        const fs::path p = dir / name;
        std::ofstream(p, std::ios::binary) << bytes;
        return p.string();
    }
};

TEST_F(InputLimitsTest, AZstdBombIsRefusedByTheRatioLimitNamingFileAndLimit) {
    // 100 MB of one repeated line in ~10 KB: refused once 16 MiB are decoded, not read whole.
    const std::string bytes = bomb(100'000'000 / kLine.size());
    ASSERT_LT(bytes.size(), 100'000u);
    const std::string path = write("bomb.jsonl.zst", bytes);
    ReadResult r = read_file(path);
    ASSERT_FALSE(r.ok()) << "a decompression bomb was read whole";
    EXPECT_TRUE(r.sessions.empty());
    const std::string text = r.errors.front().to_string();
    EXPECT_NE(text.find(path), std::string::npos) << text;
    EXPECT_NE(text.find("100 times its compressed size"), std::string::npos) << text;
    EXPECT_NE(text.find("--max-zstd-ratio"), std::string::npos) << text;
    // The same bytes from memory are bounded the same way.
    EXPECT_FALSE(read_bytes(bytes, "mem.jsonl.zst").ok());
}

TEST_F(InputLimitsTest, ARaisedRatioLimitReadsTheSameFileAndTheSizeLimitStillHolds) {
    const std::string bytes = bomb(40'000);  // ~15 MB decoded, under the ratio floor
    ReadOptions options;
    options.keep_raw = false;
    ReadResult small = read_bytes(bytes, "ok.jsonl.zst", options);
    EXPECT_TRUE(small.ok()) << describe(small);
    ASSERT_EQ(small.sessions.size(), 1u);
    options.limits.max_input_bytes = 1 << 20;
    ReadResult capped = read_bytes(bytes, "capped.jsonl.zst", options);
    ASSERT_FALSE(capped.ok());
    const std::string text = capped.errors.front().to_string();
    EXPECT_NE(text.find("capped.jsonl.zst"), std::string::npos) << text;
    EXPECT_NE(text.find("decompresses to more than 1048576 bytes"), std::string::npos) << text;
    EXPECT_NE(text.find("--max-input-bytes"), std::string::npos) << text;
}

TEST_F(InputLimitsTest, APlainFileOverTheSizeLimitIsRefusedBeforeItIsRead) {
    std::string text;
    for (int i = 0; i < 100; ++i) text += kLine;
    const std::string path = write("big.jsonl", text);
    ReadOptions options;
    options.limits.max_input_bytes = 1000;
    ReadResult r = read_file(path, options);
    ASSERT_FALSE(r.ok());
    const std::string message = r.errors.front().to_string();
    EXPECT_NE(message.find(path), std::string::npos) << message;
    EXPECT_NE(message.find("is " + std::to_string(text.size()) + " bytes, over the limit of 1000 bytes"),
              std::string::npos) << message;
    options.limits.max_input_bytes = static_cast<int64_t>(text.size());
    EXPECT_TRUE(read_file(path, options).ok());
    // A whole-document format (read whole) is held to the same limit.
    const std::string doc = write("chat.json", R"([{"role":"user","content":")" + std::string(5000, 'x') + "\"}]");
    options.limits.max_input_bytes = 1000;
    EXPECT_FALSE(read_file(doc, options).ok());
}

}  // namespace
}  // namespace bm
