// The options and input of the HotpotQA benches (see bench_hotpotqa.h).
#include "bench_hotpotqa.h"

#include <cstdio>

#include "cli/cli_common.h"

namespace bm::cli {

std::string num(double v, int digits) {
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.*f", digits, v);
    return buf;
}

nlohmann::json rounded(double v) { return std::stod(num(v, 6)); }

HotpotqaBenchOptions::HotpotqaBenchOptions(const char* questions_default)
    : json(QStringLiteral("json"), QStringLiteral("Print the result as JSON (byte-stable).")),
      data(QStringLiteral("data"), QStringLiteral("HotpotQA file in the raw layout (default %1).").arg(QLatin1String(kDefaultHotpotqa)),
           QStringLiteral("FILE"), QString::fromLatin1(kDefaultHotpotqa)),
      seed(QStringLiteral("seed"), QStringLiteral("Workload seed (default 1)."), QStringLiteral("S"), QStringLiteral("1")),
      questions(QStringLiteral("questions"), QStringLiteral("The first N questions (default %1; 0: all).").arg(QLatin1String(questions_default)),
                QStringLiteral("N"), QString::fromLatin1(questions_default)),
      provider(QStringLiteral("provider"), QStringLiteral("Signal provider for admission and the read: lexical (default) or glove."),
               QStringLiteral("NAME"), QStringLiteral("lexical")) {}

void HotpotqaBenchOptions::add_to(QCommandLineParser& parser) const {
    for (const QCommandLineOption* o : {&json, &data, &seed, &questions, &provider}) parser.addOption(*o);
}

std::optional<HotpotqaBenchInput> read_hotpotqa_bench_input(const std::string& command, const QCommandLineParser& parser,
                                                            const HotpotqaBenchOptions& options, int& exit_code) {
    HotpotqaBenchInput in;
    exit_code = kUsage;
    bool seed_ok = false, questions_ok = false;
    in.seed = parser.value(options.seed).toULongLong(&seed_ok);
    in.questions = parser.value(options.questions).toULongLong(&questions_ok);
    if (!seed_ok || !questions_ok) {
        print_err(command + ": --seed and --questions take non-negative integers\n");
        return std::nullopt;
    }
    const std::string provider_name = to_std(parser.value(options.provider));
    if (provider_name != "lexical" && provider_name != "glove") {
        print_err(command + ": --provider is lexical or glove\n");
        return std::nullopt;
    }
    in.data = to_std(parser.value(options.data));
    auto items = bm::meld::load_hotpotqa(in.data);
    if (!items.ok()) {
        print_err(command + ": " + items.error().to_string() +
                  (parser.isSet(options.data) ? "" : " (run from the repository root beside ../shared, or pass --data FILE)") + "\n");
        return std::nullopt;
    }
    if (items->empty()) {
        print_err(command + ": " + in.data + ": no question with a supporting fact in its context\n");
        return std::nullopt;
    }
    in.items = std::move(*items);
    in.provider = meld_provider(provider_name);
    if (!in.provider.engine) {
        print_err(command + ": " + in.provider.why + "\n");
        exit_code = kFailed;
        return std::nullopt;
    }
    exit_code = kOk;
    return in;
}

}  // namespace bm::cli
