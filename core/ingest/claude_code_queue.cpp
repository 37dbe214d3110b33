// Prompts kept only in Claude Code's `queue-operation` lines, read where the file lacks their delivery.
#include "ingest/claude_code_queue.h"

#include "util/trim.h"

namespace bm {

std::string enqueued_prompt(const nlohmann::json& line) {
    const auto op = line.find("operation");
    const auto content = line.find("content");
    if (op == line.end() || *op != "enqueue" || content == line.end() || !content->is_string()) return {};
    return std::string(trim(content->get<std::string>()));
}

namespace {

// The trimmed texts of the user's messages (each text block, and the whole visible text).
std::set<std::string> user_texts(const std::vector<Message>& messages) {
    std::set<std::string> texts;
    for (const Message& m : messages) {
        if (m.role != Role::kUser) continue;
        for (const ContentBlock& b : m.blocks)
            if (b.kind == BlockKind::kText) texts.insert(std::string(trim(b.text)));
        texts.insert(std::string(trim(m.visible_text())));
    }
    return texts;
}

}  // namespace

QueuedParents add_undelivered_prompts(std::vector<QueuedPrompt> queued, std::vector<Message>& messages) {
    const std::set<std::string> delivered = user_texts(messages);
    std::vector<QueuedPrompt> kept;
    std::set<std::string> ids;
    for (QueuedPrompt& q : queued) {
        const std::string text = q.message.blocks.empty() ? std::string() : std::string(trim(q.message.blocks[0].text));
        if (text.empty() || delivered.count(text)) continue;
        q.message.id = "queue-line-" + std::to_string(q.message.line);
        ids.insert(q.message.id);
        kept.push_back(std::move(q));
    }
    // From the last, so that the earlier positions hold.
    for (auto q = kept.rbegin(); q != kept.rend(); ++q)
        messages.insert(messages.begin() + static_cast<std::ptrdiff_t>(std::min(q->before, messages.size())),
                        std::move(q->message));
    QueuedParents parents;
    std::string last_main;  // the id of the last main-thread message with one
    for (Message& m : messages) {
        if (ids.count(m.id) && !parents.count(m.id)) {
            m.parent_id = last_main;
            parents[m.id] = last_main;
        }
        if (!m.sidechain && !m.id.empty()) last_main = m.id;
    }
    return parents;
}

void QueuedSplicer::visit(Message& m) {
    if (const auto p = parents_.find(m.id); p != parents_.end()) {
        const auto up = root_of_.find(p->second);
        const std::string root = up != root_of_.end() ? up->second : p->second;
        root_of_[m.id] = root;
        tail_[root] = m.id;
        return;
    }
    if (m.sidechain) return;
    if (const auto t = tail_.find(m.parent_id); t != tail_.end()) {
        m.parent_id = t->second;
        tail_.erase(t);
    }
}

}  // namespace bm
