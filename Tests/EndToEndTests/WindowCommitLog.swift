import Foundation

/// What a client's `WAYLAND_DEBUG=client` log says about the commits of its window surface
/// (the `wl_surface` given to `xdg_wm_base.get_xdg_surface`): for each `commit` request,
/// whether a buffer was attached and a frame callback or presentation feedback asked for
/// since the previous one, and when the compositor answered them (`wl_callback.done`,
/// `wp_presentation_feedback.presented` or `.discarded`), as log lines (1-based).
///
/// Object ids are reused once deleted, so an answer goes to the latest commit that asked
/// with that id and has no answer yet.
struct WindowCommitLog {
  /// One commit of the window surface.
  struct Commit {
    /// The log line of the `commit` request.
    let line: Int
    /// Whether a buffer was attached since the previous commit.
    let attached: Bool
    /// The frame callback asked for since the previous commit (`wl_callback@N`), if any.
    let callback: String?
    /// The presentation feedback asked for since the previous commit, if any.
    let feedback: String?
    /// The line of the callback's `done`, once it came.
    var callbackDone: Int?
    /// The line of the feedback's `presented` or `discarded`, once it came.
    var presentation: Int?
  }

  /// The window surface, `wl_surface@N`, or nil if the log shows none.
  let surface: String?
  /// Every commit of the window surface, in order.
  let commits: [Commit]

  /// Reads the log at `url` (an empty log if it cannot be read).
  init(_ url: URL) {
    self.init(text: (try? WaylandDebugLog.text(of: url)) ?? "")
  }

  /// Reads a log's text.
  init(text: String) {
    var surface: String?
    var commits: [Commit] = []
    var attached = false
    var callback: String?
    var feedback: String?
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let sent = line.contains(" -> ")
      if sent, surface == nil, line.contains(".get_xdg_surface(") {
        surface = WaylandDebugLog.first("wl_surface@[0-9]+", in: line)
      }
      guard let surface else { continue }
      if sent, line.contains("\(surface).attach(wl_buffer@") {
        attached = true
      } else if sent, line.contains("\(surface).frame(") {
        callback = WaylandDebugLog.first("wl_callback@[0-9]+", in: line)
      } else if sent, line.contains(".feedback(\(surface),") {
        feedback = WaylandDebugLog.first("wp_presentation_feedback@[0-9]+", in: line)
      } else if sent, line.contains("\(surface).commit()") {
        commits.append(
          Commit(line: index + 1, attached: attached, callback: callback, feedback: feedback))
        (attached, callback, feedback) = (false, nil, nil)
      } else if !sent, line.contains(".done("),
        let id = WaylandDebugLog.first("wl_callback@[0-9]+", in: line),
        let at = commits.lastIndex(where: { $0.callback == id && $0.callbackDone == nil })
      {
        commits[at].callbackDone = index + 1
      } else if !sent, line.contains(".presented(") || line.contains(".discarded("),
        let id = WaylandDebugLog.first("wp_presentation_feedback@[0-9]+", in: line),
        let at = commits.lastIndex(where: { $0.feedback == id && $0.presentation == nil })
      {
        commits[at].presentation = index + 1
      }
    }
    self.surface = surface
    self.commits = commits
  }

  /// Commits with a buffer that asked for presentation feedback and no frame callback, each
  /// with the next commit with a buffer if that came before its presentation (or discard):
  /// what the app must never do (the presentation stands in for the callback).
  var commitsBeforePresentation: [(commit: Commit, next: Commit)] {
    let drawn = commits.filter(\.attached)
    return zip(drawn, drawn.dropFirst()).filter { commit, next in
      commit.callback == nil && commit.feedback != nil && (commit.presentation ?? Int.max) > next.line
    }
  }
}
