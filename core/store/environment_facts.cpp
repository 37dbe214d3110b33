// Workspace table environment_facts: one row per EnvironmentFact, keyed by (session_key, idx).
#include "store/environment_facts.h"

namespace bm {

Status store_environment_facts(Db& db, const std::string& key, const std::vector<EnvironmentFact>& facts) {
    if (facts.empty()) return {};
    auto ins = db.prepare(
        "INSERT INTO environment_facts (session_key, idx, name, value, qualifier, field, line, seq, quote, "
        "quote_offset, time) VALUES (?,?,?,?,?,?,?,?,?,?,?)");
    if (!ins) return ins.error();
    for (size_t i = 0; i < facts.size(); ++i) {
        const EnvironmentFact& f = facts[i];
        ins->bind(1, key).bind(2, static_cast<int64_t>(i)).bind(3, f.name).bind(4, f.value).bind(5, f.qualifier);
        ins->bind(6, f.field).bind(7, f.line).bind(8, f.seq).bind(9, f.quote).bind(10, f.quote_offset);
        ins->bind(11, f.time);
        if (auto st = ins->run(); !st) return st;
    }
    return {};
}

Result<std::vector<EnvironmentFact>> load_environment_facts(Db& db, const std::string& key) {
    auto q = db.prepare(
        "SELECT name, value, qualifier, field, line, seq, quote, quote_offset, time FROM environment_facts "
        "WHERE session_key = ? ORDER BY idx");
    if (!q) return q.error();
    q->bind(1, key);
    std::vector<EnvironmentFact> out;
    while (true) {
        auto row = q->step();
        if (!row) return row.error();
        if (!*row) break;
        EnvironmentFact f;
        f.name = q->text(0);
        f.value = q->text(1);
        f.qualifier = q->text(2);
        f.field = q->text(3);
        f.line = q->integer(4);
        f.seq = q->integer(5);
        f.quote = q->text(6);
        f.quote_offset = q->integer(7);
        f.time = q->text(8);
        out.push_back(std::move(f));
    }
    return out;
}

Result<bool> has_environment_facts(Db& db, const std::string& key) {
    auto q = db.prepare("SELECT 1 FROM environment_facts WHERE session_key = ? LIMIT 1");
    if (!q) return q.error();
    q->bind(1, key);
    return q->step();
}

}  // namespace bm
