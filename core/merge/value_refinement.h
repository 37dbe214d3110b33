// One fact worded with more or fewer words: when every value of a slot reads as the same statement,
// the shorter ones leaving out only harmless modifiers, the slot holds one value, not a dispute.
//
// "bash is disabled by policy" and "bash is disabled by codex policy in this session" (two harnesses
// reporting one refusal) say the same thing; "saffron" and "marmalade", "created" and "created and
// deleted", "pass" and "pass except test_x", "port 80" and "port 80 8080" do not. Values are
// compared as normalised words (lowercase letters and digits); a shorter value reads the same as a
// longer one when its words are an ordered subsequence of the longer one's and no left-out word
// negates, qualifies in time, contrasts, conditions, hedges, reports failure, quantifies or is a number.
// Thread-safety: pure functions.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace bm {

// The words a value is compared by: lowercased ASCII letters and digits, other bytes split words
// (non-ASCII bytes are kept inside words).
std::vector<std::string> value_words(const std::string& value);

// True when `general` says what `specific` says with fewer words and nothing the left-out words
// could turn around (see above). Equal word lists read the same.
bool reads_as_same(const std::string& general, const std::string& specific);

// For two or more distinct values: the value every other one reads as (the most general; among
// values with equal words the byte-wise smallest) when all of them form one chain of refinements,
// each pair comparable; nullopt otherwise (two values that add different words stay rivals).
std::optional<std::string> common_reading(std::vector<std::string> values);

}  // namespace bm
