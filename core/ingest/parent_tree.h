// Logs whose records form a tree by parent ids (pi's entries, Qwen Code's records): the branches of
// such a session, one per leaf, with records that hold no message passing their place on.
#pragma once

#include <map>
#include <set>
#include <string>

#include "ingest/read_context.h"

namespace bm {

class ParentTree {
public:
    // A record `id` that holds no message: its children hang from `parent` instead.
    void pass_through(const std::string& id, const std::string& parent) { m_through[id] = parent; }
    // The id a message read from the record `id` at `pos` goes by: `id` ("line-N" when empty), or, when an earlier
    // record used it, "<id>@line-N", warned of naming `field`: two records of one id are told apart, never merged.
    std::string unique_id(const std::string& id, RecordPos pos, ReadContext& ctx, const char* field);
    // Marks `id` as used (a message made by the reader itself), so a later record of that id is renamed.
    void reserve_id(const std::string& id) { m_ids.insert(id); }
    // Message `stand_in` was read with message `id` and goes right after it (a command's output):
    // it takes `id`'s place among `id`'s children.
    void stand_in(const std::string& id, const std::string& stand_in) { m_stand_in[id] = stand_in; }

    // Sets each message's parent through the records that hold none and adds one branch per leaf to
    // `session`. A parent the file does not hold (a window cut from a longer log) goes on from the
    // message before it, warned once, naming `field`; messages that parent links leave on no branch
    // (a cycle) are one more branch, in file order.
    void build_branches(Session& session, ReadContext& ctx, const char* field);

private:
    std::string message_at(const std::string& id, const std::map<std::string, size_t>& by_id);

    std::map<std::string, std::string> m_through;  // record holding no message → its parent
    std::map<std::string, std::string>
        m_resolved;  // such a record → the message its place falls to (memo)
    std::map<std::string, std::string> m_stand_in;  // message → the message standing in for it
    std::set<std::string> m_ids;                    // message ids given out so far
};

}  // namespace bm
