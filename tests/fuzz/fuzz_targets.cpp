// libFuzzer entry point shared by every fuzz target; bm_fuzz_kind (one generated line per target) picks the parser.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

#include "adjudicate/adjudication_contract.h"
#include "bench/meld/hotpotqa.h"
#include "bench/mergebench/metrics.h"
#include "bench/mergebench/scenario_file.h"
#include "adjudicate/alignment_contract.h"
#include "fold/bundle.h"
#include "fold/mcp_server.h"
#include "extract/environment_claims.h"
#include "extract/tool_action_rules.h"
#include "extract/tool_call_facts.h"
#include "ingest/antigravity_reader.h"
#include "ingest/codex_exec_text_reader.h"
#include "ingest/gemini_prompt_log.h"
#include "ingest/gemini_share_reader.h"
#include "ingest/ingest.h"
#include "ingest/vscode_chat_reader.h"
#include "inject/claude_hook.h"
#include "inject/hook_settings.h"
#include "ingest/read_context.h"
#include "ingest/readers.h"
#include "meld/patch.h"
#include "meld/signals/glove_vectors.h"
#include "meld/transport/wire.h"
#include "redact/redactor.h"
#include "util/canonical_json.h"
#include "util/fast_json.h"
#include "fuzz_tokenizers.h"
#include "fuzz_reduce.h"
#include "fuzz_extract.h"
#include "fuzz_extract_gold.h"

namespace {

// The DSH reader's harness records and their env.* claims: each names a line of the input, its
// quote (when not rebuilt) is the bytes at its offset in that line, no placeholder becomes a claim.
void check_environment(std::string_view data, const bm::ReadResult& out) {
    std::vector<std::string_view> lines;
    for (size_t start = 0; start <= data.size();) {
        size_t end = data.find('\n', start);
        if (end == std::string_view::npos) end = data.size();
        lines.push_back(data.substr(start, end - start));
        start = end + 1;
    }
    for (const auto& s : out.sessions) {
        for (const auto& f : s.environment) {
            if (f.line < 1 || f.line > static_cast<int64_t>(lines.size()) || f.value.empty()) __builtin_trap();
            const std::string_view line = lines[static_cast<size_t>(f.line - 1)];
            if (f.quote_offset >= 0 && f.quote.find("[REDACTED:") == std::string::npos &&
                (static_cast<size_t>(f.quote_offset) > line.size() || line.substr(static_cast<size_t>(f.quote_offset), f.quote.size()) != f.quote))
                __builtin_trap();
        }
        for (const auto& c : bm::environment_claims(s, s.id)) {
            if (c.key.rfind("env.", 0) != 0 || c.value.empty() || bm::is_placeholder_value(c.value)) __builtin_trap();
            if (c.evidence != bm::EvidenceLevel::kToolVerified || c.trust != bm::TrustLabel::kExternal) __builtin_trap();
        }
    }
}

using LineReader = void (*)(bm::ByteSource&, bm::ReadContext&);

// A line reader run over `data` with the fuzz options; what it read.
bm::ReadResult run_line_reader(std::string_view data, LineReader reader) {
    bm::ReadResult out;
    out.file = "fuzz-input";
    bm::ReadOptions options;
    options.max_line_bytes = 1 << 20;
    bm::ReadContext ctx(out, options);
    bm::MemoryByteSource src(data);
    reader(src, ctx);
    return out;
}

// A document reader (whole-file JSON) run over `data`.
void run_document_reader(std::string_view data, void (*reader)(const bm::json&, bm::ReadContext&, const std::string&)) {
    bm::ReadResult out;
    out.file = "fuzz-input";
    bm::ReadOptions options;
    options.max_line_bytes = 1 << 20;
    bm::ReadContext ctx(out, options);
    if (auto doc = bm::parse_document(ctx, data)) reader(*doc, ctx, "0000000000000000");
}

void read_as(std::string_view data, const std::string& kind) {
    if (kind == "dsh") {
        check_environment(data, run_line_reader(data, bm::read_dsh));
        run_line_reader(data, bm::read_pi);  // pi's session files: a header shaped as DSH's, then a tree of entries
    } else if (kind == "claude_code") {
        run_line_reader(data, bm::read_claude_code);
        // Fuzz targets are costly to link: a reader of a sibling shape shares its kin's target.
        run_line_reader(data, bm::read_cursor_transcript);  // Cursor's transcripts: role + message lines, Claude-like blocks
    } else if (kind == "codex") {
        run_line_reader(data, bm::read_codex);
        run_line_reader(data, bm::read_codex_exec);  // `codex exec --json` event streams (session 27)
        run_line_reader(data,
                        bm::read_codex_legacy_exec);  // their form before mid-2025 (session 31)
        run_line_reader(data, bm::read_copilot_cli);  // Copilot CLI's session events (session 30)
    } else if (kind == "native") run_line_reader(data, bm::read_native);
    else if (kind == "openhands_eval") run_line_reader(data, bm::read_openhands_eval);
    else if (kind == "gemini_cli") {
        run_line_reader(data, bm::read_gemini_cli);
        run_line_reader(data, bm::read_qwen_code);  // Qwen Code's recordings: Gemini parts, a record tree (session 32)
        run_line_reader(data, bm::read_entire_sidecar);  // Entire's hook-event sidecars (Grok CLI; session 32)
        run_line_reader(data, bm::read_antigravity);     // Google Antigravity's step logs (session 35)
    } else if (kind == "aider") {
        run_line_reader(data, bm::read_aider);
        run_line_reader(data, bm::read_gemini_share);  // Gemini CLI's /chat share Markdown export (session 36)
        run_line_reader(data, bm::read_codex_exec_text);  // `codex exec` plain-text output (session 38)
    }
    else if (kind == "openai_chat") {
        run_document_reader(data, bm::read_openai_chat);
        run_document_reader(data, bm::read_opencode);  // OpenCode's export: {"info", "messages": [{"info", "parts"}]}
        run_document_reader(data, bm::read_atif);      // Harbor's ATIF trajectory: {"schema_version", "steps"}
        run_document_reader(data, bm::read_vscode_chat);  // VS Code's chat export: {"requests": [...]} (session 38)
        run_line_reader(data, bm::read_vscode_chat_log);  // VS Code's chat session operation log (session 38)
    }
    else if (kind == "swe_agent") run_document_reader(data, [](const bm::json& d, bm::ReadContext& c, const std::string& g) {
        bm::read_swe_agent(d, c, g);
    });
    else if (kind == "openhands") run_document_reader(data, bm::read_openhands);
    else if (kind == "gemini_cli_document") {
        run_document_reader(data, bm::read_gemini_cli_document);
        // `/chat save` checkpoints: a Content history, bare or wrapped (session 32).
        run_document_reader(data, [](const bm::json& d, bm::ReadContext& c, const std::string& g) {
            if (const bm::json* history = bm::gemini_saved_chat(d)) bm::read_gemini_saved_chat(*history, c, g);
        });
        // The prompt log, logs.json (session 34).
        run_document_reader(data, [](const bm::json& d, bm::ReadContext& c, const std::string& g) {
            if (bm::is_gemini_prompt_log(d)) bm::read_gemini_prompt_log(d, c, g);
        });
    }
    else if (kind == "cline") run_document_reader(data, bm::read_cline);
}

#ifdef BM_FUZZ_SEED_BUNDLE
// A real bundle store in a temporary directory holding the seed bundle, so MCP search and recall
// calls reach the index and the bundle files rather than failing on a missing store.
std::string seeded_fuzz_store() {
    namespace fs = std::filesystem;
    std::string pattern = (fs::temp_directory_path() / "bmfuzz-mcp-XXXXXX").string();
    if (!::mkdtemp(pattern.data())) return "/nonexistent-bmfold-fuzz-store";
    static const std::string root = pattern;
    std::atexit([] { std::error_code ec; fs::remove_all(root, ec); });
    std::ifstream in(BM_FUZZ_SEED_BUNDLE, std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    auto bundle = bm::decode_bundle(bytes, BM_FUZZ_SEED_BUNDLE);
    if (!bundle || !bm::BundleStore(root).publish(*bundle)) {
        std::fprintf(stderr, "fuzz_mcp: cannot seed the store from %s\n", BM_FUZZ_SEED_BUNDLE);
        std::abort();
    }
    return root;
}
#else
std::string seeded_fuzz_store() { return "/nonexistent-bmfold-fuzz-store"; }
#endif

// Equal values of equal JSON types (nlohmann's == treats 1 and 1u and 1.0 as equal).
bool same_json(const nlohmann::json& a, const nlohmann::json& b) {
    if (a.type() != b.type()) return false;
    if (a.is_object()) {
        if (a.size() != b.size()) return false;
        for (auto ia = a.begin(), ib = b.begin(); ia != a.end(); ++ia, ++ib)
            if (ia.key() != ib.key() || !same_json(*ia, *ib)) return false;
        return true;
    }
    if (a.is_array()) {
        if (a.size() != b.size()) return false;
        for (size_t i = 0; i < a.size(); ++i)
            if (!same_json(a[i], b[i])) return false;
        return true;
    }
    return a == b;
}

// Differential check: whenever the fast parser accepts, nlohmann accepts with the same value.
void check_fast_json(std::string_view text) {
    auto fast = bm::parse_json_fast(text);
    if (!fast) return;
    nlohmann::json reference = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (reference.is_discarded() || !same_json(*fast, reference)) __builtin_trap();
}

// Every string the readers could derive from a record: its strings, each value re-serialised, and
// newline-joins of adjacent strings in arrays (flatten_text).
void derived_texts(const nlohmann::json& v, std::vector<std::string>& out) {
    if (v.is_string()) {
        out.push_back(v.get<std::string>());
        return;
    }
    if (!v.is_structured()) return;
    out.push_back(v.dump());
    std::string joined;
    for (auto it = v.begin(); it != v.end(); ++it) {
        if (v.is_object()) out.push_back(it.key());
        if (it->is_string()) joined += (joined.empty() ? "" : "\n") + it->get<std::string>();
        derived_texts(*it, out);
    }
    out.push_back(joined);
}

// redact_json_record's claim: a clean record yields no derived string that redact() would change.
void check_record_claim(std::string_view line) {
    bool clean = false;
    (void)bm::redact_json_record(line, &clean);
    if (!clean) return;
    auto v = bm::parse_json_fast(line);
    if (!v) return;
    std::vector<std::string> texts;
    derived_texts(*v, texts);
    for (const auto& t : texts) {
        if (bm::redact(t) == t) continue;
        std::fprintf(stderr, "record judged clean but a derived string holds a secret:\nrecord: %.*s\nstring: %s\n",
                     static_cast<int>(line.size()), line.data(), t.c_str());
        __builtin_trap();
    }
}

// MergeBench scenario files: a typed error naming the file, or scenarios whose dump reads back to
// the same dump (the format is a fixed point) and whose scores stay within their denominators.
void check_mergebench_scenarios(std::string_view input) {
    auto read = bm::mergebench::read_scenarios(input, "fuzz-input");
    if (!read) {
        if (read.error().to_string().rfind("fuzz-input", 0) != 0) __builtin_trap();
        return;
    }
    std::string dumped;
    for (const auto& sc : *read) dumped += bm::mergebench::scenario_line(sc);
    auto again = bm::mergebench::read_scenarios(dumped, "fuzz-dump");
    if (!again) {
        std::fprintf(stderr, "a dump does not read back: %s\n", again.error().to_string().c_str());
        __builtin_trap();
    }
    std::string redumped;
    for (const auto& sc : *again) redumped += bm::mergebench::scenario_line(sc);
    if (redumped != dumped) __builtin_trap();
    for (const auto& sc : *read)
        for (auto match : {bm::mergebench::Match::kWords, bm::mergebench::Match::kSubstring}) {
            const auto t = bm::mergebench::score_text(sc, dumped, match);
            if (t.local > t.local_total || t.bridge > t.bridge_total || t.unambig + t.both > t.conflicted_total ||
                t.local_total + t.bridge_total != sc.questions.size())
                __builtin_trap();
        }
}

}  // namespace

// Defined per target (tests/fuzz/CMakeLists.txt writes fuzz_kind_<name>.cpp), so this file is compiled once.
extern "C" const char* const bm_fuzz_kind;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::string_view input(reinterpret_cast<const char*>(data), size);
    const std::string kind = bm_fuzz_kind;
    if (kind == "ingest_auto") {
        bm::ReadOptions options;
        options.max_line_bytes = 1 << 20;
        (void)bm::read_bytes(input, "fuzz-input", options);
    } else if (kind == "tool_call_args") {
        // Structured-output tool-call arguments (core/extract/tool_call_facts): any bytes, quotes in bounds.
        for (const auto& f : bm::tool_call_facts(input, "structured_output"))
            if (f.begin > f.end || f.end > input.size() || f.key.empty() || f.value.empty()) __builtin_trap();
        // The action rules (core/extract/tool_action_rules.h) over the same bytes as a call's
        // arguments and as its result, for each tool family: quotes in bounds, keys and values set.
        const size_t half = input.size() / 2;
        for (const char* tool : {"Bash", "bash", "Write", "Edit", "str_replace_editor", "edit", "create", "apply_patch",
                                 "TodoWrite", "exit_plan_mode", "create_goal", "subagent", "submit", "python", "Task", "Agent"}) {
            for (int error = 0; error < 2; ++error) {
                bm::ToolAction a;
                a.tool = tool;
                a.arguments = input.substr(0, half);
                a.result = input.substr(half);
                a.has_result = true;
                a.error = error != 0;
                a.error_flag_reliable = true;
                a.cwd = "/w";
                for (const auto& f : bm::tool_action_facts(a)) {
                    // Observed and reported facts quote the result; the others the call's arguments.
                    const bool from_result = f.evidence == bm::ActionEvidence::kObserved || f.evidence == bm::ActionEvidence::kReported;
                    const size_t limit = from_result ? a.result.size() : a.arguments.size();
                    if (f.begin > f.end || f.end > limit || f.key.empty() || f.value.empty() || f.rule.empty())
                        __builtin_trap();
                }
            }
        }
    } else if (kind == "meld_delta") {
        // MELD wire objects, one per line: typed errors or values, never a crash; a parsed delta
        // keeps its signed bytes through a JSON round trip.
        for (size_t start = 0; start < input.size();) {
            size_t end = input.find('\n', start);
            if (end == std::string_view::npos) end = input.size();
            auto j = nlohmann::json::parse(input.substr(start, end - start), nullptr, false);
            if (!j.is_discarded()) {
                auto delta = bm::meld::Delta::from_json(j, bm::Location{"fuzz-input"});
                if (delta.ok()) {
                    auto again = bm::meld::Delta::from_json(delta->to_json(), bm::Location{"fuzz-input"});
                    if (!again.ok() || again->signed_bytes() != delta->signed_bytes()) __builtin_trap();
                }
                (void)bm::meld::Patch::from_json(j, bm::Location{"fuzz-input"});
                (void)bm::meld::claim_from_json(j, bm::Location{"fuzz-input"});
            }
            start = end + 1;
        }
    } else if (kind == "meld_wire") {
        // A transport message: the first line is the subject, the rest the body. A decoded delta
        // re-encodes to a message that decodes to the same signed bytes.
        const size_t nl = input.find('\n');
        const std::string_view subject = input.substr(0, nl), body = nl == std::string_view::npos ? "" : input.substr(nl + 1);
        auto m = bm::meld::decode_wire(subject, body);
        if (m.ok() && m->topic != bm::meld::WireTopic::kDigest) {
            auto again = bm::meld::decode_wire(subject, bm::meld::encode_wire(m->delta));
            if (!again.ok() || again->delta.signed_bytes() != m->delta.signed_bytes()) __builtin_trap();
        }
    } else if (kind == "glove_vectors") {
        // GloVe text rows: typed errors or vectors whose every row has the first row's dimension.
        auto g = bm::GloveVectors::parse(input, "fuzz-input");
        if (g.ok())
            for (size_t r = 0; r < g->size(); ++r)
                if (g->vector(r).size() != g->dimensions() || g->find(g->word(r)) != static_cast<int64_t>(r)) __builtin_trap();
    } else if (kind == "canonical_json") {
        auto first = bm::canonicalize_json_text(input);
        if (first.ok()) {
            // Canonical form is a fixed point.
            auto second = bm::canonicalize_json_text(*first);
            if (!second.ok() || *second != *first) __builtin_trap();
        }
    } else if (kind == "fast_json") {
        check_fast_json(input);
        for (size_t start = 0; start < input.size();) {  // and every line of a JSONL input
            size_t end = input.find('\n', start);
            if (end == std::string_view::npos) end = input.size();
            check_fast_json(input.substr(start, end - start));
            start = end + 1;
        }
    } else if (kind == "hotpotqa") {
        // HotpotQA files (bench meld-recall): an error naming the input, or items whose supporting
        // facts all name a sentence of their own context.
        auto items = bm::meld::parse_hotpotqa(input, "fuzz-input");
        if (!items.ok() && items.error().to_string().rfind("fuzz-input", 0) != 0) __builtin_trap();
        if (items.ok())
            for (const auto& item : *items) {
                if (item.supporting.empty()) __builtin_trap();
                for (const auto& [p, s] : item.supporting)
                    if (p >= item.paragraphs.size() || s >= item.paragraphs[p].sentences.size()) __builtin_trap();
            }
    } else if (kind == "mergebench_scenarios") {
        check_mergebench_scenarios(input);
    } else if (kind == "tokenizer_file") {
        bm::fuzz::fuzz_tokenizer_file(input);
    } else if (kind == "token_count") {
        bm::fuzz::fuzz_token_count(input);
    } else if (kind == "redact") {
        std::string once = bm::redact(input);
        if (const std::string twice = bm::redact(once); twice != once) {  // idempotent
            std::fprintf(stderr, "redaction is not idempotent:\nonce:  %s\ntwice: %s\n", once.c_str(), twice.c_str());
            __builtin_trap();
        }
        for (size_t start = 0; start < input.size();) {
            size_t end = input.find('\n', start);
            if (end == std::string_view::npos) end = input.size();
            check_record_claim(input.substr(start, end - start));
            start = end + 1;
        }
    } else if (kind == "fold_bundle") {
        // Checkpoint bundles: decode never crashes; what decodes re-serialises to the same bytes.
        auto bundle = bm::decode_bundle(input, "fuzz-input");
        if (bundle.ok()) {
            auto bytes = bm::bundle_bytes(*bundle);
            if (!bytes.ok() || *bytes != input) __builtin_trap();
        }
        auto canonical = bm::canonicalize_json_text(input);
        if (canonical.ok()) (void)bm::decode_bundle(*canonical, "fuzz-input");
    } else if (kind == "model_replies") {
        // Model replies (chat bodies, alignment and adjudication content, embeddings): typed errors
        // or validated values, never a crash; validated claims quote the branch verbatim.
        (void)bm::parse_chat_reply(std::string(input), "fuzz-input");
        (void)bm::parse_embeddings_reply(std::string(input), 2, "fuzz-input");
        static const bm::Session session = [] {
            bm::Session s;
            s.id = "b1";
            bm::Message m;
            m.id = "m1";
            m.blocks.push_back({bm::BlockKind::kText, "The database is MySQL.", {}, {}, {}, false});
            s.messages.push_back(m);
            s.branches.push_back({"b1", {0}, false});
            return s;
        }();
        std::vector<bm::AlignmentBranch> branches{{"b1", &session, {&session.messages[0]}}};
        auto aligned = bm::validate_alignment(std::string(input), branches, {});
        for (const auto& b : aligned.branches)
            for (const auto& c : b.claims)
                if (session.messages[0].visible_text().find(c.quote) == std::string::npos) __builtin_trap();
        std::vector<bm::DisputeCase> cases(1);
        cases[0].key = "database";
        cases[0].options = {{"mysql", {4}, {}}, {"postgresql", {4}, {}}};
        auto adjudicated = bm::parse_adjudication(std::string(input), cases);
        for (const auto& [key, r] : adjudicated.resolutions)
            if (r.kind == bm::ResolutionKind::kChoose && r.value != "mysql" && r.value != "postgresql") __builtin_trap();
    } else if (kind == "claude_hook") {
        // Claude Code's hook event (any bytes: parsed or refused, never a crash), and the settings
        // file: whatever `hook install` accepts and changes, `hook uninstall` gives back byte for byte.
        (void)bm::parse_claude_hook_event(std::string(input), "stdin");
        static const std::string dir = [] {
            char tmpl[] = "/tmp/bm-fuzz-settings-XXXXXX";
            return std::string(::mkdtemp(tmpl));
        }();
        const std::string settings = dir + "/settings.json";
        std::filesystem::remove(settings + ".beliefmerge.bak");
        { std::ofstream(settings, std::ios::binary | std::ios::trunc) << input; }
        auto installed = bm::install_claude_hook(settings, "beliefmerge hook claude-code --workspace w.bmws");
        if (installed.ok() && *installed == bm::SettingsChange::kChanged) {
            if (!bm::uninstall_claude_hook(settings).ok()) __builtin_trap();
            std::ifstream in(settings, std::ios::binary);
            const std::string after{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
            if (after != input) __builtin_trap();
        }
    } else if (kind == "extract_gold") {
        fuzz_extract_gold(input);
    } else if (kind == "extract") {
        fuzz_extract(input);  // the heuristic extractor's rules over logs and over raw text (core/extract)
    } else if (kind.rfind("reduce_", 0) == 0) {
        fuzz_reducer(std::string_view(kind).substr(7), input);  // the ingress reducers (core/reduce)
    } else if (kind == "mcp") {
        // MCP JSON-RPC lines: every line gets one JSON answer or none, never a crash.
        static bm::BundleStore store(seeded_fuzz_store());
        static bm::McpServer server("fuzz", "0");
        static const bool tools_added = (bm::add_fold_tools(server, store), true);
        (void)tools_added;
        for (size_t start = 0; start < input.size();) {
            size_t end = input.find('\n', start);
            if (end == std::string_view::npos) end = input.size();
            auto reply = server.handle_line(input.substr(start, end - start));
            if (reply && nlohmann::json::parse(*reply, nullptr, false).is_discarded()) __builtin_trap();
            start = end + 1;
        }
    } else {
        read_as(input, kind);
    }
    return 0;
}
