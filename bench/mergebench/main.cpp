// bench_mergebench: every family at both reference budgets (or one configuration), as Markdown tables.
#include <cstdio>
#include <string>

#include "bench/mergebench/mergebench.h"
#include "machine.h"
#include "pack/token_estimator.h"

int main(int argc, char** argv) {
    using namespace bm::mergebench;
    size_t seeds = 5;
    RunOptions one;
    bool single = false;
    for (int i = 1; i + 1 < argc; ++i) {
        const std::string flag = argv[i], value = argv[i + 1];
        if (flag == "--seeds") seeds = std::stoul(value);
        if (flag == "--family") single = family_from_name(value, &one.family) || single;
        if (flag == "--topics") one.topics = std::stoul(value), single = true;
        if (flag == "--branches") one.branches = std::stoul(value), single = true;
        if (flag == "--budget") one.budget = std::stoul(value), single = true;
    }
    auto counter = bm::make_token_estimator();
    if (single) {  // one configuration (the same options as `beliefmerge bench mergebench`)
        one.seeds = seeds;
        RunResult r = run_mergebench(one, *counter);
        std::printf("%s", result_table(r).c_str());
        return r.within_budget ? 0 : 1;
    }
    std::printf("# MergeBench\n\nmachine: %s\n\n", bm::bench::machine_line(bm::bench::describe_machine()).c_str());
    struct Config {
        Family family;
        size_t topics, branches, budget;
    };
    const Config configs[] = {
        {Family::kBase, 10, 2, 400},         {Family::kBase, 8, 2, 1200},
        {Family::kManyBranches, 10, 6, 400}, {Family::kManyBranches, 8, 6, 1200},
        {Family::kParaphrase, 10, 2, 400},   {Family::kParaphrase, 8, 2, 1200},
        {Family::kDerivation, 10, 2, 400},   {Family::kDerivation, 8, 2, 1200},
        {Family::kInjection, 10, 2, 400},    {Family::kInjection, 8, 2, 1200},
    };
    bool ok = true;
    for (const Config& c : configs) {
        RunResult r = run_mergebench({c.family, seeds, c.topics, c.branches, c.budget}, *counter);
        ok = ok && r.within_budget;
        std::printf("%s\n", result_table(r).c_str());
    }
    return ok ? 0 : 1;
}
