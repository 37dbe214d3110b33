// Prompts kept only in Claude Code's `queue-operation` lines, read where the file lacks their delivery.
#include "ingest/claude_code_queue.h"

#include <algorithm>

#include "util/trim.h"

namespace bm {

bool typed_prompt(const std::string& content) {
    const std::string_view text = trim(content);
    if (text.empty()) return false;
    return text.front() != '/' && text.front() != '!' && text.front() != '<' && text.front() != '{';
}

void PromptQueue::enqueue(const std::string& content, const QueuedPrompt* prompt) {
    Entry e;
    e.content = content;
    e.typed = prompt != nullptr;
    if (prompt) e.prompt = *prompt;
    queue_.push_back(std::move(e));
}

void PromptQueue::take(const std::string& content) {
    if (queue_.empty()) return;
    if (content.empty()) {
        queue_.pop_front();
        return;
    }
    // A prompt named by its text; one this file never queued (enqueued before a window's first line) takes nothing.
    const auto same = std::find_if(queue_.begin(), queue_.end(), [&](const Entry& e) { return e.content == content; });
    if (same != queue_.end()) queue_.erase(same);
}

std::vector<QueuedPrompt> PromptQueue::undelivered() const {
    std::vector<QueuedPrompt> out;
    for (const Entry& e : queue_)
        if (e.typed) out.push_back(e.prompt);
    return out;
}

QueuedParents add_undelivered_prompts(std::vector<QueuedPrompt> queued, std::vector<Message>& messages) {
    if (queued.empty()) return {};
    std::vector<QueuedPrompt> kept;
    std::set<std::string> ids;
    for (QueuedPrompt& q : queued) {
        const std::string text = q.message.blocks.empty() ? std::string() : std::string(trim(q.message.blocks[0].text));
        // Delivered by a user message read after its line (not one the user typed before it: "yes", then "yes").
        bool delivered = text.empty();
        for (size_t i = std::min(q.before, messages.size()); i < messages.size() && !delivered; ++i) {
            const Message& m = messages[i];
            if (m.role != Role::kUser) continue;
            delivered = trim(m.visible_text()) == text;
            for (const ContentBlock& b : m.blocks) delivered |= b.kind == BlockKind::kText && trim(b.text) == text;
        }
        if (delivered) continue;
        q.message.id = "queue-line-" + std::to_string(q.message.line);
        ids.insert(q.message.id);
        kept.push_back(std::move(q));
    }
    if (kept.empty()) return {};
    // One pass: each message keeps its place; the kept prompts go in before the message at their `before`.
    std::vector<Message> merged;
    merged.reserve(messages.size() + kept.size());
    size_t k = 0;
    for (size_t i = 0; i <= messages.size(); ++i) {
        while (k < kept.size() && std::min(kept[k].before, messages.size()) == i)
            merged.push_back(std::move(kept[k++].message));
        if (i < messages.size()) merged.push_back(std::move(messages[i]));
    }
    messages = std::move(merged);
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
    if (m.sidechain || m.id.empty()) return;
    // After a prompt that hangs off nothing, the next main-thread message goes on from it whatever it names.
    if (const auto first = tail_.find(""); first != tail_.end()) {
        m.parent_id = first->second;
        tail_.erase(first);
        return;
    }
    if (const auto t = tail_.find(m.parent_id); t != tail_.end()) {
        m.parent_id = t->second;
        tail_.erase(t);
    }
}

}  // namespace bm
