// The HotpotQA input of `bench meld-recall` and `bench routing`: --data FILE, loaded with errors that
// say what to do.
#include "bench_commands.h"
#include "cli/cli_common.h"

namespace bm::cli {

QCommandLineOption hotpotqa_data_option() {
    return QCommandLineOption(QStringLiteral("data"),
                              QStringLiteral("HotpotQA file in the raw layout (default %1).").arg(QLatin1String(kDefaultHotpotqa)),
                              QStringLiteral("FILE"), QString::fromLatin1(kDefaultHotpotqa));
}

std::optional<std::vector<bm::meld::QaItem>> load_hotpotqa_option(const std::string& command, const QCommandLineParser& parser,
                                                                   const QCommandLineOption& data_opt) {
    const std::string data = to_std(parser.value(data_opt));
    auto items = bm::meld::load_hotpotqa(data);
    if (!items.ok()) {
        print_err(command + ": " + items.error().to_string() +
                  (parser.isSet(data_opt) ? "" : " (run from the repository root beside ../shared, or pass --data FILE)") + "\n");
        return std::nullopt;
    }
    if (items->empty()) {
        print_err(command + ": " + data + ": no question with a supporting fact in its context\n");
        return std::nullopt;
    }
    return std::move(*items);
}

}  // namespace bm::cli
