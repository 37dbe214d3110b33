// `beliefmerge-studio --screenshot FILE`: saves a picture of the main window once its load has settled
// (snapshot published, graph laid out, block packed), then quits; for CI and the AppStream screenshots.
#pragma once

#include <QString>

namespace bm {

class MainWindow;

// After the window's next loadFinished, waits until the graph and the pack are idle, saves
// window->grab() to `file` (format from its suffix) and exits the event loop with 0; with 1 when the
// file cannot be written, the load published no snapshot (the picture is still saved), or nothing
// settles within `timeoutMs`. Reports on stderr either way.
void screenshotWhenSettled(MainWindow* window, const QString& file, int timeoutMs = 120000);

}  // namespace bm
