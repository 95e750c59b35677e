import CWaylandClient

// The empty commits of `TimingCalibration`: after the first frame, a frame callback and
// presentation feedback without a new buffer, when the pacer would make a planned draw.
extension WaylandApplication {
  /// Makes the calibration's next empty commit when it is due and the pacer allows it (or
  /// plans it), and drops a planned one once the calibration is over.
  func commitForCalibrationIfDue() throws(WaylandError) {
    guard let toplevel else { return }
    let now = clock.now
    if toplevel.closeRequested { calibration.interrupted(by: .closed) }
    guard calibration.commitDue(at: now), let presentation else {
      if pacer.cancelEmptyCommit(), let pacingTimer {
        clock.cancel(pacingTimer)
        self.pacingTimer = nil
      }
      return
    }
    // A deadline not after now is reached: committed below, as a draw would be.
    if let deadline = pacer.planChange(at: now, work: .emptyCommit), deadline > now {
      armPacingTimer(at: deadline)
      return
    }
    guard pacer.mayDraw(at: now) else { return }
    // No attach and no damage: the compositor repaints (for the frame callback), presents
    // the unchanged surface and says when.
    requestFrameCallback(toplevel.surface)
    commitCount &+= 1
    let feedback = presentation.requestFeedback(for: toplevel.surface, id: commitCount)
    wl_surface_commit(toplevel.surface)
    _ = try connection.flush()
    if let pacingTimer { clock.cancel(pacingTimer) }
    pacingTimer = nil
    pacer.committed(at: clock.now, drawStart: nil, feedbackID: feedback ? commitCount : nil)
    calibration.committed()
  }
}
