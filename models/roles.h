// Item-data roles shared by every model and view of the studio (one place, starting at UserRole).
#pragma once

#include <Qt>

namespace bm::roles {

enum Role {
    SortRole = Qt::UserRole + 1,  // value used by sorting proxies
    SessionKeyRole,               // workspace key of a session (QString)
    MessageIndexRole,             // index of a message in its session (int)
    RoleNameRole,                 // message role: user, assistant, tool, system, developer
    ShadowedRole,                 // bool: replaced by a compaction
    BlockKindRole,                // content block kind name
};

}  // namespace bm::roles
