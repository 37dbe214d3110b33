// Lazy density greedy and seeded partial enumeration over pack candidates.
#include "pack/select.h"

#include <algorithm>
#include <array>
#include <cstdint>

namespace bm {

const char* pack_algorithm_name(PackAlgorithm a) {
    return a == PackAlgorithm::kDensityGreedy ? "density-greedy" : "partial-enumeration";
}

namespace {

struct Bound {
    double density;
    size_t index;
};
// Max-heap on density; ties go to the lower index so the result is deterministic.
bool heap_less(const Bound& a, const Bound& b) {
    if (a.density != b.density) return a.density < b.density;
    return a.index > b.index;
}

double density(double gain, size_t cost) { return gain / static_cast<double>(std::max<size_t>(cost, 1)); }

// Initial bounds: densities against the empty set (upper bounds for every later state).
std::vector<Bound> initial_bounds(const std::vector<PackCandidate>& items, double gamma) {
    std::array<int, kSlotTypeCount> none{};
    std::vector<Bound> heap;
    heap.reserve(items.size());
    for (size_t i = 0; i < items.size(); ++i) heap.push_back({density(marginal_gain(items[i], none, gamma), items[i].cost), i});
    std::make_heap(heap.begin(), heap.end(), heap_less);
    return heap;
}

Selection complete(const std::vector<PackCandidate>& items, size_t budget, double gamma, const std::vector<size_t>& seeds,
                   std::vector<Bound> heap, std::vector<char>& taken) {
    std::fill(taken.begin(), taken.end(), 0);
    std::array<int, kSlotTypeCount> counts{};
    Selection s;
    for (size_t i : seeds) {
        taken[i] = 1;
        s.chosen.push_back(i);
        s.cost += items[i].cost;
        ++counts[type_index(items[i].type)];
    }
    size_t cheapest = SIZE_MAX;
    for (const auto& b : heap) cheapest = std::min(cheapest, items[b.index].cost);
    while (!heap.empty() && s.cost + cheapest <= budget) {
        std::pop_heap(heap.begin(), heap.end(), heap_less);
        Bound top = heap.back();
        heap.pop_back();
        const PackCandidate& item = items[top.index];
        if (taken[top.index] || s.cost + item.cost > budget) continue;  // the budget only shrinks
        const double now = density(marginal_gain(item, counts, gamma), item.cost);
        if (!heap.empty() && heap_less(Bound{now, top.index}, heap.front())) {
            heap.push_back({now, top.index});
            std::push_heap(heap.begin(), heap.end(), heap_less);
            continue;
        }
        taken[top.index] = 1;
        s.chosen.push_back(top.index);
        s.cost += item.cost;
        ++counts[type_index(item.type)];
    }
    std::sort(s.chosen.begin(), s.chosen.end());
    s.value = objective_value(items, s.chosen, gamma);
    return s;
}

}  // namespace

Selection density_greedy(const std::vector<PackCandidate>& items, size_t budget, double gamma,
                         const std::vector<size_t>& seeds) {
    std::vector<char> taken(items.size(), 0);
    Selection s = complete(items, budget, gamma, seeds, initial_bounds(items, gamma), taken);
    s.greedy_value = s.value;
    s.seeds_tried = 1;
    s.algorithm = "density-greedy";
    return s;
}

Selection select_candidates(const std::vector<PackCandidate>& items, const SelectOptions& options) {
    const std::vector<Bound> heap = initial_bounds(items, options.gamma);
    std::vector<char> taken(items.size(), 0);
    Selection best = complete(items, options.budget, options.gamma, {}, heap, taken);
    best.greedy_value = best.value;
    best.seeds_tried = 1;
    if (options.algorithm == PackAlgorithm::kDensityGreedy || options.seed_size == 0) {
        best.algorithm = "density-greedy";
        return best;
    }
    // The seed pool: the M densest candidates (the heap's order), by density then index.
    std::vector<Bound> order = heap;
    std::sort(order.begin(), order.end(), [](const Bound& a, const Bound& b) { return heap_less(b, a); });
    size_t m = options.top_m;
    if (m == 0) {
        auto seed_sets = [&](size_t pool) {
            size_t total = 0, ways = 1;
            for (size_t s = 1; s <= options.seed_size && s <= pool; ++s) total += ways = ways * (pool - s + 1) / s;
            return total;
        };
        m = 16;
        while (m > 4 && seed_sets(m) * std::max<size_t>(items.size(), 1) > 2000000) --m;
    }
    m = std::min(m, items.size());
    std::vector<size_t> pool;
    for (size_t i = 0; i < m; ++i) pool.push_back(order[i].index);
    size_t tried = 1;
    const double greedy = best.value;
    std::vector<size_t> seed;
    // Depth-first over increasing pool positions: every subset of size 1..k exactly once.
    auto visit = [&](auto&& self, size_t from, size_t cost) -> void {
        for (size_t p = from; p < pool.size(); ++p) {
            const size_t i = pool[p];
            if (cost + items[i].cost > options.budget) continue;
            seed.push_back(i);
            Selection s = complete(items, options.budget, options.gamma, seed, heap, taken);
            ++tried;
            if (s.value > best.value + 1e-12) best = std::move(s);
            if (seed.size() < options.seed_size) self(self, p + 1, cost + items[i].cost);
            seed.pop_back();
        }
    };
    visit(visit, 0, 0);
    best.greedy_value = greedy;
    best.beat_greedy = best.value > greedy + 1e-12;
    best.seeds_tried = tried;
    best.seed_pool = m;
    best.algorithm = "partial-enumeration(k=" + std::to_string(options.seed_size) + ", M=" + std::to_string(m) +
                     " of " + std::to_string(items.size()) + ")";
    return best;
}

}  // namespace bm
