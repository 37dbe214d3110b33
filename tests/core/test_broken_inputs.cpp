// Broken-file corpus: every damaged input gives an error or warning naming file, line and field,
// never a crash, and keeps the valid records around the damage (partial when data was dropped).
#include <gtest/gtest.h>
#include <unistd.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <random>

#include "ingest/ingest.h"

namespace bm {
namespace {

namespace fs = std::filesystem;

std::string broken(const std::string& name) { return std::string(DATA_DIR) + "/broken/" + name; }

std::string describe(const ReadResult& r) {
    std::string out;
    for (const auto& e : r.errors) out += "  error: " + e.to_string() + "\n";
    for (const auto& w : r.warnings) out += "  warning: " + w.to_string() + "\n";
    return out;
}

std::vector<std::string> message_ids(const ReadResult& r) {
    std::vector<std::string> out;
    for (const auto& s : r.sessions)
        for (const auto& m : s.messages) out.push_back(m.id);
    return out;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// Finds the diagnostic at `line` whose field is `field`; fails the test when there is none.
const Error* find_at(const std::vector<Error>& list, int64_t line, const std::string& field) {
    for (const auto& e : list)
        if (e.where().line == line && e.where().field == field) return &e;
    return nullptr;
}

// A scratch directory for generated inputs, removed at the end of each test.
class GeneratedInput : public ::testing::Test {
protected:
    void SetUp() override {
        const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
        m_dir = fs::temp_directory_path() / ("bm-broken-" + std::string(info->name()) + "-" +
                                             std::to_string(std::random_device{}()));
        fs::create_directories(m_dir);
    }
    void TearDown() override {
        std::error_code ec;
        fs::remove_all(m_dir, ec);
    }
    std::string write(const std::string& name, const std::string& bytes) {
        std::string path = (m_dir / name).string();
        std::ofstream out(path, std::ios::binary);
        out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
        return path;
    }
    fs::path m_dir;
};

const std::string kHeader =
    R"({"type":"session","version":0,"id":"bbbbbbbb-0000-4000-8000-00000000000a","createdAt":0,"cwd":"/tmp"})";
std::string user_line(const std::string& id, const std::string& text) {
    return R"({"type":"user/message","data":{"content":[{"type":"text","text":")" + text +
           R"("}],"source":{"kind":"user"},"role":"user","id":")" + id + R"("},"surfaceOp":"append"})";
}

TEST(BrokenInputs, TruncatedLastLineIsAWarningAndThePrefixIsKept) {
    const std::string path = broken("truncated_last_line.jsonl");
    ReadResult r = read_file(path);
    EXPECT_TRUE(r.errors.empty()) << describe(r);
    EXPECT_TRUE(r.partial);
    ASSERT_EQ(r.warnings.size(), 1u) << describe(r);
    const Error& w = r.warnings[0];
    EXPECT_EQ(w.where().file, path);
    EXPECT_EQ(w.where().line, 4);
    EXPECT_GT(w.where().byte_offset, 0);
    EXPECT_TRUE(contains(w.message(), "last line is truncated")) << w.message();
    EXPECT_TRUE(contains(w.to_string(), path + ":4")) << w.to_string();
    EXPECT_EQ(message_ids(r), (std::vector<std::string>{"u-1", "a-1"}));
}

TEST(BrokenInputs, InvalidUtf8LineIsSkippedWithItsByteOffset) {
    const std::string path = broken("invalid_utf8.jsonl");
    ReadResult r = read_file(path);
    ASSERT_EQ(r.errors.size(), 1u) << describe(r);
    const Error& e = r.errors[0];
    EXPECT_EQ(e.where().file, path);
    EXPECT_EQ(e.where().line, 3);
    EXPECT_TRUE(contains(e.message(), "invalid UTF-8 at column")) << e.message();
    // The offset points at the bad byte itself.
    std::ifstream in(path, std::ios::binary);
    std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    ASSERT_GE(e.where().byte_offset, 0);
    EXPECT_EQ(static_cast<unsigned char>(bytes.at(static_cast<size_t>(e.where().byte_offset))), 0xE9);
    EXPECT_TRUE(r.partial);
    EXPECT_EQ(message_ids(r), (std::vector<std::string>{"u-1", "a-1"}));
}

TEST(BrokenInputs, WrongFieldTypesNameTheField) {
    const std::string path = broken("wrong_types.jsonl");
    ReadResult r = read_file(path);
    EXPECT_EQ(r.format, "dsh");
    const std::vector<std::tuple<int64_t, std::string, std::string>> want = {
        {1, "cwd", "expected a string, found number"},
        {2, "data.content", "expected an array of content blocks"},
        {3, "seq", "expected a number, found string"},
        {3, "data.message.id", "expected a string, found number"},
        {4, "data", "expected an object, found string"},
    };
    ASSERT_EQ(r.errors.size(), want.size()) << describe(r);
    for (const auto& [line, field, text] : want) {
        const Error* e = find_at(r.errors, line, field);
        ASSERT_NE(e, nullptr) << "no error at line " << line << " field " << field << "\n" << describe(r);
        EXPECT_EQ(e->where().file, path);
        EXPECT_TRUE(contains(e->message(), text)) << e->message();
        EXPECT_TRUE(contains(e->to_string(), field)) << e->to_string();
    }
    EXPECT_TRUE(r.partial);  // the tool/result with a string `data` was dropped
    EXPECT_EQ(message_ids(r), (std::vector<std::string>{"u-1", "", "u-2"}));
    EXPECT_EQ(r.sessions.at(0).messages.at(1).visible_text(), "Typed fine.");
}

TEST(BrokenInputs, UnknownEventTypesAreCountedWarnings) {
    const std::string path = broken("unknown_event.jsonl");
    ReadResult r = read_file(path);
    EXPECT_TRUE(r.errors.empty()) << describe(r);
    EXPECT_FALSE(r.partial);
    ASSERT_EQ(r.warnings.size(), 2u) << describe(r);
    const Error* ping = find_at(r.warnings, 2, "type");
    ASSERT_NE(ping, nullptr) << describe(r);
    EXPECT_EQ(ping->where().file, path);
    EXPECT_TRUE(contains(ping->message(), "'telemetry/ping'")) << ping->message();
    EXPECT_TRUE(contains(ping->message(), "(2 records)")) << ping->message();
    const Error* flash = find_at(r.warnings, 5, "type");
    ASSERT_NE(flash, nullptr) << describe(r);
    EXPECT_TRUE(contains(flash->message(), "'ui/flash'")) << flash->message();
    EXPECT_TRUE(contains(flash->message(), "(1 record)")) << flash->message();
    EXPECT_EQ(message_ids(r), (std::vector<std::string>{"u-1", "a-1"}));
}

TEST(BrokenInputs, EmptyFileIsAnError) {
    const std::string path = broken("empty.jsonl");
    ReadResult r = read_file(path);
    ASSERT_EQ(r.errors.size(), 1u) << describe(r);
    EXPECT_EQ(r.errors[0].where().file, path);
    EXPECT_EQ(r.errors[0].where().line, 1);
    EXPECT_TRUE(contains(r.errors[0].message(), "empty")) << r.errors[0].message();
    EXPECT_TRUE(r.sessions.empty());
    EXPECT_EQ(r.format, "unknown");
    // An empty buffer and a whitespace-only buffer read from memory say the same.
    for (const std::string& data : {std::string(), std::string(" \n\r\n\t"), std::string("\xEF\xBB\xBF\n")}) {
        ReadResult m = read_bytes(data, "blank.jsonl");
        ASSERT_EQ(m.errors.size(), 1u) << describe(m);
        EXPECT_TRUE(contains(m.errors[0].message(), "empty")) << m.errors[0].message();
        EXPECT_EQ(m.errors[0].where().file, "blank.jsonl");
    }
}

TEST(BrokenInputs, BadJsonLineInTheMiddleKeepsRecordsOnBothSides) {
    const std::string path = broken("bad_json_mid.jsonl");
    ReadResult r = read_file(path);
    ASSERT_EQ(r.errors.size(), 1u) << describe(r);
    const Error& e = r.errors[0];
    EXPECT_EQ(e.where().file, path);
    EXPECT_EQ(e.where().line, 3);
    EXPECT_GT(e.where().byte_offset, 0);
    EXPECT_TRUE(contains(e.message(), "not valid JSON")) << e.message();
    EXPECT_FALSE(e.hint().empty());
    EXPECT_TRUE(r.warnings.empty()) << describe(r);
    EXPECT_TRUE(r.partial);
    EXPECT_EQ(message_ids(r), (std::vector<std::string>{"u-1", "a-1", "u-2"}));
}

TEST(BrokenInputs, SurfaceEventWithoutDataIsSkippedNotACrash) {
    const std::string path = broken("missing_data.jsonl");
    ReadResult r = read_file(path);
    ASSERT_EQ(r.errors.size(), 1u) << describe(r);
    const Error& e = r.errors[0];
    EXPECT_EQ(e.where().file, path);
    EXPECT_EQ(e.where().line, 3);
    EXPECT_EQ(e.where().field, "data");
    EXPECT_TRUE(contains(e.message(), "assistant/message")) << e.message();
    EXPECT_TRUE(r.partial);
    EXPECT_EQ(message_ids(r), (std::vector<std::string>{"u-1", "a-1"}));
}

TEST(BrokenInputs, HeaderOnlySessionIsAWarningNotAnError) {
    const std::string path = broken("header_only.jsonl");
    ReadResult r = read_file(path);
    EXPECT_TRUE(r.errors.empty()) << describe(r);
    ASSERT_EQ(r.warnings.size(), 1u) << describe(r);
    EXPECT_EQ(r.warnings[0].where().file, path);
    EXPECT_EQ(r.warnings[0].where().line, 1);
    EXPECT_TRUE(contains(r.warnings[0].message(), "has no messages")) << r.warnings[0].message();
    EXPECT_TRUE(contains(r.warnings[0].message(), "only its header")) << r.warnings[0].message();
    ASSERT_EQ(r.sessions.size(), 1u);
    EXPECT_TRUE(r.sessions[0].messages.empty());
    EXPECT_TRUE(r.sessions[0].branches.empty());
}

TEST(BrokenInputs, ClaudeCodeDamagedLine) {
    const std::string path = broken("claude_bad_line.jsonl");
    ReadResult r = read_file(path);
    EXPECT_EQ(r.format, "claude-code");
    ASSERT_EQ(r.errors.size(), 1u) << describe(r);
    EXPECT_EQ(r.errors[0].where().file, path);
    EXPECT_EQ(r.errors[0].where().line, 2);
    EXPECT_TRUE(contains(r.errors[0].message(), "not valid JSON")) << r.errors[0].message();
    EXPECT_TRUE(r.partial);
    EXPECT_EQ(message_ids(r), (std::vector<std::string>{"u1", "a2"}));
    ASSERT_EQ(r.sessions.size(), 1u);
    EXPECT_EQ(r.sessions[0].branches.size(), 1u);
}

TEST(BrokenInputs, TruncatedJsonDocumentNamesLineAndByte) {
    const std::string path = broken("chat_truncated.json");
    ReadResult r = read_file(path);
    ASSERT_EQ(r.errors.size(), 1u) << describe(r);
    const Error& e = r.errors[0];
    EXPECT_EQ(e.where().file, path);
    EXPECT_EQ(e.where().line, 3);
    EXPECT_GT(e.where().byte_offset, 0);
    EXPECT_TRUE(contains(e.message(), "not valid JSON")) << e.message();
    EXPECT_TRUE(r.sessions.empty());
}

TEST(BrokenInputs, NativeBadClaimAndUnknownRole) {
    const std::string path = broken("native_bad_claim.jsonl");
    ReadResult r = read_file(path);
    ASSERT_EQ(r.errors.size(), 2u) << describe(r);
    const Error* quote = find_at(r.errors, 2, "claims[0].quote");
    ASSERT_NE(quote, nullptr) << describe(r);
    EXPECT_EQ(quote->where().file, path);
    EXPECT_TRUE(contains(quote->message(), "not a verbatim substring")) << quote->message();
    const Error* role = find_at(r.errors, 3, "role");
    ASSERT_NE(role, nullptr) << describe(r);
    EXPECT_TRUE(contains(role->message(), "'narrator'")) << role->message();
    EXPECT_TRUE(r.partial);
    // The bad claim is dropped, its message kept; the message with an unknown role is dropped.
    EXPECT_EQ(message_ids(r), (std::vector<std::string>{"m1", "m3"}));
    EXPECT_TRUE(r.sessions.at(0).messages.at(0).annotations.empty());
}

TEST_F(GeneratedInput, BinaryGarbageIsRejectedWithoutACrash) {
    std::mt19937 rng(42);
    std::string bytes(1 << 16, '\0');
    for (auto& c : bytes) c = static_cast<char>(rng() & 0xFF);
    bytes[0] = '\x7f';  // not '{', '[' or the zstd magic
    const std::string path = write("garbage.jsonl", bytes);
    ReadResult r = read_file(path);
    ASSERT_EQ(r.errors.size(), 1u) << describe(r);
    EXPECT_EQ(r.errors[0].where().file, path);
    EXPECT_EQ(r.errors[0].where().line, 1);
    EXPECT_TRUE(contains(r.errors[0].message(), "not a session log")) << r.errors[0].message();
    EXPECT_FALSE(r.errors[0].hint().empty());
    EXPECT_TRUE(r.sessions.empty());
    EXPECT_EQ(r.format, "unknown");
}

TEST_F(GeneratedInput, BinaryAfterAValidHeaderKeepsTheHeader) {
    std::string bytes = kHeader + "\n" + user_line("u-1", "Before the noise.") + "\n";
    std::mt19937 rng(7);
    for (int i = 0; i < 4096; ++i) bytes += static_cast<char>(rng() & 0xFF);
    bytes += "\n" + user_line("u-2", "After the noise.") + "\n";
    const std::string path = write("noise.jsonl", bytes);
    ReadResult r = read_file(path);
    EXPECT_EQ(r.format, "dsh");
    EXPECT_FALSE(r.errors.empty());
    for (const auto& e : r.errors) {
        EXPECT_EQ(e.where().file, path);
        EXPECT_GE(e.where().line, 3) << e.to_string();
    }
    EXPECT_TRUE(r.partial);
    std::vector<std::string> ids = message_ids(r);
    ASSERT_FALSE(ids.empty());
    EXPECT_EQ(ids.front(), "u-1");
    EXPECT_EQ(ids.back(), "u-2");
}

TEST_F(GeneratedInput, FiftyMegabyteLineIsSkippedAndTheRestIsRead) {
    const size_t big = 50u << 20;
    std::string line = R"({"type":"user/message","data":{"content":[{"type":"text","text":")";
    line.append(big, 'x');
    line += R"("}],"role":"user","id":"u-big"}})";
    std::string bytes = kHeader + "\n" + user_line("u-1", "Before.") + "\n" + line + "\n" +
                        user_line("u-2", "After.") + "\n";
    const std::string path = write("huge-line.jsonl", bytes);
    const size_t line_length = line.size();
    bytes.clear();
    bytes.shrink_to_fit();
    line.clear();
    line.shrink_to_fit();
    ReadResult r = read_file(path);
    EXPECT_EQ(r.format, "dsh");
    ASSERT_EQ(r.errors.size(), 1u) << describe(r);
    const Error& e = r.errors[0];
    EXPECT_EQ(e.where().file, path);
    EXPECT_EQ(e.where().line, 3);
    EXPECT_EQ(e.where().byte_offset, static_cast<int64_t>(kHeader.size() + 1 + user_line("u-1", "Before.").size() + 1));
    EXPECT_TRUE(contains(e.message(), "line limit")) << e.message();
    EXPECT_TRUE(contains(e.message(), "line is " + std::to_string(line_length) + " bytes")) << e.message();
    EXPECT_TRUE(r.partial);
    EXPECT_EQ(message_ids(r), (std::vector<std::string>{"u-1", "u-2"}));
}

TEST_F(GeneratedInput, OverlongFirstLineOfAJsonlFile) {
    // One first line over the limit (a transcript opening with a huge pasted payload), then one more.
    ReadOptions options;
    options.max_line_bytes = 8u << 20;
    const size_t big = 9u << 20;
    std::string first =
        R"({"parentUuid":null,"sessionId":"cccccccc-0000-4000-8000-000000000001","type":"user","uuid":"u1","message":{"role":"user","content":")";
    first.append(big, 'y');
    first += R"("}})";
    const std::string second =
        R"({"parentUuid":"u1","sessionId":"cccccccc-0000-4000-8000-000000000001","type":"assistant","uuid":"a1","message":{"role":"assistant","content":[{"type":"text","text":"ok"}]}})";
    const std::string path = write("huge-first.jsonl", first + "\n" + second + "\n");
    first.clear();
    first.shrink_to_fit();
    ReadResult r = read_file(path, options);
    // Classified by the opening members of the line it cannot hold; that line is reported, the
    // rest is read.
    EXPECT_EQ(r.format, "claude-code");
    ASSERT_EQ(r.errors.size(), 1u) << describe(r);
    EXPECT_EQ(r.errors[0].where().file, path);
    EXPECT_EQ(r.errors[0].where().line, 1);
    EXPECT_EQ(r.errors[0].where().byte_offset, 0);
    EXPECT_TRUE(contains(r.errors[0].message(), "line limit")) << r.errors[0].message();
    EXPECT_TRUE(r.partial);
    EXPECT_EQ(message_ids(r), (std::vector<std::string>{"a1"}));
}

TEST_F(GeneratedInput, SingleLineDocumentOverTheLineLimitIsReadWhole) {
    // A JSON document on one line is not a line format: it is read whole, over the line limit.
    ReadOptions options;
    options.max_line_bytes = 8u << 20;
    std::string doc = R"({"id":"chat-huge","messages":[{"role":"user","content":")";
    doc.append(9u << 20, 'q');
    doc += R"("},{"role":"assistant","content":"ok"}]})";
    const std::string path = write("huge-chat.json", doc);
    doc.clear();
    doc.shrink_to_fit();
    ReadResult r = read_file(path, options);
    EXPECT_EQ(r.format, "openai-chat");
    EXPECT_TRUE(r.errors.empty()) << describe(r);
    ASSERT_EQ(r.sessions.size(), 1u);
    EXPECT_EQ(r.sessions[0].id, "chat-huge");
    EXPECT_EQ(r.sessions[0].messages.size(), 2u);
}

TEST_F(GeneratedInput, ZeroFilledTailAfterACrashKeepsTheRecords) {
    std::string bytes = kHeader + "\n" + user_line("u-1", "Written before the crash.") + "\n";
    bytes.append(4096, '\0');
    const std::string path = write("zero-tail.jsonl", bytes);
    ReadResult r = read_file(path);
    EXPECT_EQ(r.format, "dsh");
    EXPECT_TRUE(r.partial);
    EXPECT_EQ(r.errors.size() + r.warnings.size(), 1u) << describe(r);
    const Error& e = r.errors.empty() ? r.warnings[0] : r.errors[0];
    EXPECT_EQ(e.where().file, path);
    EXPECT_EQ(e.where().line, 3);
    EXPECT_EQ(message_ids(r), (std::vector<std::string>{"u-1"}));
}

TEST_F(GeneratedInput, LimitIsConfigurable) {
    std::string bytes = kHeader + "\n" + user_line("u-1", std::string(2000, 'z')) + "\n" +
                        user_line("u-2", "short") + "\n";
    const std::string path = write("limit.jsonl", bytes);
    ReadOptions options;
    options.max_line_bytes = 1024;
    ReadResult r = read_file(path, options);
    ASSERT_EQ(r.errors.size(), 1u) << describe(r);
    EXPECT_EQ(r.errors[0].where().line, 2);
    EXPECT_TRUE(contains(r.errors[0].message(), "1024-byte line limit")) << r.errors[0].message();
    EXPECT_EQ(message_ids(r), (std::vector<std::string>{"u-2"}));
}

TEST_F(GeneratedInput, CrlfLineEndingsAndByteOrderMarkAreAccepted) {
    std::string bytes = "\xEF\xBB\xBF" + kHeader + "\r\n" + user_line("u-1", "Windows line.") + "\r\n";
    const std::string path = write("crlf.jsonl", bytes);
    ReadResult r = read_file(path);
    EXPECT_TRUE(r.errors.empty()) << describe(r);
    EXPECT_EQ(r.format, "dsh");
    EXPECT_EQ(message_ids(r), (std::vector<std::string>{"u-1"}));
}

TEST_F(GeneratedInput, MissingFileIsAnIoError) {
    const std::string path = (m_dir / "does-not-exist.jsonl").string();
    ReadResult r = read_file(path);
    ASSERT_EQ(r.errors.size(), 1u);
    EXPECT_TRUE(r.errors[0].is_io());
    EXPECT_EQ(r.errors[0].where().file, path);
    EXPECT_EQ(r.format, "unknown");
}

// 100,000 levels crashed import and fold (nlohmann's dump() recursing in the OpenAI chat reader).
TEST_F(GeneratedInput, JsonNestedDeeperThanTheLimitIsRefusedWithItsLine) {
    const size_t depth = 100000;
    const std::string doc = "[\n{\"role\":\"user\",\"content\":\"hi\",\"extra\":" + std::string(depth, '[') +
                            std::string(depth, ']') + "}]\n";
    const std::string path = write("deep.json", doc);
    ReadResult r = read_file(path);
    ASSERT_EQ(r.errors.size(), 1u) << describe(r);
    EXPECT_TRUE(contains(r.errors[0].message(), "nested deeper than 1000 levels")) << describe(r);
    EXPECT_EQ(r.errors[0].where().file, path);
    EXPECT_EQ(r.errors[0].where().line, 2);
    // A line format: the deep line is skipped, the others kept.
    const std::string lines = kHeader + "\n" + user_line("u-1", "before") + "\n{\"type\":\"user/message\",\"x\":" +
                              std::string(depth, '[') + std::string(depth, ']') + "}\n" + user_line("u-2", "after") + "\n";
    ReadResult l = read_file(write("deep.jsonl", lines));
    ASSERT_EQ(l.errors.size(), 1u) << describe(l);
    EXPECT_EQ(l.errors[0].where().line, 3);
    EXPECT_TRUE(contains(l.errors[0].message(), "nested deeper")) << describe(l);
    EXPECT_EQ(message_ids(l), (std::vector<std::string>{"u-1", "u-2"}));
    // Nesting at the limit is still read.
    const std::string ok = "[{\"role\":\"user\",\"content\":\"hi\",\"extra\":" + std::string(998, '[') +
                           std::string(998, ']') + "}]";
    EXPECT_TRUE(read_file(write("at_limit.json", ok)).errors.empty());
}

// A file of 2,000,000 `{}` lines kept 2,000,000 errors (1.17 GB, 2M lines on stderr, 160 MB of
// stored rows): the first kMaxDiagnostics are kept and one last error counts the rest.
TEST_F(GeneratedInput, ErrorsAreCappedAndTheRestCounted) {
    std::string bytes = kHeader + "\n" + user_line("u-1", "kept") + "\n";
    const size_t bad = 5000;
    for (size_t i = 0; i < bad; ++i) bytes += "{}\n";
    bytes += user_line("u-2", "after the damage") + "\n";
    ReadResult r = read_file(write("many_errors.jsonl", bytes));
    ASSERT_EQ(r.errors.size(), ReadResult::kMaxDiagnostics + 1);
    EXPECT_EQ(r.errors.front().where().line, 3);
    EXPECT_EQ(r.errors_dropped, bad - ReadResult::kMaxDiagnostics);
    EXPECT_TRUE(contains(r.errors.back().message(), std::to_string(bad - ReadResult::kMaxDiagnostics) +
                                                        " more errors not listed (the first 1000 are)"))
        << r.errors.back().message();
    EXPECT_EQ(message_ids(r), (std::vector<std::string>{"u-1", "u-2"}));
}

// Duplicate keys (json::parse keeps the last value) and impossible prune ranges were accepted silently.
TEST_F(GeneratedInput, DuplicateKeysAndOutOfRangePrunesAreWarned) {
    std::string dup = user_line("u-1", "first");
    dup.insert(dup.size() - 1, R"(,"surfaceOp":"append")");
    const std::string prune =
        R"({"type":"compaction/prune","data":{"compactionId":"p-1","range":{"start":0,"end":1000000000}},"seq":5})";
    ReadResult r = read_file(write("dup.jsonl", kHeader + "\n" + dup + "\n" + user_line("u-2", "second") + "\n" + prune + "\n"));
    EXPECT_TRUE(r.errors.empty()) << describe(r);
    const Error* d = find_at(r.warnings, 2, "surfaceOp");
    ASSERT_NE(d, nullptr) << describe(r);
    EXPECT_TRUE(contains(d->message(), "duplicate key \"surfaceOp\"")) << describe(r);
    const Error* p = find_at(r.warnings, 4, "data.range");
    ASSERT_NE(p, nullptr) << describe(r);
    EXPECT_TRUE(contains(p->message(), "prune range 0..1000000000 is outside 0..5")) << describe(r);
    // The impossible range shadows nothing.
    ASSERT_EQ(r.sessions.size(), 1u);
    for (const auto& m : r.sessions[0].messages) EXPECT_NE(m.surface, Surface::kShadowed) << m.id;
}

// A FIFO without a writer blocked the reader forever; devices such as /dev/zero never end.
TEST_F(GeneratedInput, FifosAndDevicesAreRefusedUpFront) {
    const std::string fifo = (m_dir / "log.jsonl").string();
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    ReadResult r = read_file(fifo);  // returns at once (the test would hang before)
    ASSERT_EQ(r.errors.size(), 1u) << describe(r);
    EXPECT_TRUE(contains(r.errors[0].message(), "a FIFO, not a regular file")) << describe(r);
    EXPECT_EQ(r.errors[0].where().file, fifo);
    ReadResult z = read_file("/dev/zero");
    ASSERT_EQ(z.errors.size(), 1u) << describe(z);
    EXPECT_TRUE(contains(z.errors[0].message(), "a character device")) << describe(z);
}

// Directory walks stopped at the first error without a word (skip_permission_denied, `!ec`), and
// a symlink loop among the logs threw out of expand_inputs. Every problem is now an error naming
// the path, and the walk reads the rest.
TEST_F(GeneratedInput, AnUnreadableSubdirectoryIsReportedAndTheRestRead) {
    fs::create_directories(m_dir / "a");
    fs::create_directories(m_dir / "z");
    write("a/one.jsonl", kHeader + "\n" + user_line("m1", "one") + "\n");
    write("z/two.jsonl", kHeader + "\n" + user_line("m1", "two") + "\n");
    fs::create_symlink("loop.jsonl", m_dir / "a" / "loop.jsonl");  // ELOOP when followed
    ExpandedInputs loop = expand_inputs({m_dir.string()});
    EXPECT_EQ(loop.files.size(), 2u);
    ASSERT_EQ(loop.errors.size(), 1u);
    EXPECT_EQ(loop.errors[0].where().file, (m_dir / "a" / "loop.jsonl").string());
    if (::geteuid() == 0) GTEST_SKIP() << "root reads any directory: the permission case needs another user";
    fs::create_directories(m_dir / "m" / "locked");
    write("m/locked/three.jsonl", kHeader + "\n");
    fs::permissions(m_dir / "m" / "locked", fs::perms::none);
    ExpandedInputs locked = expand_inputs({m_dir.string()});
    fs::permissions(m_dir / "m" / "locked", fs::perms::owner_all);
    EXPECT_EQ(locked.files.size(), 2u) << "the directories after the locked one are still read";
    ASSERT_EQ(locked.errors.size(), 2u);
    EXPECT_TRUE(locked.errors[0].where().file == (m_dir / "m" / "locked").string() ||
                locked.errors[1].where().file == (m_dir / "m" / "locked").string());
}

// Every line of a valid log cut at every byte: never a crash, the complete lines are kept.
TEST(BrokenInputs, EveryTruncationOfAValidLogIsSafe) {
    std::ifstream in(std::string(DATA_DIR) + "/dsh/v0/session.jsonl", std::ios::binary);
    const std::string full((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    ASSERT_FALSE(full.empty());
    for (size_t cut = 0; cut <= full.size(); cut += 7) {
        ReadResult r = read_bytes(std::string_view(full).substr(0, cut), "cut.jsonl");
        for (const auto& e : r.errors) EXPECT_EQ(e.where().file, "cut.jsonl");
        if (cut == full.size()) {
            EXPECT_TRUE(r.errors.empty()) << describe(r);
            EXPECT_EQ(r.sessions.at(0).messages.size(), 4u);
        }
    }
}

}  // namespace
}  // namespace bm
