// The MCP tools of ingress reduction: reduce_tool_output, confirm_tool_output, recall_tool_output.
//
// They expose IngressReducer to an MCP client (a harness hook): reduce an output, report the
// finalised content for the surviving-digest check, and recall the exact original by its artifact ref.
// Thread-safety: as McpServer (one message at a time).
#pragma once

#include <nlohmann/json.hpp>

#include "fold/mcp_server.h"
#include "reduce/ingress_reducer.h"

namespace bm {

// The JSON of an outcome: {decision, tool, text, reason?, reducer?, artifact?, rawDigest, reducedDigest?,
// rawBytes, textBytes, linesBefore?, linesKept?}.
nlohmann::json ingress_outcome_json(const IngressOutcome& outcome);

// Registers the three tools over `reducer` (which must outlive the server and be open()ed).
void add_reduce_tools(McpServer& server, IngressReducer& reducer);

}  // namespace bm
