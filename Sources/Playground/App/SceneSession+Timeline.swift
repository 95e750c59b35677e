import GestureKit

// The live timeline panel (T).
extension SceneSession {
  /// Shows the live timeline, fed from now on by a log of its own, or hides it and forgets
  /// what it showed (nothing is kept while it is hidden).
  func toggleTimeline() {
    if timelinePanel.isHidden {
      let panel = timelinePanel
      let log = EventLog { line in panel.add(logLine: line) }
      log.onInput = { phase, touch, time in
        panel.add(input: "\(phase)", id: touch.id, view: touch.view?.identifier ?? "", at: time)
      }
      log.scene = installed
      log.sceneRoot = sceneContainer
      filter.panelLog = log
      timelinePanel.isHidden = false
    } else {
      filter.panelLog = nil
      timelinePanel.reset()
      timelinePanel.isHidden = true
    }
    rebuildChrome()
  }
}
