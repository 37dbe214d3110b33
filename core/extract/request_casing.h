// A request's value in the user's own casing: the rules read lowercased words, the claim shows what was typed.
// Thread-safety: pure function.
#pragma once

#include <string>
#include <string_view>

namespace bm {

// `value` (lowercased words read from `text` at `from`: quote marks dropped, white space one blank) with each
// letter as `text` has it ("update my git config username to henry romp" → "… to Henry Romp"); `value` itself when
// its characters cannot all be matched back to the text in order.
std::string recased_request(const std::string& value, std::string_view text, size_t from);

}  // namespace bm
