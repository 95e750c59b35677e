import CWaylandClient
import CWaylandProtocols
import Glibc

/// `wl_buffer` (core protocol, version 1) backed by `wl_shm` memory (a `wl_shm_pool`, core
/// protocol, version 1): one pixel buffer the client draws into and the compositor reads.
///
/// The memory is a sealed memfd (it cannot shrink under the compositor) mapped shared, of
/// `capacity` bytes; the `wl_buffer` covers its first `stride` x `height` bytes. The buffer
/// is busy from `attach` until the compositor's `release`, and must not be drawn into while
/// busy. While free it can take another size within its capacity (``reshape(width:height:)``:
/// a new `wl_buffer` from the same pool, no new memory, nothing mapped again), so a layer
/// whose size changes every frame (a card turning) does not allocate a buffer every frame.
final class ShmBuffer {
  /// Width in buffer pixels.
  private(set) var width: Int
  /// Height in buffer pixels.
  private(set) var height: Int
  /// Bytes per row.
  private(set) var stride: Int
  /// Bytes of memory behind the buffer: any size whose rows fit in it can be taken.
  let capacity: Int
  /// The mapped pixels (32-bit XRGB8888 or ARGB8888, native endianness).
  let data: UnsafeMutableRawPointer
  /// The `wl_buffer` proxy.
  private(set) var proxy: OpaquePointer
  /// True from attach until the compositor releases the buffer.
  private(set) var isBusy = false
  /// The `DamageHistory` frame last drawn into this buffer (nil: never, its contents are
  /// unknown), so that reusing it repairs only what changed since.
  var lastDrawnFrame: Int?
  /// How many rows at its top hold the title bar's colour (0: none drawn).
  var barRows = 0
  private let pool: OpaquePointer
  private let format: UInt32

  /// Allocates a width x height buffer from `shm` in `format` (`wl_shm_format`; XRGB8888
  /// unless told, ARGB8888 for the client-side frame's transparent border), with memory for
  /// at least `capacity` bytes (at least its own size).
  init(
    shm: OpaquePointer, width: Int, height: Int, format: UInt32 = WL_SHM_FORMAT_XRGB8888.rawValue,
    capacity: Int = 0
  ) throws(WaylandError) {
    self.width = width
    self.height = height
    self.stride = width * 4
    self.format = format
    self.capacity = max(capacity, width * 4 * height)
    let fd = try SystemCall.run("memfd_create") { gp_memfd_create_sealable("gesture-playground") }
    defer { close(fd) }
    let size = off_t(self.capacity)
    try SystemCall.run("ftruncate") { ftruncate(fd, size) }
    try SystemCall.run("fcntl(F_ADD_SEALS)") { gp_memfd_seal_shrink(fd) }
    guard let mapped = mmap(nil, self.capacity, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0),
      mapped != MAP_FAILED
    else { throw .system(call: "mmap", errno: errno) }
    data = mapped
    pool = wl_shm_create_pool(shm, fd, Int32(self.capacity))
    proxy = wl_shm_pool_create_buffer(pool, 0, Int32(width), Int32(height), Int32(stride), format)
    wl_buffer_add_listener(proxy, bufferListener, Unmanaged.passUnretained(self).toOpaque())
  }

  deinit {
    wl_buffer_destroy(proxy)
    wl_shm_pool_destroy(pool)
    munmap(data, capacity)
  }

  /// Whether a `width` x `height` buffer fits in this one's memory.
  func fits(width: Int, height: Int) -> Bool {
    width * 4 * height <= capacity
  }

  /// Takes the size `width` x `height` (which must fit, and the buffer must be free): a new
  /// `wl_buffer` over the same memory; the contents are then unknown.
  func reshape(width: Int, height: Int) {
    precondition(!isBusy && fits(width: width, height: height), "reshaping a busy or too small buffer")
    guard width != self.width || height != self.height else { return }
    wl_buffer_destroy(proxy)
    self.width = width
    self.height = height
    stride = width * 4
    proxy = wl_shm_pool_create_buffer(pool, 0, Int32(width), Int32(height), Int32(stride), format)
    wl_buffer_add_listener(proxy, bufferListener, Unmanaged.passUnretained(self).toOpaque())
    lastDrawnFrame = nil
    barRows = 0
  }

  /// Copies `source`'s pixels (the same size) into this buffer, which then holds what
  /// `source` holds: its frame and its title bar rows. This buffer must be free; `source`
  /// may be busy (the compositor only reads it).
  func copyContents(of source: ShmBuffer) {
    precondition(
      !isBusy && source.width == width && source.height == height,
      "copying into a busy buffer, or between sizes")
    data.copyMemory(from: source.data, byteCount: stride * height)
    lastDrawnFrame = source.lastDrawnFrame
    barRows = source.barRows
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
