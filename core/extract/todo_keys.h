// Todo items' slot keys: by their text, and for an update that names an item only by its id (Cursor's TodoWrite
// with "merge": true) a placeholder key resolved per branch (action_claims.cpp).
#pragma once

#include <map>
#include <string>
#include <string_view>

namespace bm {

// "todo.<slug of the item's text>"; "" when the text gives no slug.
std::string todo_key(std::string_view text);
// The placeholder key of an item named only by `id`: "todo.#<id>".
std::string todo_id_key(std::string_view id);
// The id a placeholder key names ("todo.#sync-main" → "sync-main"); "" for any other key.
std::string_view todo_id_in(std::string_view key);
// The items of a todo tool's JSON arguments that give both an id and a text: id → todo_key(text).
std::map<std::string, std::string> todo_ids(std::string_view arguments);

}  // namespace bm
