// canon(): the text normal form the claim key hashes (SPEC §13.1).
//
// Unicode NFC for the Latin letters with combining accents, simple case folding (ASCII, Latin-1,
// Latin Extended-A, Greek, Cyrillic), whitespace collapsed to one space, surrounding punctuation
// stripped. Thread-safety: pure functions.
#pragma once

#include <string>
#include <string_view>

namespace bm::meld {

// REQUIRES: nothing; invalid UTF-8 is repaired to U+FFFD first.
std::string canon_text(std::string_view text);

}  // namespace bm::meld
