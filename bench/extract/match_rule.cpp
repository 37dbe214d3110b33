// The rubric's matching rule, made stricter where it counted chance matches (bench/extract/match_rule.h).
#include "bench/extract/match_rule.h"

#include <algorithm>
#include <cctype>

namespace bm::extract_bench {

namespace {

// Words that turn a statement around: "do not read the file" is no recall of "read".
bool negation_word(const std::string& w) {
    static const char* kWords[] = {"not", "no", "never", "dont", "doesnt", "didnt", "cannot", "cant",
                                   "without", "none", "nothing", "neither", "nor", "isnt", "wasnt", "wont"};
    return std::any_of(std::begin(kWords), std::end(kWords), [&](const char* n) { return w == n; });
}

// `inner` occurs in `outer` as a run of whole words, and no occurrence is negated by the word just
// before it ("read" is in "read with the read tool", not in "do not read the file first"; "indentationerror
// unexpected indent" is in "not applied indentationerror unexpected indent": the "not" is the edit's).
bool contains_words(const std::string& outer, const std::string& inner) {
    const std::string o = " " + outer + " ", i = " " + inner + " ";
    bool found = false;
    for (size_t p = o.find(i); p != std::string::npos; p = o.find(i, p + 1)) {
        found = true;
        const size_t before_end = p;  // o[p] is the space before the occurrence
        const size_t before_begin = before_end == 0 ? std::string::npos : o.rfind(' ', before_end - 1);
        if (before_begin != std::string::npos && negation_word(o.substr(before_begin + 1, before_end - before_begin - 1)))
            return false;
    }
    return found;
}

// The path of a `file.<path>` key, and the same without an extractor's sub-key (`.read`, `.edit`, `.write`).
std::vector<std::string> file_paths(const std::string& key) {
    std::string path;
    // A Windows path's backslashes are its separators: a gold `file.C:\Users\x\a.md` and an emitted
    // `file.c:/users/x/a.md` name one file (session 25).
    for (unsigned char c : key.substr(5)) path += c == '\\' ? '/' : static_cast<char>(c < 0x80 ? std::tolower(c) : c);
    std::vector<std::string> out{path};
    for (const char* sub : {".read", ".edit", ".write"}) {
        const std::string s(sub);
        if (path.size() > s.size() && path.compare(path.size() - s.size(), s.size(), s) == 0)
            out.push_back(path.substr(0, path.size() - s.size()));
    }
    return out;
}

bool is_file_key(const std::string& key) { return key.size() > 5 && key.rfind("file.", 0) == 0; }

bool ends_with_path(const std::string& a, const std::string& b) {
    return a.size() > b.size() + 1 && a.compare(a.size() - b.size(), b.size(), b) == 0 && a[a.size() - b.size() - 1] == '/';
}

// Whether a key word can name the subject two keys share. "file", the "exit"/"code" of every
// `<command>.exit_code` and a file extension name none: `touch.exit_code = 0` is no recall of
// `mkdir.exit_code = 0`, nor `python.calc.py.exit_code` of `query.py.summary.exit_code` (session 20).
bool names_subject(const std::string& w) {
    static const char* kNone[] = {"file", "exit", "code", "py", "js", "ts", "md", "txt", "json", "sh", "yaml", "yml", "toml"};
    return std::none_of(std::begin(kNone), std::end(kNone), [&](const char* n) { return w == n; });
}

}  // namespace

std::string normalise_value(const std::string& value) {
    std::string out;
    bool pending_space = false;
    for (unsigned char c : value) {
        if (c >= 0x80 || std::isalnum(c)) {
            if (pending_space && !out.empty()) out += ' ';
            pending_space = false;
            out += static_cast<char>(c < 0x80 ? std::tolower(c) : c);
        } else if (std::isspace(c)) {
            pending_space = true;
        }
    }
    return out;
}

std::vector<std::string> key_words(const std::string& key) {
    std::vector<std::string> words;
    std::string word;
    for (unsigned char c : key) {
        if (c == '.' || c == '_' || c == '-' || c == '/' || c == ' ' || c == '\t') {
            if (!word.empty()) words.push_back(word);
            word.clear();
        } else {
            word += static_cast<char>(c < 0x80 ? std::tolower(c) : c);
        }
    }
    if (!word.empty()) words.push_back(word);
    return words;
}

bool values_match(const std::string& emitted, const std::string& gold) {
    const std::string a = normalise_value(emitted), b = normalise_value(gold);
    if (a.empty() || b.empty()) return a == b && !emitted.empty() && emitted == gold;
    if (a == b) return true;
    // An emitted bare number ("0", "1") recalls only a claim that is that number: "0" is no recall of "DONE tag →
    // exit 0", "1" none of "3 (1 non-free)" (session 20). A number with its unit ("100%") still is.
    const size_t digits_from = !emitted.empty() && emitted[0] == '-' ? 1 : 0;  // "-1" too (review)
    if (std::all_of(emitted.begin() + digits_from, emitted.end(), [](unsigned char c) { return std::isdigit(c); }))
        return false;
    return contains_words(b, a) || contains_words(a, b);
}

bool keys_share_word(const std::string& emitted, const std::string& gold) {
    if (is_file_key(emitted) && is_file_key(gold)) {
        // Two file keys name the same file: "file" and an extension are no shared subject.
        for (const std::string& p : file_paths(emitted))
            for (const std::string& q : file_paths(gold))
                if (p == q || ends_with_path(p, q) || ends_with_path(q, p)) return true;
        return false;
    }
    const auto a = key_words(emitted), b = key_words(gold);
    return std::any_of(a.begin(), a.end(), [&](const std::string& w) {
        return names_subject(w) && std::find(b.begin(), b.end(), w) != b.end();
    });
}

bool slot_matches_gold(const std::string& emitted_key, const std::string& emitted_value, const std::string& gold_key,
                       const std::string& gold_value) {
    return keys_share_word(emitted_key, gold_key) && values_match(emitted_value, gold_value);
}

}  // namespace bm::extract_bench
