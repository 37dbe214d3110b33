// Parsing bench_signals' command line.
#include "options.h"

#include <cstdlib>
#include <string_view>

#include "meld/signals/wordnet.h"

namespace bm::bench {

const char* usage() {
    return "usage: bench_signals [--data DIR] [--wordnet DIR] [--explain N]\n"
           "  --data DIR     shared data folder with sts/ and nli/ (default: ../shared/data from "
           "the repo root)\n"
           "  --wordnet DIR  WordNet 3.0 dict directory (default: /usr/share/wordnet)\n"
           "  --explain N    print N misjudged pairs of each kind (to study the rules)\n";
}

Result<Options> parse_options(int argc, char** argv) {
    Options o;
    o.data_dir = std::string(BM_SOURCE_DIR) + "/../shared/data";
    o.wordnet_dir = std::string(WordNet::kDefaultDir);
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg = argv[i];
        auto value = [&]() -> const char* { return i + 1 < argc ? argv[++i] : nullptr; };
        if (arg == "--help" || arg == "-h") {
            o.help = true;
        } else if (arg == "--data" || arg == "--wordnet" || arg == "--explain") {
            const char* v = value();
            if (!v) return Error::invalid_input(std::string(arg) + " needs a value", {}, usage());
            if (arg == "--data")
                o.data_dir = v;
            else if (arg == "--wordnet")
                o.wordnet_dir = v;
            else
                o.explain = std::atoi(v);
        } else {
            return Error::invalid_input("unknown option " + std::string(arg), {}, usage());
        }
    }
    return o;
}

}  // namespace bm::bench
