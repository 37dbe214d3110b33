// `beliefmerge meld calibrate`: fit theta_merge and sigma_lo on labelled pairs (bench/meld/gold.h).
#include "bench/meld/gold.h"
#include "bench_commands.h"
#include "cli/cli_common.h"
#include "cli/meld_providers.h"

namespace bm::cli {

using namespace bm::meld;

int meld_calibrate(const QStringList& args) {
    QCommandLineParser parser;
    QCommandLineOption pairs_opt(QStringLiteral("pairs"), QStringLiteral("Labelled pairs (JSONL)."), QStringLiteral("FILE"));
    QCommandLineOption provider_opt(QStringLiteral("provider"), QStringLiteral("Signal provider: lexical."),
                                    QStringLiteral("NAME"), QStringLiteral("lexical"));
    parser.addOption(pairs_opt);
    parser.addOption(provider_opt);
    auto p = parse(parser, args,
                   QStringLiteral("Fit theta_merge and sigma_lo on labelled pairs (best macro-F1 with false-merge <= 0.02)\n"
                                  "and print them as JSON with the provider identity."),
                   {}, {}, 0);
    if (p.done) return p.exit_code;
    if (!parser.isSet(pairs_opt)) {
        print_err("beliefmerge meld calibrate: --pairs FILE is required\n");
        return kUsage;
    }
    const MeldProvider provider = meld_provider(to_std(parser.value(provider_opt)));
    if (!provider.engine) {
        print_err("beliefmerge meld calibrate: " + provider.why + "\n");
        return kUsage;
    }
    auto pairs = load_gold_pairs(to_std(parser.value(pairs_opt)));
    if (!pairs) {
        print_err("beliefmerge meld calibrate: " + pairs.error().to_string() + "\n");
        return kUsage;
    }
    const auto fitted = calibrate(*pairs, provider.engine);
    if (const std::string failed = http_failures(*provider.engine); !failed.empty()) {
        print_err("beliefmerge meld calibrate: " + failed + "; no thresholds printed (fix the endpoint and rerun)\n");
        return kFailed;
    }
    print_out(fitted.to_json().dump(2) + "\n");
    return kOk;
}

}  // namespace bm::cli
