// When the event loop may leave the connection unread: while a draw is planned, or would be
// planned for any input, input only joins that draw, so reading each event as it comes
// costs a wake-up and changes nothing.
extension FramePacer {
  /// Seconds after the expected presentation that the loop reads the connection again, so
  /// that the presentation is usually there by then (its time comes in the event itself).
  static let presentationGrace = 0.000_3

  /// Until when (seconds) the event loop may leave the connection unread, or nil to read
  /// every event as it comes. The loop reads whatever arrived before it acts at the end, in
  /// particular before the planned draw.
  ///
  /// - `scheduled` for a draw: until the deadline. Input arriving meanwhile joins the draw.
  /// - `idle` while the last commit's presentation is awaited (a drag between frames): until
  ///   the deadline `planChange` would give any input now, when there is one. A later input
  ///   would be planned for the same deadline.
  /// - Either way, while the last commit's presentation is awaited, at the latest when it
  ///   is expected (an interval after the last one, plus ``presentationGrace``), and never
  ///   once that time has passed: a late presentation is read as soon as it comes, since it
  ///   plans the draw again.
  ///
  /// - `waitingForFrame` after a commit without a frame callback (its presentation stands
  ///   in for it, ``wantsFrameCallback(feedback:)``): until that presentation is expected.
  ///
  /// Never while a frame callback is pending (its arrival time teaches the latch), for an
  /// empty commit's plan, or for a draw held by an empty commit's callback.
  mutating func quietUntil(now: Double) -> Double? {
    guard emptyCommitAwaitingCallback == nil else { return nil }
    let awaited = lastCommit.map { pending.last?.time == $0 } ?? false
    var end: Double
    switch state {
    case .scheduled(let deadline) where plannedWork == .draw:
      end = deadline
    case .idle where awaited:
      guard let deadline = plannedDeadline(now: now, work: .draw) else { return nil }
      end = deadline
    case .waitingForFrame where presentationAsCallback != nil:
      // No callback to time: the release of the previous buffer and input wait for the
      // presentation that ends the wait.
      guard let patience = patienceEnd else { return nil }
      end = patience
    default:
      return nil
    }
    if awaited {
      guard let presentation = timing.lastPresentation, let interval = timing.interval else { return nil }
      end = min(end, presentation + interval + Self.presentationGrace)
    }
    return end > now ? end : nil
  }
}
