// Word lists and templates behind the prose, code and shell-output generators.
#include "text_gen.h"

#include <array>
#include <cstdio>

namespace bm::bench {

namespace {

template <size_t N>
std::string_view pick(Rng& rng, const std::array<std::string_view, N>& items) {
    return items[rng.below(N)];
}

const std::array<std::string_view, 96> kWords = {
    "the",     "a",        "to",       "of",     "and",      "in",        "is",        "that",
    "for",     "it",       "with",     "as",     "on",       "this",      "we",        "be",
    "should",  "can",      "will",     "not",    "function", "test",      "file",      "error",
    "value",   "config",   "build",    "parser", "reader",   "session",   "message",   "output",
    "input",   "change",   "fix",      "update", "check",    "returns",   "instead",   "because",
    "when",    "then",     "first",    "next",   "now",      "line",      "field",     "type",
    "string",  "array",    "object",   "null",   "path",     "directory", "module",    "import",
    "export",  "class",    "method",   "call",   "result",   "failing",   "passes",    "compile",
    "warning", "assert",   "expected", "actual", "version",  "schema",    "migration", "database",
    "query",   "index",    "cache",    "memory", "thread",   "lock",      "timeout",   "retry",
    "request", "response", "header",   "token",  "stream",   "chunk",     "buffer",    "offset",
    "length",  "looks",    "seems",    "likely", "probably", "let",       "me",        "look"};
const std::array<std::string_view, 12> kNonAscii = {
    "café", "naïve", "→", "—", "…", "≤", "µs", "“quoted”", "中文说明", "日本語", "Größe", "✓"};
const std::array<std::string_view, 24> kIdents = {
    "value",   "result",  "count",  "index", "buffer", "reader", "line",  "session",
    "message", "options", "config", "path",  "offset", "status", "items", "key",
    "node",    "parent",  "child",  "slot",  "claim",  "entry",  "state", "ctx"};
const std::array<std::string_view, 16> kDirs = {
    "src",   "core",       "core/ingest", "core/merge",       "app/cli",
    "tests", "tests/core", "lib",         "packages/web/src", "scripts",
    "docs",  "include/bm", "src/util",    "src/store",        "tools",
    "bench"};
const std::array<std::string_view, 8> kExts = {".cpp", ".h",  ".ts",   ".py",
                                               ".rs",  ".md", ".json", ".go"};

std::string ident(Rng& rng) {
    std::string s(pick(rng, kIdents));
    if (rng.percent(40)) s += "_" + std::string(pick(rng, kIdents));
    return s;
}

std::string code_line(Rng& rng, int depth) {
    std::string indent(static_cast<size_t>(depth) * 4, ' ');
    if (rng.percent(5)) indent = std::string(static_cast<size_t>(depth), '\t');
    switch (rng.below(9)) {
        case 0:
            return indent + "if (" + ident(rng) + " == nullptr) return {};";
        case 1:
            return indent + "const auto " + ident(rng) + " = " + ident(rng) + "(\"" + ident(rng) +
                   "\", " + std::to_string(rng.below(1000)) + ");";
        case 2:
            return indent + "for (const auto& " + ident(rng) + " : " + ident(rng) + ") {";
        case 3:
            return indent + "// " + std::string(pick(rng, kWords)) + " " +
                   std::string(pick(rng, kWords)) + " " + std::string(pick(rng, kWords));
        case 4:
            return indent + "throw std::runtime_error(\"unexpected " + ident(rng) + ": \\\"\" + " +
                   ident(rng) + " + \"\\\"\");";
        case 5:
            return indent + "return " + ident(rng) + "." + ident(rng) + "();";
        case 6:
            return indent + ident(rng) + "[" + std::to_string(rng.below(64)) +
                   "] = R\"(\\d+\\.\\d+)\";";
        case 7:
            return indent + "}";
        default:
            return "";
    }
}

}  // namespace

std::string prose(Rng& rng, size_t bytes) {
    std::string out;
    out.reserve(bytes + 64);
    bool start = true;
    while (out.size() < bytes) {
        std::string w;
        const uint64_t r = rng.below(100);
        if (r < 1)
            w = std::string(pick(rng, kNonAscii));
        else if (r < 7)
            w = "`" + ident(rng) + "()`";
        else if (r < 9)
            w = "\"" + std::string(pick(rng, kWords)) + "\"";
        else if (r < 11)
            w = source_path(rng);
        else
            w = std::string(pick(rng, kWords));
        if (start && !w.empty() && w[0] >= 'a' && w[0] <= 'z') w[0] = static_cast<char>(w[0] - 32);
        if (!out.empty()) out += start && rng.percent(15) ? "\n\n" : " ";
        out += w;
        start = false;
        if (rng.percent(8)) {
            out += rng.percent(80) ? "." : (rng.percent(50) ? ":" : "?");
            start = true;
        } else if (rng.percent(5)) {
            out += ",";
        }
    }
    return out;
}

std::string code(Rng& rng, size_t bytes) {
    std::string out;
    out.reserve(bytes + 128);
    int depth = 0;
    while (out.size() < bytes) {
        std::string line = code_line(rng, depth);
        if (line.ends_with("{")) ++depth;
        if (line.ends_with("}") && depth > 0) --depth;
        if (depth > 4) depth = 4;
        out += line;
        out += '\n';
    }
    return out;
}

std::string shell_output(Rng& rng, size_t bytes) {
    std::string out;
    out.reserve(bytes + 128);
    while (out.size() < bytes) {
        switch (rng.below(5)) {
            case 0:
                out += "[       OK ] " + ident(rng) + "_test." + ident(rng) + " (" +
                       std::to_string(rng.below(400)) + " ms)";
                break;
            case 1:
                out += source_path(rng) + ":" + std::to_string(rng.range(1, 900)) + ":" +
                       std::to_string(rng.range(1, 80)) + ": warning: unused variable '" +
                       ident(rng) + "' [-Wunused-variable]";
                break;
            case 2:
                out += source_path(rng) + ":" + std::to_string(rng.range(1, 900)) + ":" +
                       code_line(rng, 1);
                break;
            case 3:
                out += "[" + std::to_string(rng.range(1, 300)) + "/300] Building CXX object " +
                       source_path(rng) + ".o";
                break;
            default:
                out += prose(rng, 60);
                break;
        }
        out += '\n';
    }
    return out;
}

std::string numbered(std::string_view text) {
    std::string out;
    out.reserve(text.size() + text.size() / 4);
    int n = 1;
    size_t pos = 0;
    while (pos < text.size()) {
        size_t nl = text.find('\n', pos);
        if (nl == std::string_view::npos) nl = text.size();
        char num[16];
        std::snprintf(num, sizeof num, "%6d\t", n++);
        out += num;
        out.append(text.substr(pos, nl - pos));
        out += '\n';
        pos = nl + 1;
    }
    return out;
}

std::string source_path(Rng& rng) {
    return std::string(pick(rng, kDirs)) + "/" + ident(rng) + std::string(pick(rng, kExts));
}

std::string fake_secret(Rng& rng) {
    return "export OPENAI_API_KEY=sk-proj-" + alnum(rng, 48);
}

std::vector<std::string> split_tokens(Rng& rng, std::string_view text) {
    std::vector<std::string> out;
    size_t i = 0;
    while (i < text.size()) {
        size_t j = i;
        while (j < text.size() && (text[j] == ' ' || text[j] == '\n')) ++j;  // leading space
        const size_t want = 1 + rng.below(6);
        size_t taken = 0;
        while (j < text.size() && taken < want && text[j] != ' ' && text[j] != '\n') {
            ++j;
            ++taken;
            while (j < text.size() && (static_cast<unsigned char>(text[j]) & 0xC0) == 0x80) ++j;
        }
        if (j == i) ++j;
        out.emplace_back(text.substr(i, j - i));
        i = j;
    }
    return out;
}

}  // namespace bm::bench
