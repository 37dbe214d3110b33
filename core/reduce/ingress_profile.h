// ToolIngressProfile (plan M1 §25): which tool outputs may be reduced on ingress, and by which reducer.
//
// A profile is a row of a table (tool name, policy, reducer, sniff): eligible tools name a reducer,
// protected tools (subagent final results, security scanners, final answers) are never reduced, and a
// tool the table does not name is unknown and passes through untouched. Independently of the tool,
// an error result or an output holding a security finding is protected. Thread-safety: pure functions
// over a constant table.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bm {

enum class IngressPolicy { kEligible, kProtected, kUnknown };
enum class ReducerKind { kLog, kJson, kDiff, kSearch, kTest };

const char* ingress_policy_name(IngressPolicy policy);
const char* reducer_kind_name(ReducerKind kind);
std::optional<ReducerKind> reducer_kind_from_name(std::string_view name);
inline constexpr ReducerKind kAllReducers[] = {ReducerKind::kLog, ReducerKind::kJson, ReducerKind::kDiff,
                                               ReducerKind::kSearch, ReducerKind::kTest};

struct ToolIngressProfile {
    std::string tool_name;  // as matched: lower case
    IngressPolicy policy = IngressPolicy::kUnknown;
    std::optional<ReducerKind> reducer;  // eligible only
    // Shell-like tools: an output recognisably a test run, a diff, JSON or grep output goes to that
    // reducer instead of `reducer` (sniff_reducer).
    bool sniff = false;
    std::string why;  // protected and unknown: the reason shown to users
};

// The built-in table, sorted by tool name.
const std::vector<ToolIngressProfile>& default_ingress_profiles();
// The profile of `tool` (case-insensitive); unknown when the table has no row for it.
ToolIngressProfile ingress_profile(std::string_view tool);

// The reducer a shell-like tool's output gets: test, diff, json or search when the output looks like
// one, else `fallback`.
ReducerKind sniff_reducer(std::string_view output, ReducerKind fallback);

// Why an output must not be reduced whatever its tool's profile (an error result, a security
// finding), or nullopt.
std::optional<std::string> content_protection(std::string_view output, bool is_error);

}  // namespace bm
