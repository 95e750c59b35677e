import CWaylandClient
import CWaylandProtocols
import Glibc

/// `wp_presentation` (presentation-time, version 1) and its `wp_presentation_feedback`
/// objects: when each commit reached the screen, on `CLOCK_MONOTONIC`.
///
/// Made only when the compositor offers `wp_presentation`. Times arrive on the compositor's
/// presentation clock (its `clock_id` event); when that is not `CLOCK_MONOTONIC`, each time is
/// moved onto `CLOCK_MONOTONIC` by the two clocks' difference read when the event arrives.
final class Presentation {
  /// Called for each presented commit: the number given to `requestFeedback`, the
  /// presentation time (seconds on `CLOCK_MONOTONIC`), the compositor's refresh interval in
  /// seconds (0 when unknown), and the output's refresh counter (nil when the output has none).
  var onPresented: ((UInt32, Double, Double, UInt64?) -> Void)?
  /// Called for each commit that never reached the screen, with its number.
  var onDiscarded: ((UInt32) -> Void)?
  private let proxy: OpaquePointer
  /// The presentation clock (`clockid_t`); `CLOCK_MONOTONIC` until the compositor says.
  private var clockID = CLOCK_MONOTONIC
  /// Feedback objects not yet answered and their commits' numbers, destroyed with this
  /// object (a handful at most: a plain array beats hashing).
  private var pending: [(feedback: OpaquePointer, id: UInt32)] = []

  /// Binds `wp_presentation` when offered; nil otherwise.
  init?(registry: GlobalRegistry) {
    guard let bound = registry.bindOptional(gp_wp_presentation_interface(), minimum: 1, preferred: 1) else {
      return nil
    }
    proxy = bound.proxy
    pending.reserveCapacity(8)
    wp_presentation_add_listener(proxy, presentationListener, Unmanaged.passUnretained(self).toOpaque())
  }

  deinit {
    for (feedback, _) in pending { wp_presentation_feedback_destroy(feedback) }
    wp_presentation_destroy(proxy)
  }

  /// Asks for feedback on the next commit of `surface` (call right before the commit), which
  /// the callbacks will name `id`. Returns false when no feedback object could be made.
  @discardableResult
  func requestFeedback(for surface: OpaquePointer, id: UInt32) -> Bool {
    guard let feedback = wp_presentation_feedback(proxy, surface) else { return false }
    wp_presentation_feedback_add_listener(
      feedback, feedbackListener, Unmanaged.passUnretained(self).toOpaque())
    pending.append((feedback, id))
    return true
  }

  fileprivate func setClock(_ id: UInt32) {
    clockID = clockid_t(Int32(bitPattern: id))
  }

  /// Forgets and destroys an answered feedback object; returns its commit's number.
  fileprivate func finished(_ feedback: OpaquePointer) -> UInt32? {
    let index = pending.firstIndex { $0.feedback == feedback }
    let id = index.map { pending.remove(at: $0).id }
    wp_presentation_feedback_destroy(feedback)
    return id
  }

  fileprivate func discarded(_ feedback: OpaquePointer) {
    if let id = finished(feedback) { onDiscarded?(id) }
  }

  fileprivate func presented(
    _ feedback: OpaquePointer, seconds: UInt64, nanoseconds: UInt32, refresh: UInt32, sequence: UInt64
  ) {
    guard let id = finished(feedback) else { return }
    var time = Double(seconds) + Double(nanoseconds) / 1e9
    if clockID != CLOCK_MONOTONIC {
      var now = timespec()
      clock_gettime(clockID, &now)
      time += MonotonicClock.monotonicSeconds() - (Double(now.tv_sec) + Double(now.tv_nsec) / 1e9)
    }
    onPresented?(id, time, Double(refresh) / 1e9, sequence == 0 ? nil : sequence)
  }
}

nonisolated(unsafe) private let presentationListener: UnsafeMutablePointer<wp_presentation_listener> = {
  var listener = wp_presentation_listener()
  // clock_id: the clock presentation times are on (sent once, after binding).
  listener.clock_id = { data, _, id in
    Unmanaged<Presentation>.fromOpaque(data!).takeUnretainedValue().setClock(id)
  }
  return makeListener(listener)
}()

nonisolated(unsafe) private let feedbackListener: UnsafeMutablePointer<wp_presentation_feedback_listener> = {
  var listener = wp_presentation_feedback_listener()
  // sync_output: which output the presentation was synchronized to (not needed).
  listener.sync_output = { _, _, _ in }
  // presented: the commit reached the screen at this time.
  listener.presented = {
    data, feedback, secondsHigh, secondsLow, nanoseconds, refresh, sequenceHigh, sequenceLow, _ in
    Unmanaged<Presentation>.fromOpaque(data!).takeUnretainedValue().presented(
      feedback!, seconds: UInt64(secondsHigh) << 32 | UInt64(secondsLow), nanoseconds: nanoseconds,
      refresh: refresh, sequence: UInt64(sequenceHigh) << 32 | UInt64(sequenceLow))
  }
  // discarded: the commit never reached the screen (replaced first); nothing learned.
  listener.discarded = { data, feedback in
    Unmanaged<Presentation>.fromOpaque(data!).takeUnretainedValue().discarded(feedback!)
  }
  return makeListener(listener)
}()
