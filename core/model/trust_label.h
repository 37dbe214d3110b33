// TrustLabel values (SPEC §2); the lattice operations live in core/trust.
#pragma once

namespace bm {

enum class TrustLabel : int { kUntrusted = 0, kExternal = 1, kTrusted = 2 };

}  // namespace bm
