// The options and input shared by the HotpotQA benches (`bench meld-recall`, `bench routing`):
// --json, --data FILE, --seed S, --questions N, --provider lexical|glove, validated and loaded
// with errors that say what to do.
#pragma once

#include <QCommandLineOption>
#include <QCommandLineParser>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "bench/meld/hotpotqa.h"
#include "cli/meld_providers.h"

namespace bm::cli {

// The HotpotQA file both benches read by default (run from the repository root).
inline constexpr const char* kDefaultHotpotqa = "../shared/data/qa/hotpotqa_dev_distractor_first50.json";

struct HotpotqaBenchOptions {
    explicit HotpotqaBenchOptions(const char* questions_default);
    void add_to(QCommandLineParser& parser) const;

    QCommandLineOption json, data, seed, questions, provider;
};

struct HotpotqaBenchInput {
    std::string data;
    std::vector<bm::meld::QaItem> items;
    MeldProvider provider;
    uint64_t seed = 1;
    size_t questions = 0;
};

// After a successful parse: checks the numbers and the provider name, loads the file and builds the
// provider. On a problem prints it (prefixed by `command`), sets `exit_code` (2: usage or input,
// 1: provider unavailable) and returns nothing.
std::optional<HotpotqaBenchInput> read_hotpotqa_bench_input(const std::string& command, const QCommandLineParser& parser,
                                                            const HotpotqaBenchOptions& options, int& exit_code);

// `v` with `digits` decimals (the tables), and rounded to 6 decimals as JSON so the output is
// byte-stable across libm versions.
std::string num(double v, int digits);
nlohmann::json rounded(double v);

}  // namespace bm::cli
