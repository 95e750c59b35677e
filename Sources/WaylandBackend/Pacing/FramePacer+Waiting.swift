// Waiting for the compositor between commits: whether a draw may be made, how long a
// missing callback is waited for, and presentation feedback standing in for the frame
// callback while a drag is paced (each callback costs the client a wake-up, and the release
// of the previous buffer, sent at the commit, another, while the presentation that plans
// the next draw comes anyway).
extension FramePacer {
  /// Whether the window may be drawn and committed now (when it needs to be).
  func mayDraw(at now: Double) -> Bool {
    switch state {
    case .idle: true
    case .waitingForFrame: patienceEnd.map { now >= $0 } ?? false
    case .scheduled(let deadline): now >= deadline
    }
  }

  /// When a pending frame callback asked by an empty commit stops holding back draws (see
  /// ``emptyCommitPatience``; wake up then when something is to be drawn), nil otherwise.
  var emptyCommitPatienceEnd: Double? {
    guard state == .waitingForFrame, let since = emptyCommitAwaitingCallback else { return nil }
    return since + Self.emptyCommitPatience
  }

  /// While callbacks may be skipped, every this many drawn commits still asks for one: its
  /// arrival keeps the latch bound (PresentationTiming) fresh (at 40 repaints/s, its 8
  /// samples span 1.6 s). Each costs the client two wake-ups (the previous buffer's release
  /// right after the commit, the callback at the latch): 8 rather than 4 gave a drag 94
  /// wake-ups instead of 114.
  static let callbackEvery = 8
  /// How long before the deadline it plans a presentation must have been read (seconds)
  /// for presentations to stand in for callbacks: well before the next latch.
  static let presentationLeadNeeded = 0.002
  /// How many planned commits must have tested the commit target (made their repaint or
  /// missed it) before presentations stand in for callbacks, whose arrival bounds the latch.
  static let testedTargetNeeded = 4

  /// Whether the drawn commit about to be made asks for a frame callback (`feedback`: it
  /// asks for presentation feedback). Not only when it is a planned draw of a paced drag
  /// (`scheduled`), the timing is known and tested, the last presentation was read at least
  /// ``presentationLeadNeeded`` before the deadline it planned, and fewer than
  /// ``callbackEvery`` - 1 commits in a row went without one. Its presentation (or discard)
  /// then ends `waitingForFrame`: the next commit waits for it, and it comes after the
  /// repaint that took this one, so there is still at most one commit per repaint.
  func wantsFrameCallback(feedback: Bool) -> Bool {
    guard feedback, case .scheduled = state, plannedWork == .draw, emptyCommitAwaitingCallback == nil,
      timing.knowsTarget, timing.plannedTestCount >= Self.testedTargetNeeded,
      let lead = presentationLead, lead >= Self.presentationLeadNeeded,
      commitsWithoutCallback < Self.callbackEvery - 1
    else { return true }
    return false
  }

  /// When the wait for a callback stops holding back draws though nothing came: an empty
  /// commit's callback, or the presentation of a commit made without one, after
  /// ``emptyCommitPatience``. Nil otherwise (wake up then when something is to be drawn).
  var patienceEnd: Double? {
    if let end = emptyCommitPatienceEnd { return end }
    guard state == .waitingForFrame, let awaited = presentationAsCallback else { return nil }
    return awaited.since + Self.emptyCommitPatience
  }
}
