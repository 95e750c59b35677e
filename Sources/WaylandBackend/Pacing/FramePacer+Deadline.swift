// When a planned draw starts: the commit target less the margin, or at once when that is
// too near to be worth a wake-up.
extension FramePacer {
  /// When to start `work` for the next commit target, if one is known and still ahead: the
  /// target minus the margin, or `now` when that is less than ``drawAtOnceWithin`` ahead or
  /// has passed (a wake-up for it would cost more than drawing a little early, and drawing
  /// now may still make the target). At a wake-up for the draw (``quietDrawDeadline``),
  /// that wake-up's planned time stands in for `now`, so that its lateness is measured.
  mutating func pacedDeadline(now: Double, work: Work) -> Double? {
    forgetOldSamples(now: now)
    guard let target = commitTarget(now: now), target > now else { return nil }
    let deadline = target - margin(for: work)
    if deadline > now + Self.drawAtOnceWithin { return deadline }
    guard let woken = quietDrawDeadline, woken <= now, now - woken <= margin(for: work) else { return now }
    return woken
  }

  /// The next commit target (`PresentationTiming.nextTarget`), if known.
  private func commitTarget(now: Double) -> Double? {
    // A callback long after its commit (a hidden window, say) says nothing about repaints.
    let callback = lastFrameDone.flatMap { done in
      lastCommit.map { done - $0 <= PresentationTiming.staleAfter } == true ? done : nil
    }
    return timing.nextTarget(now: now, lastFrameDone: callback)
  }
}
