// When the event loop may leave the connection unread: while a draw is planned, or would be
// planned for any input, input only joins that draw, so reading each event as it comes
// costs a wake-up and changes nothing.
extension FramePacer {
  /// Until when (seconds) the event loop may leave the connection unread, or nil to read
  /// every event as it comes. The loop reads whatever arrived before it acts at the end, in
  /// particular before the planned draw.
  ///
  /// - `scheduled` for a draw: until the deadline. Input arriving meanwhile joins the draw.
  /// - `idle` while the last commit's presentation is awaited (a drag between frames): until
  ///   the deadline `planChange` would give any input now, when there is one. A later input
  ///   would be planned for the same deadline.
  /// - `waitingForFrame` after a commit without a frame callback (its presentation stands
  ///   in for it, ``wantsFrameCallback(feedback:)``): until the deadline of the draw after
  ///   that presentation, were it to come on time (an interval after the last one).
  ///
  /// The presentation awaited is thus read at the draw's deadline, not when it comes: a
  /// wake-up for it alone would cost as much as the draw's own (a timer's, in a VM about 30
  /// µs of kernel time against 10 for a socket's). When read, it plans the draw again: at
  /// once when that moves the deadline by less than ``drawAtOnceWithin`` (the usual jitter),
  /// else later. Presented later than that (or missed), it is not there yet, the wait goes
  /// on, and the loop reads it as soon as it comes. A miss is learned from the frame
  /// callback when there is one (`PresentationTiming.callbackFired(for:)`), before the
  /// draw's deadline is planned, so that deadline is not one that would miss again.
  ///
  /// Never while a frame callback is pending (its arrival time teaches the latch), for an
  /// empty commit's plan, or for a draw held by an empty commit's callback.
  ///
  /// Sets ``quietDrawDeadline`` when the end is a draw's deadline that the pacer does not
  /// hold as `scheduled`: the wake-up's lateness is then measured against it.
  mutating func quietUntil(now: Double) -> Double? {
    quietDrawDeadline = nil
    guard emptyCommitAwaitingCallback == nil else { return nil }
    let end: Double
    switch state {
    case .scheduled(let deadline) where plannedWork == .draw:
      end = deadline
    case .idle where lastCommit.map({ pending.last?.time == $0 }) == true:
      guard let deadline = pacedDeadline(now: now, work: .draw) else { return nil }
      end = deadline
      quietDrawDeadline = deadline
    case .waitingForFrame where presentationAsCallback != nil:
      // No callback to time: the release of the previous buffer and input wait for the
      // presentation that ends the wait.
      guard let patience = patienceEnd else { return nil }
      guard let presentation = timing.lastPresentation, let interval = timing.interval,
        let offset = timing.commitOffset
      else {
        end = patience
        break
      }
      let draw = drawStart(by: presentation + interval + offset - margin(for: .draw), now: now)
      end = min(patience, draw)
      if draw < patience { quietDrawDeadline = draw }
    default:
      return nil
    }
    return end > now ? end : nil
  }
}
