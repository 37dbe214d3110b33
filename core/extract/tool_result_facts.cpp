// Exit codes, test summaries and file existence from tool output: bounded string scans, no regex.
#include "extract/tool_result_facts.h"

#include <cctype>

#include "extract/key_normaliser.h"
#include "extract/request_rules.h"
#include "extract/subagent_failure_rules.h"
#include "extract/tool_action_rules.h"

namespace bm {

namespace {

std::string lowered(std::string_view text) {
    std::string out(text);
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

bool digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

// Digits at `at` (after optional spaces/':'/"of"), their end in `end`; empty when none.
std::string number_at(const std::string& low, size_t at, size_t& end) {
    while (at < low.size() && (low[at] == ' ' || low[at] == ':' || low[at] == '=')) ++at;
    if (low.compare(at, 3, "of ") == 0) at += 3;
    size_t e = at;
    while (e < low.size() && e - at < 4 && digit(low[e])) ++e;
    end = e;
    if (e == at || (e < low.size() && std::isalpha(static_cast<unsigned char>(low[e])))) return {};
    return low.substr(at, e - at);
}

void exit_codes(const std::string& low, const std::string& tool_key, std::vector<TextFact>& out) {
    for (const char* marker : {"exit code", "exit status", "exited with code", "exit_code"}) {
        for (size_t p = low.find(marker); p != std::string::npos; p = low.find(marker, p + 1)) {
            size_t end = 0;
            const std::string n = number_at(low, p + std::string_view(marker).size(), end);
            if (n.empty()) continue;
            out.push_back({"tool.exit_code", tool_key + ".exit.code", n, SlotType::kFact, p, end});
        }
    }
}

// "5 passed", "1 failed" as a test runner prints them (digits right before the word).
void test_counts(const std::string& low, std::vector<TextFact>& out) {
    for (const char* word : {" passed", " failed"}) {
        size_t found = 0;
        for (size_t p = low.find(word); p != std::string::npos && found < 1; p = low.find(word, p + 1)) {
            size_t b = p;
            while (b > 0 && digit(low[b - 1]) && p - b < 6) --b;
            if (b == p || (b > 0 && std::isalnum(static_cast<unsigned char>(low[b - 1])))) continue;
            const size_t after = p + std::string_view(word).size();
            if (after < low.size() && std::isalpha(static_cast<unsigned char>(low[after]))) continue;
            out.push_back({"tool.test_counts", std::string("test.") + (word + 1), low.substr(b, p - b), SlotType::kFact, b, after});
            ++found;  // the first summary of a result is the one that counts
        }
    }
}

// The path-like token that ends right before `at` (skipping quotes and a colon).
std::string path_before(const std::string& low, size_t at, size_t& begin) {
    size_t e = at;
    while (e > 0 && (low[e - 1] == '"' || low[e - 1] == '\'' || low[e - 1] == ':' || low[e - 1] == ' ')) --e;
    size_t b = e;
    while (b > 0 && !std::isspace(static_cast<unsigned char>(low[b - 1])) && low[b - 1] != '"' && low[b - 1] != '\'')
        --b;
    begin = b;
    return file_key_part(std::string_view(low).substr(b, e - b));
}

std::string path_after(const std::string& low, size_t at, size_t& end) {
    while (at < low.size() && (low[at] == ' ' || low[at] == '"' || low[at] == '\'')) ++at;
    size_t e = at;
    while (e < low.size() && !std::isspace(static_cast<unsigned char>(low[e])) && low[e] != '"' && low[e] != '<' &&
           low[e] != '\'')
        ++e;
    end = e;
    return file_key_part(std::string_view(low).substr(at, e - at));
}

// The path a result shows that ends at `end` (`low`'s offsets are `text`'s), keyed as the action rules key a
// path argument (argument_path_key: relative to `cwd`, `{{cwd}}/` dropped), so that `file.src/main.py = exists`
// and `action.file_edited`'s `file.src/main.py = edited` name one file and two `main.py` stay two (session 22).
// Empty when its last part is no file name (file_key_part) or a key cannot hold it.
std::string seen_path_key(std::string_view text, const std::string& low, size_t end, std::string_view cwd) {
    size_t b = end;
    while (b > 0 && !std::isspace(static_cast<unsigned char>(low[b - 1])) && low[b - 1] != '"' && low[b - 1] != '\'' &&
           low[b - 1] != '>')
        --b;
    std::string_view path = text.substr(b, end - b);
    while (!path.empty() && (path.back() == '.' || path.back() == ',' || path.back() == ':')) path.remove_suffix(1);
    if (file_key_part(ascii_lower(path)).empty()) return {};
    // A result shows the path whole ("{{cwd}}/workspace/a.txt" in a run working in "{{cwd}}/workspace").
    while (!cwd.empty() && cwd.back() == '/') cwd.remove_suffix(1);
    if (!cwd.empty() && path.size() > cwd.size() + 1 && path.substr(0, cwd.size()) == cwd && path[cwd.size()] == '/')
        path.remove_prefix(cwd.size() + 1);
    return argument_path_key(path, cwd);
}

void files(std::string_view text, const std::string& low, std::string_view cwd, std::vector<TextFact>& out) {
    auto add = [&](const std::string& file, const char* value, size_t b, size_t e) {
        const char* rule = std::string_view(value) == "missing" ? "tool.file_missing" : "tool.file_seen";
        if (!file.empty()) out.push_back({rule, "file." + file, value, SlotType::kArtifact, b, e});
    };
    size_t end = 0, begin = 0;
    if (low.compare(0, 6, "<path>") == 0) {
        path_after(low, 6, end);
        add(seen_path_key(text, low, end, cwd), "exists", 0, end);
    }
    for (const char* lead : {"the file ", "file created successfully at: ", "file written: "}) {
        for (size_t p = low.find(lead); p != std::string::npos; p = low.find(lead, p + 1)) {
            path_after(low, p + std::string_view(lead).size(), end);
            const size_t tail = low.find_first_not_of(' ', end);
            const bool changed = std::string_view(lead) != "the file " ||
                                 (tail != std::string::npos && (low.compare(tail, 8, "has been") == 0 ||
                                                                low.compare(tail, 3, "was") == 0));
            if (changed) add(seen_path_key(text, low, end, cwd), "exists", p, end);
        }
    }
    for (const char* missing : {": not found", ": no such file or directory", " does not exist"}) {
        for (size_t p = low.find(missing); p != std::string::npos; p = low.find(missing, p + 1)) {
            const std::string f = path_before(low, p, begin);
            add(f, "missing", begin, p + std::string_view(missing).size());
        }
    }
}

}  // namespace

std::vector<TextFact> tool_result_facts(std::string_view text, const std::string& tool_name, std::string_view cwd) {
    std::vector<TextFact> out;
    if (text.size() > 200'000) text = text.substr(0, 200'000);  // bounded work on huge outputs
    const std::string low = lowered(text);
    std::string tool_key = normalise_subject({tool_name});
    if (tool_key.empty()) tool_key = "command";
    exit_codes(low, tool_key, out);
    test_counts(low, out);
    files(text, low, cwd, out);
    for (TextFact& f : subagent_failures(text)) out.push_back(std::move(f));
    return out;
}

}  // namespace bm
