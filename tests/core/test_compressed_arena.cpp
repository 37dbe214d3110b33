// CompressedArena / CompressedBytes: exact round trips across chunk boundaries, in any read order,
// before and after sealing, from several threads; compressible data held in less memory.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <thread>

#include "util/compressed_arena.h"

namespace bm {
namespace {

// A JSON-like record of `n` bytes with the repetition real logs have (`i` makes each one distinct).
std::string record(size_t i, size_t n) {
    std::string s = "{\"seq\":" + std::to_string(i) + ",\"type\":\"assistant\",\"text\":\"";
    while (s.size() < n) s += "the tests pass on branch main after the fix " + std::to_string(i % 97) + "; ";
    s.resize(n);
    return s;
}

TEST(CompressedArena, EveryStringReadsBackExactlyInAnyOrder) {
    auto arena = std::make_shared<CompressedArena>(4096);
    std::vector<std::string> texts;
    std::vector<CompressedBytes> kept;
    std::mt19937 rng(7);
    for (size_t i = 0; i < 500; ++i) {
        // Sizes straddle the chunk: small, near it, and several times it (a chunk of their own).
        const size_t n = std::vector<size_t>{1, 37, 700, 4095, 4096, 4097, 13000}[rng() % 7];
        texts.push_back(record(i, n));
        kept.push_back(CompressedBytes::in(arena, texts.back()));
    }
    std::string binary("\0\xff\x01 cbor", 9);
    kept.push_back(CompressedBytes::in(arena, binary));
    texts.push_back(binary);
    // The open chunk reads back before the arena is sealed.
    EXPECT_EQ(kept.back().str(), binary);
    arena->seal();
    std::vector<size_t> order(texts.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::shuffle(order.begin(), order.end(), rng);
    for (size_t i : order) {
        ASSERT_EQ(kept[i].size(), texts[i].size()) << i;
        ASSERT_EQ(kept[i].str(), texts[i]) << i;
    }
}

TEST(CompressedArena, RepetitiveRecordsAreHeldInAFractionOfTheirSize) {
    auto arena = std::make_shared<CompressedArena>();
    size_t total = 0;
    std::vector<CompressedBytes> kept;
    for (size_t i = 0; i < 2000; ++i) {
        std::string r = record(i, 300 + (i * 37) % 900);
        total += r.size();
        kept.push_back(CompressedBytes::in(arena, r));
    }
    arena->seal();
    EXPECT_LT(arena->held_bytes() * 4, total) << arena->held_bytes() << " of " << total;
    EXPECT_EQ(kept[1234].str(), record(1234, 300 + (1234 * 37) % 900));
}

TEST(CompressedArena, IncompressibleChunksAreKeptAsTheyAre) {
    auto arena = std::make_shared<CompressedArena>(1024);
    std::mt19937 rng(3);
    std::string noise(5000, '\0');
    for (auto& c : noise) c = static_cast<char>(rng());
    auto kept = CompressedBytes::in(arena, noise);
    arena->seal();
    EXPECT_LE(arena->held_bytes(), noise.size());
    EXPECT_EQ(kept.str(), noise);
}

TEST(CompressedArena, ConcurrentReadersSeeTheirOwnStrings) {
    auto arena = std::make_shared<CompressedArena>(2048);
    std::vector<CompressedBytes> kept;
    for (size_t i = 0; i < 400; ++i) kept.push_back(CompressedBytes::in(arena, record(i, 100 + i * 7)));
    arena->seal();
    std::vector<std::thread> threads;
    std::vector<int> wrong(4, 0);
    for (int t = 0; t < 4; ++t)
        threads.emplace_back([&, t] {
            for (int round = 0; round < 20; ++round)
                for (size_t i = t; i < kept.size(); i += 3)
                    if (kept[i].str() != record(i, 100 + i * 7)) ++wrong[t];
        });
    for (auto& th : threads) th.join();
    EXPECT_EQ(wrong, std::vector<int>(4, 0));
}

TEST(CompressedBytes, PlainAndEmptyValues) {
    CompressedBytes none;
    EXPECT_TRUE(none.empty());
    EXPECT_EQ(none.str(), "");
    CompressedBytes plain(std::string("{\"a\":1}"));
    EXPECT_FALSE(plain.empty());
    EXPECT_EQ(plain.size(), 7u);
    EXPECT_EQ(plain.str(), "{\"a\":1}");
    auto arena = std::make_shared<CompressedArena>();
    EXPECT_TRUE(CompressedBytes::in(arena, "").empty());
    EXPECT_EQ(arena->held_bytes(), 0u);
    // A copy outlives the arena handle it was made with.
    CompressedBytes copy;
    {
        auto scoped = std::make_shared<CompressedArena>();
        copy = CompressedBytes::in(scoped, "kept after the arena's owner is gone");
    }
    EXPECT_EQ(copy.str(), "kept after the arena's owner is gone");
}

}  // namespace
}  // namespace bm
