// Forwarding header: derivation labels after decisions now live in core/adjudicate/resolved_derivations.h (Qt-free, shared with the CLI).
#pragma once

#include "adjudicate/resolved_derivations.h"
