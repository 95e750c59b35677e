import CWaylandClient

/// A small set of `ShmBuffer`s of the current size, so one can be drawn while another is
/// still read by the compositor.
///
/// Buffers of an old size are dropped as soon as they are free; busy ones are kept until
/// they are released (destroying a buffer the compositor still reads is allowed by the
/// protocol but would make it show garbage).
final class BufferPool {
  /// Never more than this many buffers of the current size.
  static let maximumBuffers = 3

  private let shm: OpaquePointer
  private let format: UInt32
  private var buffers: [ShmBuffer] = []

  /// A pool allocating from `shm`, in `format` (`wl_shm_format`).
  init(shm: OpaquePointer, format: UInt32 = WL_SHM_FORMAT_XRGB8888.rawValue) {
    self.shm = shm
    self.format = format
  }

  /// A free buffer of the given size, or nil when every allowed buffer is busy (draw again
  /// after the next release).
  func acquire(width: Int, height: Int) throws(WaylandError) -> ShmBuffer? {
    buffers.removeAll { !$0.isBusy && ($0.width != width || $0.height != height) }
    if let free = buffers.first(where: { !$0.isBusy }) { return free }
    let sameSize = buffers.filter { $0.width == width && $0.height == height }.count
    guard sameSize < Self.maximumBuffers else { return nil }
    let buffer = try ShmBuffer(shm: shm, width: width, height: height, format: format)
    buffers.append(buffer)
    return buffer
  }

  /// How many buffers exist now (for tests and diagnostics).
  var count: Int { buffers.count }
}
