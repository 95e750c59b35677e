import GestureKit

// The live timeline panel (T).
extension SceneSession {
  /// Shows the live timeline, fed from now on by a log of its own, or hides it and forgets
  /// what it showed (nothing is kept while it is hidden).
  func toggleTimeline() {
    if timelinePanel.isHidden {
      let panel = timelinePanel
      let log = EventLog { line in panel.add(logLine: line) }
      log.onInput = { panel.add(input: $0, of: $1, at: $2) }
      log.scene = installed
      log.sceneRoot = sceneContainer
      filter.panelLog = log
      timelinePanel.isHidden = false
    } else {
      filter.panelLog = nil
      timelinePanel.reset()
      timelinePanel.isHidden = true
    }
    showToggles()
  }
}
