// Session, Branch and compaction checkpoint records: what a reader returns for one log.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "model/message.h"

namespace bm {

enum class SessionFormat {
    kDsh, kClaudeCode, kCodex, kOpenAiChat, kSweAgent, kOpenHands, kNative, kGeminiCli, kCline, kAider
};
const char* format_name(SessionFormat format);

// A compaction found in the log: the summary that replaced a range, and the range it shadowed.
struct CheckpointRecord {
    std::string id;
    std::string kind;  // "compaction", "compact-summary", "compact-boundary", "compacted"
    int64_t seq = 0;   // where in the event log it happened
    std::optional<int64_t> shadowed_start;  // first shadowed seq (inclusive)
    std::optional<int64_t> shadowed_end;    // last shadowed seq (inclusive)
    std::string summary;                    // redacted summary text, when the log has one
};

// A fact the harness itself recorded about a run, not said by the user or the model: the working
// directory, the model, the approval policy, a hook's verdict, a turn's error, lineage, the log
// format, the creation time. The extractor turns these into `env.*` claims (docs/extract.md,
// "Harness environment facts"); `line` is where a reviewer finds the record.
struct EnvironmentFact {
    std::string name;       // "cwd", "model", "approval_policy", "hook_decision", ... (docs/formats.md)
    std::string value;      // as recorded (redacted); numbers as their decimal text
    std::string qualifier;  // what the value is about when the record says: a hook handler, a turn
    std::string field;      // JSON path of the member in its record, e.g. "data.header.config.model"
    int64_t line = 0;       // 1-based line of the record in the file
    int64_t seq = 0;        // the event's seq; 0 for the session header
    std::string quote;      // the member as written in the record (redacted), e.g. "cwd":"/srv"
    int64_t quote_offset = -1;  // byte offset of the quote in its line; -1 when rebuilt
    std::string time;       // the event's time as found; empty when absent
};

// What is merged: a path through the session's messages (a leaf of a DAG, or the whole log).
struct Branch {
    std::string id;
    std::vector<size_t> message_indexes;  // indexes into Session::messages, root first
    bool sidechain = false;
};

struct Session {
    std::string id;       // canonical id: the bare uuid when the form was session-<uuid>
    std::string id_form;  // the id as found in the log
    SessionFormat format = SessionFormat::kNative;
    int format_version = 0;
    std::string file;
    std::string cwd;
    std::string created_at;
    std::string parent_session;
    std::optional<int64_t> seed_length;
    std::string origin;
    std::vector<Message> messages;
    std::vector<CheckpointRecord> checkpoints;
    std::vector<Branch> branches;
    std::vector<EnvironmentFact> environment;  // in record order: each fact where first stated or changed
    int64_t redactions = 0;
};

// "session-<uuid>" and "<uuid>" name one session: returns the bare uuid for the first form.
std::string canonical_session_id(const std::string& id);

// A session with messages but no branch records is one linear branch over all its messages, named
// by the session id; sessions that have branches (or no messages) are left as they are.
void ensure_linear_branch(Session& session);

}  // namespace bm
