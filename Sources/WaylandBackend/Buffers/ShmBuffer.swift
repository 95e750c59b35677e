import CWaylandClient
import CWaylandProtocols
import Glibc

/// `wl_buffer` (core protocol, version 1) backed by `wl_shm` memory: one pixel buffer the
/// client draws into and the compositor reads.
///
/// The memory is a sealed memfd (it cannot shrink under the compositor) mapped shared. The
/// buffer is busy from `attach` until the compositor's `release`, and must not be drawn
/// into while busy.
final class ShmBuffer {
  /// Width in buffer pixels.
  let width: Int
  /// Height in buffer pixels.
  let height: Int
  /// Bytes per row.
  let stride: Int
  /// The mapped pixels (32-bit XRGB8888, native endianness).
  let data: UnsafeMutableRawPointer
  /// The `wl_buffer` proxy.
  let proxy: OpaquePointer
  /// True from attach until the compositor releases the buffer.
  private(set) var isBusy = false
  /// The `DamageHistory` frame last drawn into this buffer (nil: never, its contents are
  /// unknown), so that reusing it repairs only what changed since.
  var lastDrawnFrame: Int?
  /// How many rows at its top hold the title bar's colour (0: none drawn).
  var barRows = 0
  private let byteCount: Int

  /// Allocates a width x height buffer from `shm` in `format` (`wl_shm_format`; XRGB8888
  /// unless told, ARGB8888 for the client-side frame's transparent border).
  init(
    shm: OpaquePointer, width: Int, height: Int, format: UInt32 = WL_SHM_FORMAT_XRGB8888.rawValue
  ) throws(WaylandError) {
    self.width = width
    self.height = height
    self.stride = width * 4
    self.byteCount = stride * height
    let fd = try SystemCall.run("memfd_create") { gp_memfd_create_sealable("gesture-playground") }
    defer { close(fd) }
    let size = off_t(byteCount)
    try SystemCall.run("ftruncate") { ftruncate(fd, size) }
    try SystemCall.run("fcntl(F_ADD_SEALS)") { gp_memfd_seal_shrink(fd) }
    guard let mapped = mmap(nil, byteCount, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0),
      mapped != MAP_FAILED
    else { throw .system(call: "mmap", errno: errno) }
    data = mapped
    let pool = wl_shm_create_pool(shm, fd, Int32(byteCount))
    proxy = wl_shm_pool_create_buffer(
      pool, 0, Int32(width), Int32(height), Int32(stride), format)
    // The buffer keeps the pool's memory; the pool object itself is no longer needed.
    wl_shm_pool_destroy(pool)
    wl_buffer_add_listener(proxy, bufferListener, Unmanaged.passUnretained(self).toOpaque())
  }

  deinit {
    wl_buffer_destroy(proxy)
    munmap(data, byteCount)
  }

  /// Marks the buffer busy; call right before attaching it.
  func markAttached() {
    isBusy = true
  }

  fileprivate func released() {
    isBusy = false
  }
}

nonisolated(unsafe) private let bufferListener: UnsafeMutablePointer<wl_buffer_listener> = {
  var listener = wl_buffer_listener()
  // release: the compositor no longer reads the buffer; it may be drawn into again.
  listener.release = { data, _ in Unmanaged<ShmBuffer>.fromOpaque(data!).takeUnretainedValue().released() }
  return makeListener(listener)
}()
