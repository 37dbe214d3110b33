// Test support for the tool-action rule tests of tests/extract: a call answered by its result, the
// facts one rule (or every rule) makes of it, and those facts printed one "key = value" line each.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "extract/tool_action_rules.h"

namespace bm::extracttest {

// A tool call answered by a result, as a reader hands it to the rules; it owns the text the action
// views.
struct AnsweredCall {
    std::string tool;
    std::string arguments;  // JSON, or an older SWE-agent run's action line
    std::string result;     // "" when the result holds no text
    bool error = false;     // the result is marked as an error
    bool error_flag_reliable = false;
    std::string cwd{};      // the run's working directory, "" when unknown

    // REQUIRES: *this outlives the returned action (it views this call's strings).
    ToolAction action() const {
        ToolAction a;
        a.tool = tool;
        a.arguments = arguments;
        a.result = result;
        a.has_result = true;
        a.error = error;
        a.error_flag_reliable = error_flag_reliable;
        a.cwd = cwd;
        return a;
    }
};

// {"command":"<command>"}: the command goes in as written, so a test writes its own JSON escapes.
inline std::string command_arguments(std::string_view command) {
    return std::string(R"({"command":")") + std::string(command) + "\"}";
}

using ActionRule = void (*)(const ToolAction&, std::vector<ActionFact>&);

// The facts `rule` makes of `call`, in order.
inline std::vector<ActionFact> facts_of_rule(ActionRule rule, const AnsweredCall& call) {
    std::vector<ActionFact> out;
    rule(call.action(), out);
    return out;
}

// The facts every tool-action rule makes of `call` whose rule id is `rule`.
inline std::vector<ActionFact> facts_named(const AnsweredCall& call, std::string_view rule) {
    std::vector<ActionFact> out;
    for (ActionFact& f : tool_action_facts(call.action()))
        if (f.rule == rule) out.push_back(std::move(f));
    return out;
}

enum class FactLine { kKeyValue, kRuleKeyValue };

// One "key = value\n" line a fact (ActionFact, TextFact), "rule key = value\n" with kRuleKeyValue.
template <class Fact>
std::string fact_lines(const std::vector<Fact>& facts, FactLine line = FactLine::kKeyValue) {
    std::string s;
    for (const Fact& f : facts)
        s += (line == FactLine::kRuleKeyValue ? f.rule + " " : "") + f.key + " = " + f.value + "\n";
    return s;
}

}  // namespace bm::extracttest
