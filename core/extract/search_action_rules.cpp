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

}  // namespace bm
