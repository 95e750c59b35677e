import CWaylandClient

/// A small set of `ShmBuffer`s for the current size, so one can be drawn while another is
/// still read by the compositor.
///
/// A free buffer whose memory holds the size asked for takes it (`ShmBuffer.reshape`); one
/// too small, or more than ``maximumSlack`` times too large, is dropped. Busy ones are kept
/// until they are released (destroying a buffer the compositor still reads is allowed by the
/// protocol but would make it show garbage). A pool made with `headroom` above 1 allocates
/// that much more memory than asked for: a layer whose picture grows every frame (a card
/// pinched larger while it turns) then allocates a few times in a gesture, not every frame
/// (`make bench`'s turning pinch draws 68 pictures of a layer, each of a new size: each made
/// a new buffer, a memfd, a mapping, a pool on both sides and its pages faulted in; 3 now).
/// Memory never touched is not resident, so the headroom costs address space, not memory.
final class BufferPool {
  /// Never more than this many buffers that can take the current size.
  static let maximumBuffers = 3
  /// A free buffer with more than this many times the memory asked for is dropped rather
  /// than reused, so that a picture that shrank for good gives its memory back.
  static let maximumSlack = 4

  private let shm: OpaquePointer
  private let format: UInt32
  private let headroom: Double
  private var buffers: [ShmBuffer] = []

  /// A pool allocating from `shm`, in `format` (`wl_shm_format`), each buffer with memory for
  /// `headroom` times the size first asked for (1: exactly that; at most 4).
  init(shm: OpaquePointer, format: UInt32 = WL_SHM_FORMAT_XRGB8888.rawValue, headroom: Double = 1) {
    self.shm = shm
    self.format = format
    self.headroom = min(max(headroom, 1), Double(Self.maximumSlack))
  }

  /// A free buffer of the given size, or nil when every allowed buffer is busy (draw again
  /// after the next release).
  func acquire(width: Int, height: Int) throws(WaylandError) -> ShmBuffer? {
    let bytes = width * 4 * height
    buffers.removeAll { buffer in
      !buffer.isBusy
        && (!buffer.fits(width: width, height: height) || buffer.capacity > Self.maximumSlack * bytes)
    }
    if let same = buffers.first(where: { !$0.isBusy && $0.width == width && $0.height == height }) {
      return same
    }
    if let free = buffers.first(where: { !$0.isBusy }) {
      free.reshape(width: width, height: height)
      return free
    }
    let usable = buffers.count { $0.fits(width: width, height: height) }
    guard usable < Self.maximumBuffers else { return nil }
    // The headroom never takes a pool past what `wl_shm` can share (its size is an int32).
    let capacity = max(bytes, min(Int((Double(bytes) * headroom).rounded(.up)), Int(Int32.max)))
    let buffer = try ShmBuffer(shm: shm, width: width, height: height, format: format, capacity: capacity)
    buffers.append(buffer)
    return buffer
  }

  /// The buffer other than `buffer`, of its size, drawn into most recently (busy or not: the
  /// compositor only reads a busy one, so it can be copied), or nil when none was drawn.
  func newestDrawn(besides buffer: ShmBuffer) -> ShmBuffer? {
    var newest: ShmBuffer?
    for other in buffers
    where other !== buffer && other.width == buffer.width && other.height == buffer.height {
      guard let frame = other.lastDrawnFrame else { continue }
      if let best = newest?.lastDrawnFrame, best >= frame { continue }
      newest = other
    }
    return newest
  }

  /// How many buffers exist now (for tests and diagnostics).
  var count: Int { buffers.count }
}
