// bench_signals: measures the lexical provider's σ on STS-B and χ on SNLI, and prints Markdown.
#include <algorithm>
#include <chrono>
#include <cstdio>

#include <fmt/format.h>

#include "evaluate.h"
#include "options.h"
#include "report.h"
#include "tsv.h"

using namespace bm;
using namespace bm::bench;

namespace {

WordNetLoad time_wordnet_loads(const std::string& dir, int runs,
                               std::shared_ptr<const WordNet>& kept) {
    WordNetLoad out;
    std::vector<double> ms;
    for (int i = 0; i < runs; ++i) {
        const auto start = std::chrono::steady_clock::now();
        Result<std::shared_ptr<const WordNet>> loaded = WordNet::load(dir);
        ms.push_back(
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                .count());
        if (!loaded.ok()) {
            out.error = loaded.error().to_string();
            return out;
        }
        kept = std::move(loaded).value();
    }
    out.first_ms = ms.front();
    std::sort(ms.begin(), ms.end());
    out.loaded = true;
    out.runs = runs;
    out.median_ms = ms[ms.size() / 2];
    out.min_ms = ms.front();
    out.synsets = kept->synset_count();
    out.lemmas = kept->lemma_count();
    return out;
}

struct Configuration {
    std::string name;
    LexicalOptions options;
    bool fit_idf = true;
    bool contradiction = true;
};

std::vector<Configuration> configurations() {
    LexicalOptions plain;
    plain.use_wordnet = false;
    plain.synonyms = SynonymPolicy::kNone;
    plain.features.block_weight = {1, 0, 0, 0};
    plain.features.hypernym_depth = 0;
    plain.features.stop_word_prior = 1.0;
    LexicalOptions no_wordnet;
    no_wordnet.use_wordnet = false;
    return {
        {"plain TF-IDF cosine (word unigrams)", plain, true, false},
        {"lexical without WordNet", no_wordnet, true, true},
        {"lexical, no IDF corpus (built-in priors)", {}, false, false},
        {"lexical (default)", {}, true, true},
    };
}

}  // namespace

int main(int argc, char** argv) {
    Result<Options> parsed = parse_options(argc, argv);
    if (!parsed.ok()) {
        std::fprintf(stderr, "bench_signals: %s\n", parsed.error().to_string().c_str());
        return 2;
    }
    const Options& opts = *parsed;
    if (opts.help) {
        std::fputs(usage(), stdout);
        return 0;
    }
    // WordNet first, so the first load is timed as a fresh process would see it.
    Report report;
    std::shared_ptr<const WordNet> wordnet;
    report.wordnet = time_wordnet_loads(opts.wordnet_dir, 5, wordnet);
    Result<std::vector<TextPair>> train = read_sts(opts.data_dir + "/sts/stsb_train.tsv");
    Result<std::vector<TextPair>> dev = read_sts(opts.data_dir + "/sts/stsb_dev.tsv");
    Result<std::vector<TextPair>> snli = read_nli(opts.data_dir + "/nli/snli_dev.tsv");
    for (const Error* e : {train.ok() ? nullptr : &train.error(), dev.ok() ? nullptr : &dev.error(),
                           snli.ok() ? nullptr : &snli.error()})
        if (e) {
            std::fprintf(stderr, "bench_signals: %s\n", e->to_string().c_str());
            return 1;
        }

    report.machine = describe_machine();
    report.sts_train_pairs = train->size();
    report.sts_dev_pairs = dev->size();
    report.snli_pairs = snli->size();
    for (const TextPair& p : *snli)
        report.snli_contradictions += p.label == "contradiction" ? 1 : 0;

    std::vector<std::string> idf_corpus;  // STS-B train only: nothing is fit on the dev split
    for (const TextPair& p : *train) {
        idf_corpus.push_back(p.a);
        idf_corpus.push_back(p.b);
    }
    for (const Configuration& config : configurations()) {
        const std::shared_ptr<const WordNet> wn = config.options.use_wordnet ? wordnet : nullptr;
        const LexicalProvider provider(wn,
                                       config.fit_idf ? std::span<const std::string>(idf_corpus)
                                                      : std::span<const std::string>(),
                                       config.options);
        ConfigurationResult result;
        result.name = config.name;
        result.identity = provider.identity();
        result.dev = evaluate_similarity(provider, *dev);
        result.train = evaluate_similarity(provider, *train);
        if (config.contradiction) {
            const bool explain = opts.explain > 0 && config.name == "lexical (default)";
            result.has_contradiction = true;
            result.contradiction =
                evaluate_contradiction(provider, *snli, explain ? opts.explain : 0);
        }
        report.configurations.push_back(std::move(result));
    }
    print_report(report);
    return 0;
}
