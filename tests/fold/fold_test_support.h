// Helpers of the fold tests: temporary store directories and synthetic sessions with tool pairs.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "fold/archive.h"
#include "fold/bundle_store.h"
#include "fold/fold_engine.h"
#include "model/session.h"

namespace bm::testing {

class TempDir {
public:
    TempDir() {
        std::string tmpl = (std::filesystem::temp_directory_path() / "bmfold-XXXXXX").string();
        path_ = ::mkdtemp(tmpl.data());
    }
    ~TempDir() {
        std::error_code ec;
        std::filesystem::remove_all(path_, ec);
    }
    const std::string& path() const { return path_; }

private:
    std::string path_;
};

inline std::string slurp_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

inline void write_file(const std::string& path, const std::string& data) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << data;
}

inline ContentBlock text_block(std::string text) {
    ContentBlock b;
    b.kind = BlockKind::kText;
    b.text = std::move(text);
    return b;
}

// A session built turn by turn; every message gets a raw record like the synthetic sessions.
struct SessionBuilder {
    Session s;
    explicit SessionBuilder(std::string id) { s.id = std::move(id); }
    void add(Role role, std::vector<ContentBlock> blocks) {
        Message m;
        m.session_id = s.id;
        m.seq = static_cast<int64_t>(s.messages.size());
        m.id = "m" + std::to_string(m.seq);
        m.role = role;
        m.blocks = std::move(blocks);
        m.line = m.seq + 1;
        m.raw = CompressedBytes(nlohmann::json{{"seq", m.seq}}.dump());
        s.messages.push_back(std::move(m));
    }
    void user(const std::string& text) { add(Role::kUser, {text_block(text)}); }
    void call(const std::string& text, const std::string& id, const std::string& name,
              const std::string& args) {
        ContentBlock c;
        c.kind = BlockKind::kToolCall;
        c.tool_id = id;
        c.tool_name = name;
        c.arguments = args;
        add(Role::kAssistant, {text_block(text), c});
    }
    void result(const std::string& id, bool failed, const std::string& text) {
        ContentBlock r;
        r.kind = BlockKind::kToolResult;
        r.tool_id = id;
        r.is_error = failed;
        r.text = text;
        add(Role::kTool, {r});
    }
};

// A session of `turns` rounds: user asks, assistant calls a tool, the tool answers, assistant replies.
// Every 5th tool result fails, the next round's succeeds. Each message has a JSON raw record.
inline Session synthetic_session(const std::string& id, int turns, size_t filler_bytes = 200) {
    Session s;
    s.id = id;
    int64_t seq = 0;
    auto add = [&](Role role, std::vector<ContentBlock> blocks) {
        Message m;
        m.session_id = id;
        m.seq = seq++;
        m.id = "m" + std::to_string(m.seq);
        m.role = role;
        m.blocks = std::move(blocks);
        m.line = m.seq + 1;
        nlohmann::json raw{{"type", "event"}, {"seq", m.seq}, {"role", role_name(role)}};
        raw["blocks"] = nlohmann::json::array();
        for (const auto& b : m.blocks) raw["blocks"].push_back({{"text", b.text}, {"name", b.tool_name}});
        m.raw = CompressedBytes(raw.dump());
        s.messages.push_back(std::move(m));
    };
    const std::string filler(filler_bytes, 'x');
    for (int t = 0; t < turns; ++t) {
        const std::string n = std::to_string(t);
        ContentBlock u = text_block("Turn " + n + ": please run the build. You must never push to main. " + filler);
        if (t == 0) u.text = "Fix the flaky parser test. timeout=30 " + filler;
        add(Role::kUser, {u});
        ContentBlock call;
        call.kind = BlockKind::kToolCall;
        call.tool_id = "call-" + n;
        call.tool_name = "run_build";
        call.arguments = "{\"path\":\"src/parser" + n + ".cpp\"}";
        add(Role::kAssistant, {text_block("I'll use the ninja backend for turn " + n + "."), call});
        ContentBlock result;
        result.kind = BlockKind::kToolResult;
        result.tool_id = "call-" + n;
        result.is_error = (t % 5 == 4);
        result.text = result.is_error ? "error: build failed in turn " + n : "build ok quokka" + n + " " + filler;
        add(Role::kTool, {result});
        add(Role::kAssistant, {text_block("Done with turn " + n + ". Tests pass now.")});
    }
    return s;
}

inline FoldOptions small_fold_options(size_t retain = 300, size_t leaf = 600) {
    FoldOptions o;
    o.policy.retain_tokens = retain;
    o.policy.max_leaf_tokens = leaf;
    o.policy.min_reclaim_tokens = 1;
    o.policy.frozen_checkpoint_token_budget = 2000;
    o.created_at = 1700000000000;
    return o;
}

}  // namespace bm::testing
