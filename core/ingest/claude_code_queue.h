// Prompts the user typed while Claude Code worked, where only a `queue-operation` line keeps them: which ones the
// file never takes off the queue nor delivers, and where they join the uuid chain.
#pragma once

#include <deque>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "model/message.h"

namespace bm {

// A queued prompt read as the user's message (no uuid, no parent yet), and how many messages were read before its
// line.
struct QueuedPrompt {
    Message message;
    size_t before = 0;
};

// The queue-operation lines of one file, in order ({"type": "queue-operation", "operation", "content"}). Claude Code
// takes a prompt off its queue when it delivers it (`dequeue`: as the next user line; `remove`: as a
// `queued_command` attachment mid-turn, both read as messages) and puts every queued prompt back into the input box
// on `popAll` (edited or dropped there: none was sent as it was). What is still queued at the end of the file was
// typed, but its delivery is not in the file (a window cut from a longer transcript).
class PromptQueue {
public:
    // An `enqueue` line's content, and the message it would be (null when it is not a typed prompt, see
    // typed_prompt); every enqueue holds its place in the queue, so that later lines take the right one off.
    void enqueue(const std::string& content, const QueuedPrompt* prompt);
    // A `dequeue` or `remove` line: takes off the queued prompt with that content (none when no queued prompt has
    // it), or, without content, the oldest.
    void take(const std::string& content);
    // A `popAll` line: the queue is emptied.
    void pop_all() { queue_.clear(); }
    // The typed prompts still queued, in order.
    std::vector<QueuedPrompt> undelivered() const;

private:
    struct Entry {
        std::string content;
        bool typed = false;
        QueuedPrompt prompt;
    };
    std::deque<Entry> queue_;
};

// Whether an enqueued content is a prompt the user typed as prose, to be read as their message: not empty, and not a
// slash command ("/compact …") or `!` command (delivered as command lines, read by their own wrappers), a harness
// notice ("<task-notification>…", which Claude Code queues as the harness's) or a JSON record.
bool typed_prompt(const std::string& content);

// Where queued prompts were put in the chain: each one's id → the message it hangs off ("" for none).
using QueuedParents = std::map<std::string, std::string>;

// Puts into `messages` each undelivered prompt whose text (trimmed) no user message read after its line carries
// (a delivery the queue lines did not record), after the messages read before its line, with the id
// `queue-line-<N>` and, as its parent, the main-thread message before it (or the queued prompt before it; "" when
// there is none).
QueuedParents add_undelivered_prompts(std::vector<QueuedPrompt> queued, std::vector<Message>& messages);

// Splices the queued prompts into the chain as the DAG is built, message by message in file order: a queued prompt
// becomes the tail after the message it hangs off, and the next main-thread message naming that message as its
// parent hangs off the tail instead (after a prompt that hangs off nothing, the next main-thread message, whatever
// it names), so a queued prompt sits between two turns rather than on a branch of its own.
class QueuedSplicer {
public:
    explicit QueuedSplicer(QueuedParents parents) : parents_(std::move(parents)) {}
    // Called for each message, in order, once its parent is resolved; may change `m.parent_id`.
    void visit(Message& m);

private:
    QueuedParents parents_;
    std::map<std::string, std::string> root_of_;  // queued id → the real message its run of queued prompts follows
    std::map<std::string, std::string> tail_;     // real message id ("" for none) → the last queued prompt after it
};

}  // namespace bm
