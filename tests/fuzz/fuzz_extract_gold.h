// The fuzz target of the extraction gold set's readers (bench/extract: gold.jsonl, labels.jsonl,
// dispute_labels.jsonl, split.tsv): any bytes give an error that names the file, or rows that hold
// what the bench relies on.
#pragma once

#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <string>
#include <string_view>

#include "bench/extract/gold_set.h"
#include "bench/extract/merged_disputes.h"
#include "model/claim.h"

template <typename R>
inline bool fuzz_gold_read_ok(const R& read, const std::string& path) {
    if (read.ok()) return true;
    if (read.error().to_string().find(path) == std::string::npos) __builtin_trap();  // the error names the file
    return false;
}

inline void fuzz_extract_gold(std::string_view input) {
    const std::string path = "/tmp/bm_fuzz_extract_gold_" + std::to_string(::getpid()) + ".jsonl";
    { std::ofstream(path, std::ios::binary | std::ios::trunc).write(input.data(), static_cast<std::streamsize>(input.size())); }
    namespace eb = bm::extract_bench;
    if (auto gold = eb::read_gold(path); fuzz_gold_read_ok(gold, path))
        for (const eb::GoldClaim& g : *gold)
            if (g.log.empty() || g.key.empty() || g.value.empty() || g.quote.empty() || !bm::slot_type_from_name(g.type))
                __builtin_trap();
    if (auto labels = eb::read_labels(path); fuzz_gold_read_ok(labels, path))
        for (const eb::Label& l : *labels)
            if (l.label != "good" && l.label != "partial" && l.label != "junk") __builtin_trap();
    if (auto verdicts = eb::read_dispute_labels(path); fuzz_gold_read_ok(verdicts, path))
        for (const eb::DisputeLabel& d : *verdicts) {
            if (d.merge.empty() || d.key.empty() || d.values.size() < 2) __builtin_trap();
            for (size_t i = 1; i < d.values.size(); ++i)
                if (d.values[i - 1] > d.values[i]) __builtin_trap();  // sorted, so a verdict finds its slot
        }
    if (auto split = eb::read_split(path); fuzz_gold_read_ok(split, path))
        for (const eb::SplitLog& s : *split)
            if (s.split != "dev" && s.split != "test") __builtin_trap();
    std::remove(path.c_str());
}
