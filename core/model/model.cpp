// Names and small helpers of the model value types.
#include <cctype>

#include "model/claim.h"
#include "model/message.h"
#include "model/session.h"

namespace bm {

const char* role_name(Role role) {
    switch (role) {
        case Role::kSystem: return "system";
        case Role::kDeveloper: return "developer";
        case Role::kUser: return "user";
        case Role::kAssistant: return "assistant";
        case Role::kTool: return "tool";
    }
    return "unknown";
}

const char* source_kind_name(SourceKind kind) {
    switch (kind) {
        case SourceKind::kUser: return "user";
        case SourceKind::kModel: return "model";
        case SourceKind::kTool: return "tool";
        case SourceKind::kPlugin: return "plugin";
        case SourceKind::kUnknown: return "unknown";
    }
    return "unknown";
}

std::optional<SourceKind> source_kind_from_name(const std::string& name) {
    for (SourceKind k : {SourceKind::kUser, SourceKind::kModel, SourceKind::kTool, SourceKind::kPlugin,
                         SourceKind::kUnknown})
        if (name == source_kind_name(k)) return k;
    return std::nullopt;
}

const char* block_kind_name(BlockKind kind) {
    switch (kind) {
        case BlockKind::kText: return "text";
        case BlockKind::kReasoning: return "reasoning";
        case BlockKind::kImage: return "image";
        case BlockKind::kToolCall: return "tool_call";
        case BlockKind::kToolResult: return "tool_result";
    }
    return "unknown";
}

const char* format_name(SessionFormat format) {
    switch (format) {
        case SessionFormat::kDsh: return "dsh";
        case SessionFormat::kClaudeCode: return "claude-code";
        case SessionFormat::kCodex: return "codex";
        case SessionFormat::kOpenAiChat: return "openai-chat";
        case SessionFormat::kSweAgent: return "swe-agent";
        case SessionFormat::kOpenHands: return "openhands";
        case SessionFormat::kNative: return "native";
        case SessionFormat::kGeminiCli: return "gemini-cli";
        case SessionFormat::kCline: return "cline";
        case SessionFormat::kAider: return "aider";
    }
    return "unknown";
}

int evidence_weight(EvidenceLevel level) { return 1 << (static_cast<int>(level) - 1); }

const char* evidence_name(EvidenceLevel level) {
    switch (level) {
        case EvidenceLevel::kSpeculative: return "SPECULATIVE";
        case EvidenceLevel::kInferred: return "INFERRED";
        case EvidenceLevel::kToolVerified: return "TOOL_VERIFIED";
        case EvidenceLevel::kUserStated: return "USER_STATED";
    }
    return "UNKNOWN";
}

std::optional<EvidenceLevel> evidence_from_int(int64_t level) {
    if (level < 1 || level > 4) return std::nullopt;
    return static_cast<EvidenceLevel>(level);
}

const char* slot_type_name(SlotType type) {
    switch (type) {
        case SlotType::kFact: return "Fact";
        case SlotType::kDecision: return "Decision";
        case SlotType::kConstraint: return "Constraint";
        case SlotType::kRefuted: return "Refuted";
        case SlotType::kGoal: return "Goal";
        case SlotType::kOpenQ: return "OpenQ";
        case SlotType::kArtifact: return "Artifact";
    }
    return "Fact";
}

std::optional<SlotType> slot_type_from_name(const std::string& name) {
    for (SlotType t : {SlotType::kFact, SlotType::kDecision, SlotType::kConstraint,
                       SlotType::kRefuted, SlotType::kGoal, SlotType::kOpenQ, SlotType::kArtifact})
        if (name == slot_type_name(t)) return t;
    return std::nullopt;
}

std::string Message::visible_text() const {
    std::string out;
    for (const auto& b : blocks) {
        if (b.kind != BlockKind::kText) continue;
        if (!out.empty()) out += "\n\n";
        out += b.text;
    }
    return out;
}

namespace {
bool is_uuid(const std::string& s) {
    if (s.size() != 36) return false;
    for (size_t i = 0; i < s.size(); ++i) {
        if (i == 8 || i == 13 || i == 18 || i == 23) {
            if (s[i] != '-') return false;
        } else if (!std::isxdigit(static_cast<unsigned char>(s[i]))) {
            return false;
        }
    }
    return true;
}
}  // namespace

std::string canonical_session_id(const std::string& id) {
    static const std::string prefix = "session-";
    if (id.rfind(prefix, 0) == 0 && is_uuid(id.substr(prefix.size()))) return id.substr(prefix.size());
    return id;
}

void ensure_linear_branch(Session& session) {
    if (!session.branches.empty() || session.messages.empty()) return;
    Branch b;
    b.id = session.id;
    for (size_t i = 0; i < session.messages.size(); ++i) b.message_indexes.push_back(i);
    session.branches.push_back(std::move(b));
}

}  // namespace bm
