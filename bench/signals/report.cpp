// Printing bench_signals' results as Markdown tables.
#include "report.h"

#include <fmt/format.h>

namespace bm::bench {

void print_report(const Report& r) {
    fmt::print("## Lexical signal provider\n\n");
    fmt::print("Machine: {}.\n\n", machine_line(r.machine));
    fmt::print(
        "Data: STS-B train {} pairs (IDF fit and tuning), STS-B dev {} pairs; SNLI dev {} labelled "
        "pairs "
        "({} contradiction).\n\n",
        r.sts_train_pairs, r.sts_dev_pairs, r.snli_pairs, r.snli_contradictions);
    fmt::print(
        "| configuration | Spearman σ, STS-B dev | Spearman σ, STS-B train | σ pairs/s | χ "
        "precision | "
        "χ recall | χ F1 | χ pairs/s |\n");
    fmt::print("|---|---:|---:|---:|---:|---:|---:|---:|\n");
    for (const ConfigurationResult& c : r.configurations) {
        fmt::print("| {} | {:.4f} | {:.4f} | {:.0f} |", c.name, c.dev.spearman, c.train.spearman,
                   c.dev.pairs_per_second);
        if (c.has_contradiction) {
            const BinaryCounts& k = c.contradiction.counts;
            fmt::print(" {:.3f} | {:.3f} | {:.3f} | {:.0f} |\n", k.precision(), k.recall(), k.f1(),
                       c.contradiction.pairs_per_second);
        } else {
            fmt::print(" — | — | — | — |\n");
        }
    }
    fmt::print("\n");
    for (const ConfigurationResult& c : r.configurations) {
        if (!c.has_contradiction) continue;
        fmt::print("χ rules on SNLI dev, {} (unrelated verdicts: {}):\n\n", c.name,
                   c.contradiction.unrelated);
        fmt::print("| rule | fired | gold contradiction | precision |\n|---|---:|---:|---:|\n");
        for (const auto& [rule, count] : c.contradiction.by_rule)
            fmt::print("| {} | {} | {} | {:.3f} |\n", rule, count.fired, count.correct,
                       count.fired
                           ? static_cast<double>(count.correct) / static_cast<double>(count.fired)
                           : 0.0);
        fmt::print("\n");
    }
    if (r.wordnet.loaded)
        fmt::print(
            "WordNet load: first in process {:.1f} ms; median {:.1f} ms, best {:.1f} ms over {} "
            "loads "
            "({} synsets, {} lemmas).\n\n",
            r.wordnet.first_ms, r.wordnet.median_ms, r.wordnet.min_ms, r.wordnet.runs,
            r.wordnet.synsets, r.wordnet.lemmas);
    else
        fmt::print("WordNet not loaded: {}\n\n", r.wordnet.error);
    fmt::print("Identities:\n\n");
    for (const ConfigurationResult& c : r.configurations)
        fmt::print("- {}: `{}`\n", c.name, c.identity);
}

}  // namespace bm::bench
