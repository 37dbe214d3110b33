// `beliefmerge bench value-reading`: how often the merge's one-reading rule (merge/value_refinement.h)
// joins two statements that labelled public pair sets say are NOT one fact (false joins).
#include <cstdlib>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>

#include "bench/meld/gold.h"
#include "bench_commands.h"
#include "cli/fold_command.h"
#include "merge/value_refinement.h"

namespace bm::cli {

namespace {

// One pair set: how many pairs of each label, and of those how many the rule joins.
struct LabelCounts {
    size_t pairs = 0, joined = 0;
};
struct PairSetCounts {
    std::string name, bad_label;  // the label that makes a join false
    std::map<std::string, LabelCounts> by_label;
};

bool joins(const std::string& a, const std::string& b) { return reads_as_same(a, b) || reads_as_same(b, a); }

// SNLI's TSV (gold_label, sentence1, sentence2): every labelled pair, neutral included.
Result<PairSetCounts> snli_counts(const std::string& path) {
    std::ifstream in(path);
    if (!in) return Error::invalid_input("cannot open " + path, {path, 0, -1, ""}, "pass --shared DIR holding nli/snli_dev.tsv");
    PairSetCounts out{"SNLI dev (" + path + ")", "contradiction", {}};
    std::string line;
    std::getline(in, line);  // header
    while (std::getline(in, line)) {
        const size_t t1 = line.find('\t'), t2 = t1 == std::string::npos ? t1 : line.find('\t', t1 + 1);
        if (t2 == std::string::npos) continue;
        const std::string label = line.substr(0, t1);
        if (label != "entailment" && label != "neutral" && label != "contradiction") continue;
        std::string b = line.substr(t2 + 1);
        if (size_t t3 = b.find('\t'); t3 != std::string::npos) b.resize(t3);
        LabelCounts& c = out.by_label[label];
        ++c.pairs;
        c.joined += joins(line.substr(t1 + 1, t2 - t1 - 1), b) ? 1 : 0;
    }
    return out;
}

Result<PairSetCounts> gold_counts(const std::string& path) {
    auto pairs = meld::load_gold_pairs(path);
    if (!pairs.ok()) return pairs.error();
    PairSetCounts out{path, "conflict", {}};
    for (const auto& p : *pairs) {
        LabelCounts& c = out.by_label[meld::pair_class_name(p.label)];
        ++c.pairs;
        c.joined += joins(p.a.text, p.b.text) ? 1 : 0;
    }
    return out;
}

}  // namespace

int bench_value_reading(const QStringList& args) {
    FoldCommand cmd("bench value-reading");
    const auto& shared_opt = cmd.option(QStringLiteral("shared"), QStringLiteral("Shared data holding nli/snli_dev.tsv (default $BM_SHARED_DATA, else ../shared/data)."), QStringLiteral("DIR"));
    auto p = cmd.parse(args,
                       QStringLiteral("The merge joins values of one slot that read as one fact (fewer words, nothing left out that\n"
                                      "negates, contrasts, conditions, hedges, dates, quantifies or counts). This applies that rule to labelled\n"
                                      "public statement pairs never used to write it (SNLI dev, all labels; the MELD gold pair files)\n"
                                      "and counts joins per label: a join of a contradiction/conflict pair is a false join.\n"
                                      "Exit 1 when any pair set's false-join share of its joins is above 5%."),
                       {}, {}, 0);
    if (p.done) return p.exit_code;
    std::string shared = "../shared/data";
    if (cmd.is_set(shared_opt)) shared = cmd.value(shared_opt);
    else if (const char* s = std::getenv("BM_SHARED_DATA"); s && *s) shared = s;
    const std::string data = bench_data_dir({});
    std::vector<PairSetCounts> sets;
    auto snli = snli_counts(shared + "/nli/snli_dev.tsv");
    if (!snli.ok()) return cmd.fail_with(snli.error());
    sets.push_back(std::move(*snli));
    for (const char* f : {"meld_gold_train.jsonl", "meld_gold_train_agent.jsonl", "meld_gold_train_agent2.jsonl",
                          "meld_gold_dev.jsonl", "meld_gold_test.jsonl"}) {
        auto g = gold_counts(data + "/" + f);
        if (!g.ok()) return cmd.fail_with(g.error());
        sets.push_back(std::move(*g));
    }
    bool ok = true;
    nlohmann::json js = nlohmann::json::array();
    std::string md = "| pair set | label | pairs | joined | share joined |\n|---|---|---:|---:|---:|\n";
    std::string verdicts;
    for (const auto& s : sets) {
        size_t joined = 0, bad = 0;
        nlohmann::json labels = nlohmann::json::object();
        for (const auto& [label, c] : s.by_label) {
            joined += c.joined;
            if (label == s.bad_label) bad = c.joined;
            md += "| " + s.name + " | " + label + " | " + std::to_string(c.pairs) + " | " + std::to_string(c.joined) + " | " +
                  f3(c.pairs ? static_cast<double>(c.joined) / static_cast<double>(c.pairs) : 0.0) + " |\n";
            labels[label] = {{"pairs", c.pairs}, {"joined", c.joined}};
        }
        const double share = joined ? static_cast<double>(bad) / static_cast<double>(joined) : 0.0;
        ok = ok && share <= 0.05;
        verdicts += "- " + s.name + ": " + std::to_string(joined) + " joins, " + std::to_string(bad) + " of them " +
                    s.bad_label + " pairs (false joins " + f3(share) + ")\n";
        js.push_back({{"set", s.name}, {"labels", labels}, {"joined", joined}, {"false_joins", bad}});
    }
    if (cmd.json()) print_out(js.dump(2) + "\n");
    else print_out(md + "\n" + verdicts);
    return ok ? kOk : kFailed;
}

}  // namespace bm::cli
