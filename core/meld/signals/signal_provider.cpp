// Names of contradiction verdicts, as written into Patches and reports.
#include "meld/signals/signal_provider.h"

namespace bm {

const char* contradiction_name(Contradiction c) {
    switch (c) {
        case Contradiction::kContradicts:
            return "contradicts";
        case Contradiction::kCompatible:
            return "compatible";
        case Contradiction::kUnrelated:
            return "unrelated";
    }
    return "unknown";
}

}  // namespace bm
