// Where a file searched for by name was found (rule action.file_found): SWE-agent's `find_file`.
#include <string>
#include <vector>

#include "extract/tool_action_rules.h"

namespace bm {

// `find_file "fields.py" src` answered "Found 1 matches for "fields.py" in /testbed/src:\n/testbed/src/
// marshmallow/fields.py" → `fields.py.location = src/marshmallow/fields.py` (relative to the working
// directory). Only one match: several, none ("No matches found") or an error give none.
void search_action_facts(const ToolAction& a, std::vector<ActionFact>& out) {
    if (!a.has_result || a.error || ascii_lower(a.tool) != "find_file") return;
    const std::string_view r = a.result;
    const std::string_view head = "Found 1 matches for \"";
    const size_t p = r.find(head);
    if (p != 0 && (p == std::string_view::npos || r[p - 1] != '\n')) return;
    const size_t name_end = r.find('"', p + head.size());
    if (name_end == std::string_view::npos || name_end - p > 200) return;
    const std::string name(r.substr(p + head.size(), name_end - p - head.size()));
    const size_t eol = r.find('\n', name_end);
    if (eol == std::string_view::npos) return;
    size_t end = r.find('\n', eol + 1);
    if (end == std::string_view::npos) end = r.size();
    const std::string path(r.substr(eol + 1, end - eol - 1));
    const std::string key = key_slug(name, 60), where = path_key(path, a.cwd);
    if (key.empty() || where.empty() || name.find('/') != std::string::npos || name.find('*') != std::string::npos)
        return;
    out.push_back({"action.file_found", key + ".location", where, SlotType::kFact, ActionEvidence::kObserved, eol + 1, end});
}

// A glob tool (glob, Glob, glob_files, file_search, find_files) whose pattern names one file ("**/AuthContext.tsx",
// no wildcard in the name) answered by exactly one path: `<name>.location = <path>` (rule action.glob_found, session
// 22), the path relative to the working directory, else to the searched `path` argument; Windows separators read as
// '/'. Several matches, none, a name with a wildcard or an error give none.
void glob_found_facts(const ToolAction& a, std::vector<ActionFact>& out) {
    if (!a.has_result || a.error || !one_of(ascii_lower(a.tool), {"glob", "glob_files", "file_search", "find_files"}))
        return;
    std::string pattern, root;
    size_t pb = 0, pe = 0, rb = 0, re = 0;
    if (!json_string_member(a.arguments, "pattern", pattern, pb, pe)) return;
    json_string_member(a.arguments, "path", root, rb, re);
    const size_t slash = pattern.find_last_of("/\\");
    const std::string name = slash == std::string::npos ? pattern : pattern.substr(slash + 1);
    if (name.empty() || name.find_first_of("*?[{") != std::string::npos || name.find('.') == std::string::npos) return;
    // The result's one non-blank line.
    const OutputLine* only = nullptr;
    const std::vector<OutputLine> lines = output_lines(a.result.substr(0, 4000));
    for (const OutputLine& l : lines) {
        if (l.text.empty()) continue;
        if (only) return;
        only = &l;
    }
    if (!only) return;
    auto slashed = [](std::string p) {
        for (char& c : p)
            if (c == '\\') c = '/';
        return p;
    };
    const std::string path = slashed(std::string(only->text));
    // The path ends in the name, at a '/' ("src/myfields.py" does not answer "fields.py"; review).
    if (path.size() < name.size() || ascii_lower(path.substr(path.size() - name.size())) != ascii_lower(name) ||
        (path.size() > name.size() && path[path.size() - name.size() - 1] != '/'))
        return;
    const std::string base = slashed(a.cwd.empty() ? root : a.cwd);
    std::string where = path_key(path, base);
    // The value keeps the path's own case ("API_tests/", "AuthContext.tsx"); the key's lower case is for matching.
    if (!base.empty() && path.rfind(base + "/", 0) == 0 && ascii_lower(path.substr(base.size() + 1)) == where)
        where = path.substr(base.size() + 1);
    else if (ascii_lower(path) == where)
        where = path;
    const std::string key = key_slug(name, 60);
    if (key.empty() || where.empty()) return;
    out.push_back({"action.glob_found", key + ".location", where, SlotType::kFact, ActionEvidence::kObserved,
                   only->begin, only->end});
}

}  // namespace bm
