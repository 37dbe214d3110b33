// Command-line options of bench_signals.
#pragma once

#include <string>

#include "util/result.h"

namespace bm::bench {

struct Options {
    std::string data_dir;     // holds sts/stsb_{train,dev}.tsv and nli/snli_dev.tsv
    std::string wordnet_dir;  // WordNet dict directory
    int explain = 0;          // print this many misjudged pairs per kind
    bool help = false;
};

// --data DIR (default: ../shared/data beside the repository), --wordnet DIR, --explain N, --help.
Result<Options> parse_options(int argc, char** argv);
const char* usage();

}  // namespace bm::bench
