// Branches of a session whose records form a tree by parent ids (see parent_tree.h).
#include "ingest/parent_tree.h"

#include <algorithm>
#include <set>
#include <vector>

namespace bm {

// The message a record's place in the tree falls to: itself when it holds a message, else the
// nearest message above it through records that hold none (memoised; a cycle among them ends at
// none).
std::string ParentTree::message_at(const std::string& id,
                                   const std::map<std::string, size_t>& by_id) {
    std::vector<std::string> path;
    std::set<std::string> seen;
    std::string cur = id, found;
    while (!cur.empty()) {
        if (by_id.count(cur)) {
            found = cur;
            break;
        }
        if (auto r = m_resolved.find(cur); r != m_resolved.end()) {
            found = r->second;
            break;
        }
        const auto p = m_through.find(cur);
        if (p == m_through.end() || !seen.insert(cur).second) {
            found = p == m_through.end() ? cur
                                         : std::string();  // not in the file: the caller reports it
            break;
        }
        path.push_back(cur);
        cur = p->second;
    }
    for (const std::string& e : path) m_resolved[e] = found;
    return found;
}

std::string ParentTree::unique_id(const std::string& id, RecordPos pos, ReadContext& ctx, const char* field) {
    const std::string line = "line-" + std::to_string(pos.line);
    const std::string base = id.empty() ? line : id;  // a record of no id may still meet a "line-N" id
    if (m_ids.insert(base).second) return base;
    const std::string renamed = base + "@" + line;
    ctx.warning(pos, field,
                std::string(field) + " " + base + " was used by an earlier record; this one is read as " + renamed);
    m_ids.insert(renamed);
    return renamed;
}

void ParentTree::build_branches(Session& session, ReadContext& ctx, const char* field) {
    std::map<std::string, size_t> by_id;
    for (size_t i = 0; i < session.messages.size(); ++i) by_id[session.messages[i].id] = i;
    std::set<std::string> has_child;
    bool warned = false;
    for (size_t i = 0; i < session.messages.size(); ++i) {
        Message& m = session.messages[i];
        if (!m.parent_id.empty()) m.parent_id = message_at(m.parent_id, by_id);
        if (auto out = m_stand_in.find(m.parent_id); out != m_stand_in.end() && m.id != out->second)
            m.parent_id = out->second;
        if (!m.parent_id.empty() && !by_id.count(m.parent_id)) {
            if (!warned)
                ctx.warning(RecordPos{m.line, -1}, field,
                            "parent " + m.parent_id + " is not in this file; " +
                                (i > 0 ? "the line goes on from the one before it"
                                       : "the branch starts here"));
            warned = true;
            m.parent_id = i > 0 ? session.messages[i - 1].id : "";
        }
        if (!m.parent_id.empty()) has_child.insert(m.parent_id);
    }
    std::vector<bool> covered(session.messages.size(), false);
    std::set<std::string> branch_ids;
    for (size_t i = 0; i < session.messages.size(); ++i) {
        if (has_child.count(session.messages[i].id)) continue;
        Branch b;
        // Named by its leaf's id, its first 8 characters while they tell it apart (ids sharing a prefix, such as
        // "00000000-…-0012" and "00000000-…-0015", made two branches one name and the workspace refused the log).
        const std::string& leaf = session.messages[i].id;
        b.id = canonical_session_id(session.id_form) + ":" + leaf.substr(0, 8);
        if (!branch_ids.insert(b.id).second) {
            b.id = canonical_session_id(session.id_form) + ":" + leaf;
            branch_ids.insert(b.id);
        }
        std::set<size_t> seen;
        for (size_t cur = i; seen.insert(cur).second;) {
            b.message_indexes.push_back(cur);
            covered[cur] = true;
            auto p = by_id.find(session.messages[cur].parent_id);
            if (p == by_id.end()) break;
            cur = p->second;
        }
        std::reverse(b.message_indexes.begin(), b.message_indexes.end());
        session.branches.push_back(std::move(b));
    }
    Branch rest;
    for (size_t i = 0; i < covered.size(); ++i)
        if (!covered[i]) rest.message_indexes.push_back(i);
    if (!rest.message_indexes.empty()) {
        const Message& first = session.messages[rest.message_indexes.front()];
        ctx.warning(RecordPos{first.line, -1}, field,
                    "parent links form a cycle: " + std::to_string(rest.message_indexes.size()) +
                        " message(s) reach no root; kept as one more branch, in file order");
        rest.id = canonical_session_id(session.id_form) + ":cycle";
        session.branches.push_back(std::move(rest));
    }
}

}  // namespace bm
