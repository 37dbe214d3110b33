// A directory-listing tool call answered "the directory is empty": `dir.<path>.contents = empty` (action.dir_empty, session 19).
#include <cctype>
#include <string>

#include "extract/action_claims.h"
#include "extract/tool_action_rules.h"
#include "util/trim.h"

namespace bm {

namespace {

bool is_listing_tool(std::string_view tool) {
    const std::string low = ascii_lower(tool);
    for (const char* t : {"list_dir", "list_files", "list_directory", "listdir", "list_folder", "ls"})
        if (low == t) return true;
    return false;
}

// True when `line` only says that a directory is empty: "Directory ./skills is empty", "(empty)", "(dossier vide)".
// Every word must be one of the notice's own (directory, folder, is, empty, vide, …) once the listed path is taken
// out, so "not empty", "no files match *.py" or a listing that ends "… 0 empty files" give none.
bool says_empty(std::string line, std::string_view path) {
    if (line.empty() || line.size() > 120) return false;
    // The path as the call named it, with and without a leading "./", each only where it stands as a whole word
    // (a one-letter path "s" is not the "s" of "is").
    const std::string bare(path.rfind("./", 0) == 0 ? path.substr(2) : path);
    for (const std::string& p : {"./" + bare, bare})
        for (size_t at = line.find(p); !bare.empty() && at != std::string::npos; at = line.find(p, at)) {
            const bool starts = at == 0 || !std::isalnum(static_cast<unsigned char>(line[at - 1]));
            const size_t end = at + p.size();
            const bool ends = end == line.size() || !std::isalnum(static_cast<unsigned char>(line[end]));
            if (starts && ends) line.erase(at, p.size());
            else ++at;
        }
    bool empty_word = false;
    std::string word;
    auto take = [&]() {
        if (word.empty()) return true;
        const std::string w = ascii_lower(word);
        word.clear();
        if (w == "empty" || w == "vide") return empty_word = true;
        for (const char* ok : {"directory", "dir", "folder", "dossier", "is", "the", "this"})
            if (w == ok) return true;
        return false;
    };
    for (const char ch : line) {
        const unsigned char c = static_cast<unsigned char>(ch);
        if (std::isalnum(c) || c >= 0x80 || ch == '\'') word += ch;
        else if (std::string_view("()[]:. \t-").find(ch) == std::string_view::npos) return false;
        else if (!take()) return false;
    }
    return take() && empty_word;
}

}  // namespace

void empty_dir_facts(const ToolAction& a, std::vector<ActionFact>& out) {
    if (!a.has_result || a.error || !is_listing_tool(a.tool) || a.result.size() > 400) return;
    std::string path;
    size_t pb = 0, pe = 0;
    bool named = false;
    for (const char* name : {"path", "dir_path", "directory", "dir"})
        if ((named = json_string_member(a.arguments, name, path, pb, pe))) break;
    if (!named) return;
    const std::string key = path_key(path, a.cwd);
    if (key.empty()) return;
    // The result's one non-blank line, and where it sits.
    const std::string_view line = trim(a.result);
    if (line.empty()) return;
    const size_t b = static_cast<size_t>(line.data() - a.result.data()), e = b + line.size();
    if (line.find('\n') != std::string_view::npos || !says_empty(std::string(line), path)) return;
    // `.contents`, a sub-key: the directory's own slot keeps what was done to it (action.dir_created's "created").
    out.push_back({"action.dir_empty", "dir." + key + ".contents", "empty", SlotType::kFact, ActionEvidence::kObserved, b, e});
}

void mark_filled_dirs(std::vector<Claim>& claims) {
    for (Claim& c : claims) {
        const std::string_view suffix = ".contents";
        if ((c.rule != "action.dir_empty" && c.rule != "action.ls_empty") || !c.key.starts_with("dir.") ||
            !c.key.ends_with(suffix) || c.key.size() <= 4 + suffix.size())
            continue;
        const std::string dir = c.key.substr(4, c.key.size() - 4 - suffix.size()) + "/";
        for (const Claim& later : claims) {
            if (later.source.seq <= c.source.seq) continue;
            if (later.rule != "action.file_created" && later.rule != "action.file_edited" &&
                later.rule != "action.dir_created")
                continue;
            const size_t dot = later.key.find('.');
            std::string path = dot == std::string::npos ? std::string() : later.key.substr(dot + 1);
            // A listed working directory is keyed by its absolute path while the files made in it are keyed relative
            // to it: the later call's own path argument (its quote) shows where the file went (session 22).
            if (c.rule == "action.ls_empty" && dir.front() == '/' && path.rfind(dir, 0) != 0)
                if (const size_t at = ascii_lower(later.quote).find(dir); at != std::string::npos)
                    path = ascii_lower(later.quote).substr(at, later.quote.find('"', at) - at);
            if (path.rfind(dir, 0) != 0 || path.size() == dir.size()) continue;
            c.key += ".earlier";
            c.value = "empty (before " + path + " was added)";
            break;
        }
    }
}

}  // namespace bm
