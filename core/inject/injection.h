// What a hook or the MCP server gives an agent's next session of a project: the approved block when
// the approval still holds; otherwise what the project's policy allows — nothing (`none`, the
// default), only human-decided or TRUSTED-settled slots (`reviewed`), or the current block with its
// trust banner (`fresh`) — and one line telling the user which. Every block comes from the one
// pipeline (inject/project_block.h), so it is never over budget and never carries an UNTRUSTED item
// without its marker. Thread-safety: a plain function; each call opens its own connections.
#pragma once

#include <optional>
#include <string>

#include "inject/approval_status.h"

namespace bm {

struct InjectionOptions {
    std::string workspace;
    std::string project;
    std::optional<InjectPolicy> policy;  // overrides the project's stored policy
    size_t budget = 2000;   // for `reviewed` and `fresh` with no approval to take it from
    std::string tokenizer;  // likewise; empty: default_tokenizer_spec()
};

enum class InjectionSource { kNothing, kApproved, kReviewed, kFresh };
const char* injection_source_name(InjectionSource source);

struct Injection {
    InjectionSource source = InjectionSource::kNothing;
    std::string block;   // Markdown, as packed; empty when nothing is injected
    std::string notice;  // one line for the user: what was injected and why
    ApprovalStatus status;
};

// Decides and builds the injection for `options.project`. Errors only for an unreadable workspace
// or a block that cannot be built; a project without sessions or approval gives kNothing.
Result<Injection> project_injection(const InjectionOptions& options);

}  // namespace bm
