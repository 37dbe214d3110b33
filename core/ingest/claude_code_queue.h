// Prompts the user typed while Claude Code worked, where only a `queue-operation` line keeps them: which ones no
// other line of the file delivers, and where they join the uuid chain.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "model/message.h"

namespace bm {

// The prompt an `enqueue` queue-operation line holds ({"type": "queue-operation", "operation": "enqueue",
// "content": "…"}); "" for any other operation, or content that is not a string.
std::string enqueued_prompt(const nlohmann::json& line);

// A queued prompt read as the user's message (no uuid, no parent yet), and how many messages were read before its
// line.
struct QueuedPrompt {
    Message message;
    size_t before = 0;
};

// Where queued prompts were put in the chain: each one's id → the message it hangs off ("" for none).
using QueuedParents = std::map<std::string, std::string>;

// Puts into `messages` each queued prompt whose text (trimmed) no user message of the file carries: Claude Code
// delivers a queued prompt as a later user line or a `queued_command` attachment, both read as messages, so only
// a prompt whose delivery the file lacks (a window cut from a longer transcript) is read from its queue line. Each
// goes after the messages read before its line, with the id `queue-line-<N>` and, as its parent, the main-thread
// message before it (or the queued prompt before it).
QueuedParents add_undelivered_prompts(std::vector<QueuedPrompt> queued, std::vector<Message>& messages);

// Splices the queued prompts into the chain as the DAG is built, message by message in file order: a queued prompt
// becomes the tail after the message it hangs off, and the next main-thread message naming that message as its
// parent hangs off the tail instead, so a queued prompt sits between two turns rather than on a branch of its own.
class QueuedSplicer {
public:
    explicit QueuedSplicer(QueuedParents parents) : parents_(std::move(parents)) {}
    // Called for each message, in order, once its parent is resolved; may change `m.parent_id`.
    void visit(Message& m);

private:
    QueuedParents parents_;
    std::map<std::string, std::string> root_of_;  // queued id → the real message its run of queued prompts follows
    std::map<std::string, std::string> tail_;     // real message id → the last queued prompt after it
};

}  // namespace bm
