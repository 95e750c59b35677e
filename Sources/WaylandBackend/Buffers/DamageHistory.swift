import GestureKit

/// The damage of the last few frames, so that a reused buffer is repaired rather than redrawn
/// (the buffer-age scheme of `EGL_EXT_buffer_age`, for `wl_shm` buffers).
///
/// A buffer's age is how many frames ago it was last drawn into: 1 when it holds the previous
/// frame, 2 when it holds the one before, 0 when its contents are unknown (new, or resized).
/// Each frame, the caller records the frame's damage first, then asks for the region to draw
/// into the buffer it is about to reuse: the union of the damage of its last `age` frames,
/// including this one. Nil means a full repaint: the age is 0, or older than the history
/// remembers (its `capacity`, or the frames since `reset()`).
///
/// ```swift
/// history.record(frameDamage)                       // this frame's window damage
/// let age = history.bufferAge(lastDrawnInFrame: buffer.frame)
/// let region = history.repairRegion(forBufferAge: age)  // nil: repaint everything
/// buffer.frame = history.frameCount                 // once drawn
/// ```
///
/// Recording and `repairRegion(forBufferAge:into:)` allocate nothing after the first frames.
public struct DamageHistory: Sendable {
  /// How many frames are remembered by default: enough for triple buffering plus one buffer
  /// the compositor holds.
  public static let defaultCapacity = 4

  /// How many frames are remembered; older buffers are repainted in full.
  public let capacity: Int
  /// Frames recorded so far: the number of the latest frame (1 after the first `record`).
  public private(set) var frameCount = 0

  /// The damage of the latest frames, a ring indexed by frame number modulo `capacity`.
  private var frames: [DamageRegion]
  /// Frames recorded since the last `reset()` (they alone are known).
  private var knownFrames = 0

  /// An empty history remembering `capacity` frames (at least 1).
  public init(capacity: Int = DamageHistory.defaultCapacity) {
    self.capacity = max(1, capacity)
    frames = Array(repeating: DamageRegion(), count: self.capacity)
  }

  /// Records the damage of a new frame (the one about to be drawn) and returns its number.
  @discardableResult
  public mutating func record(_ frameDamage: DamageRegion) -> Int {
    frameCount += 1
    knownFrames = min(knownFrames + 1, capacity)
    let slot = frameCount % capacity
    frames[slot].removeAll()
    frames[slot].formUnion(frameDamage)
    return frameCount
  }

  /// Records the damage of a new frame given as rectangles (window coordinates).
  @discardableResult
  public mutating func record(_ frameDamage: [Rect]) -> Int {
    frameCount += 1
    knownFrames = min(knownFrames + 1, capacity)
    let slot = frameCount % capacity
    frames[slot].removeAll()
    for rect in frameDamage { frames[slot].add(rect) }
    return frameCount
  }

  /// Forgets every frame (a resize, a lost buffer): all buffers need a full repaint until
  /// they are drawn again. Frame numbers keep counting.
  public mutating func reset() {
    knownFrames = 0
  }

  /// The age of a buffer last drawn into in frame `frame` (as `frameCount` said right after
  /// drawing it), counted from the latest recorded frame; 0 (unknown) for nil or a frame
  /// not yet recorded.
  public func bufferAge(lastDrawnInFrame frame: Int?) -> Int {
    guard let frame, frame >= 1, frame < frameCount else { return 0 }
    return frameCount - frame
  }

  /// The region to redraw in a buffer of `age` (see the type's summary), or nil for a full
  /// repaint.
  public func repairRegion(forBufferAge age: Int) -> DamageRegion? {
    var region = DamageRegion()
    return repairRegion(forBufferAge: age, into: &region) ? region : nil
  }

  /// Replaces `region`'s contents with the region to redraw in a buffer of `age`, without
  /// allocating; returns false (leaving `region` empty) when the buffer needs a full repaint.
  public func repairRegion(forBufferAge age: Int, into region: inout DamageRegion) -> Bool {
    region.removeAll()
    guard age >= 1, age <= knownFrames else { return false }
    for back in 0..<age {
      region.formUnion(frames[(frameCount - back) % capacity])
    }
    return true
  }
}
