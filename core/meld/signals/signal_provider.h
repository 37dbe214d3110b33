// SignalProvider: the pluggable source of σ (similarity) and χ (contradiction) for meld (SPEC
// §13.2).
//
// A provider compares two short texts (claims). σ feeds the insert/merge/relate gates and χ the
// conflict gate; both are recorded in every Patch together with identity(), because thresholds
// calibrated for one provider do not transfer to another.
//
// Thread-safety: implementations are immutable after construction; every const method is safe to
// call concurrently from any number of threads.
#pragma once

#include <string>
#include <string_view>

namespace bm {

enum class Contradiction {
    kContradicts,  // the two texts cannot both hold (about the same subject)
    kCompatible,   // about the same subject and no rule found a clash
    kUnrelated,    // not about the same subject; χ says nothing
};
const char* contradiction_name(Contradiction c);

// The rules that can make two texts contradict; names are stable (they are written into Patches).
namespace contradiction_rule {
inline constexpr std::string_view kNegation = "negation";
inline constexpr std::string_view kAntonym = "antonym";
inline constexpr std::string_view kNumeric = "numeric";
inline constexpr std::string_view kUnit = "unit";
inline constexpr std::string_view kDate = "date";
inline constexpr std::string_view kExclusiveValue = "exclusive-value";
inline constexpr std::string_view kSlotSwap = "slot-swap";
inline constexpr std::string_view kOrderSwap = "order-swap";
}  // namespace contradiction_rule

struct ContradictionVerdict {
    Contradiction verdict = Contradiction::kUnrelated;
    std::string reason;  // the rule that fired (contradiction_rule::*); empty unless kContradicts
    std::string detail;  // the evidence, for people: e.g. "hot vs cold", "8080 vs 9090"

    bool contradicts() const { return verdict == Contradiction::kContradicts; }
};

class SignalProvider {
public:
    virtual ~SignalProvider() = default;

    // σ(a, b) in [0, 1]; symmetric; 1 for identical texts with any content, 0 when nothing is
    // shared.
    virtual double similarity(std::string_view a, std::string_view b) const = 0;

    // χ(a, b): whether a and b contradict, with the rule that fired. Symmetric in its verdict.
    virtual ContradictionVerdict contradiction(std::string_view a, std::string_view b) const = 0;

    // "name/version key=value ..." identifying everything that changes σ or χ (model, tables,
    // data). Calibrated thresholds are stored under this string and refused for any other.
    virtual std::string identity() const = 0;
};

}  // namespace bm
