import Foundation

/// A mouse for wlroots compositors: a minimal Wayland client, written straight on the wire
/// protocol (no libwayland, no generated glue), that binds `zwlr_virtual_pointer_manager_v1`
/// and creates one `zwlr_virtual_pointer_v1` on the compositor's default seat.
///
/// Sway headless has no input devices of its own (`WLR_LIBINPUT_NO_DEVICES=1`), so its seat
/// has no pointer capability and no client gets a `wl_pointer` until a virtual pointer exists:
/// creating this object is what gives seat0 its pointer. Every request runs in order in sway's
/// event loop; `roundtrip()` returns once sway has handled everything sent before it (and so
/// has sent the resulting `wl_pointer` events to the focused client).
///
/// The protocol has motion, absolute motion, buttons, axes and frames: no pointer gestures.
final class VirtualPointer {
  /// `BTN_LEFT` from linux/input-event-codes.h.
  static let leftButton: UInt32 = 0x110

  private let socket: Int32
  private let width: UInt32
  private let height: UInt32
  private var nextID: UInt32 = 2
  private var pointerID: UInt32 = 0
  private var received: [UInt8] = []
  private var closed = false

  /// Connects to the compositor socket at `socketPath` and creates the virtual pointer.
  /// Absolute positions are global compositor coordinates in a `width` x `height` layout
  /// (one output at 0,0). Throws naming what is missing (the socket, the global).
  init(socketPath: String, width: Int, height: Int) throws {
    self.width = UInt32(width)
    self.height = UInt32(height)
    socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard socket >= 0 else { throw HarnessError("socket(AF_UNIX) failed: errno \(errno)") }
    do {
      try connect(to: socketPath)
      try createPointer()
    } catch {
      close()
      throw error
    }
  }

  /// Moves the pointer to global `(x, y)` (`motion_absolute` and `frame`).
  func move(toX x: Int, y: Int) throws {
    guard x >= 0, y >= 0, x < Int(width), y < Int(height) else {
      throw HarnessError("pointer position \(x),\(y) is outside the \(width)x\(height) output")
    }
    try send(
      pointerID, opcode: 1, [.uint(now()), .uint(UInt32(x)), .uint(UInt32(y)), .uint(width), .uint(height)])
    try send(pointerID, opcode: 4, [.uint(now())])
  }

  /// Presses (or releases) `button` (`button` and `frame`).
  func button(_ button: UInt32 = leftButton, pressed: Bool) throws {
    try send(pointerID, opcode: 2, [.uint(now()), .uint(button), .uint(pressed ? 1 : 0)])
    try send(pointerID, opcode: 4, [.uint(now())])
  }

  /// A drag with the left button from `start` to `end` in `steps` motions, each step a
  /// round trip, so the client sees the press, a motion per step and the release.
  func drag(from start: (x: Int, y: Int), to end: (x: Int, y: Int), steps: Int = 12) throws {
    try move(toX: start.x, y: start.y)
    try roundtrip()
    try button(pressed: true)
    for step in 1...steps {
      try move(
        toX: start.x + (end.x - start.x) * step / steps, y: start.y + (end.y - start.y) * step / steps)
      try roundtrip()
    }
    try button(pressed: false)
    try roundtrip()
  }

  /// `wl_display.sync`: waits (up to `timeout`) until the compositor has handled every request
  /// sent so far; throws on a protocol error or a closed connection.
  func roundtrip(timeout: Duration = .seconds(2)) throws {
    let callback = newID()
    try send(1, opcode: 0, [.uint(callback)])
    try readEvents(timeout: timeout) { object, opcode, _ in object == callback && opcode == 0 }
  }

  /// Destroys the pointer (sway removes the device) and closes the connection. Safe to call
  /// more than once.
  func close() {
    guard !closed else { return }
    closed = true
    if pointerID != 0 { try? send(pointerID, opcode: 8, []) }
    Glibc.close(socket)
  }

  deinit {
    close()
  }

  // MARK: - The wire protocol

  /// One request argument: 32-bit words and strings are all these requests need.
  private enum Argument {
    case uint(UInt32)
    case string(String)
  }

  private func connect(to path: String) throws {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    let capacity = MemoryLayout.size(ofValue: address.sun_path)
    guard bytes.count < capacity else { throw HarnessError("socket path too long: \(path)") }
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      raw.copyBytes(from: bytes)
      raw[bytes.count] = 0
    }
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard result == 0 else { throw HarnessError("cannot connect to \(path): errno \(errno)") }
  }

  /// Binds the manager from the registry and creates the pointer on the default seat.
  private func createPointer() throws {
    let registry = newID()
    try send(1, opcode: 1, [.uint(registry)])  // wl_display.get_registry
    var globals: [String: (name: UInt32, version: UInt32)] = [:]
    let done = newID()
    try send(1, opcode: 0, [.uint(done)])  // wl_display.sync
    try readEvents(timeout: .seconds(2)) { object, opcode, payload in
      if object == registry, opcode == 0, let global = Self.parseGlobal(payload) {
        globals[global.interface] = (global.name, global.version)
      }
      return object == done && opcode == 0
    }
    let interface = "zwlr_virtual_pointer_manager_v1"
    guard let manager = globals[interface] else {
      throw HarnessError(
        "the compositor offers no \(interface); its globals: \(globals.keys.sorted().joined(separator: ", "))"
      )
    }
    let managerID = newID()
    // wl_registry.bind(name, interface, version, new_id): version 1 has all this needs.
    try send(registry, opcode: 0, [.uint(manager.name), .string(interface), .uint(1), .uint(managerID)])
    pointerID = newID()
    // create_virtual_pointer(seat: null = the compositor's default seat, id)
    try send(managerID, opcode: 0, [.uint(0), .uint(pointerID)])
    try roundtrip()
  }

  /// `wl_registry.global(name, interface, version)`.
  private static func parseGlobal(_ payload: [UInt8]) -> (name: UInt32, interface: String, version: UInt32)? {
    guard payload.count >= 12 else { return nil }
    let name = word(payload, at: 0)
    let length = Int(word(payload, at: 4))
    let padded = (length + 3) & ~3
    guard length >= 1, payload.count >= 8 + padded + 4 else { return nil }
    let interface = String(decoding: payload[8..<(8 + length - 1)], as: UTF8.self)
    return (name, interface, word(payload, at: 8 + padded))
  }

  private static func word(_ bytes: [UInt8], at offset: Int) -> UInt32 {
    (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[offset + $1]) << (8 * UInt32($1)) }
  }

  private func newID() -> UInt32 {
    defer { nextID += 1 }
    return nextID
  }

  private func now() -> UInt32 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt32(truncatingIfNeeded: Int(time.tv_sec) * 1000 + Int(time.tv_nsec) / 1_000_000)
  }

  private func send(_ object: UInt32, opcode: UInt16, _ arguments: [Argument]) throws {
    var body: [UInt8] = []
    func append(_ value: UInt32) {
      for shift in stride(from: 0, to: 32, by: 8) { body.append(UInt8(truncatingIfNeeded: value >> shift)) }
    }
    for argument in arguments {
      switch argument {
      case .uint(let value):
        append(value)
      case .string(let text):
        let bytes = Array(text.utf8) + [0]
        append(UInt32(bytes.count))
        body += bytes
        body += [UInt8](repeating: 0, count: (4 - bytes.count % 4) % 4)
      }
    }
    var message: [UInt8] = []
    for value in [object, UInt32(8 + body.count) << 16 | UInt32(opcode)] {
      for shift in stride(from: 0, to: 32, by: 8) {
        message.append(UInt8(truncatingIfNeeded: value >> shift))
      }
    }
    message += body
    var sent = 0
    while sent < message.count {
      let result = message[sent...].withUnsafeBytes {
        Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      guard result > 0 else { throw HarnessError("the compositor closed the virtual pointer's connection") }
      sent += result
    }
  }

  /// Reads and parses events until `handle` returns true for one; throws on
  /// `wl_display.error`, a closed connection or the deadline.
  private func readEvents(
    timeout: Duration, until handle: (_ object: UInt32, _ opcode: UInt16, _ payload: [UInt8]) -> Bool
  ) throws {
    let deadline = Deadline(after: timeout)
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      while received.count >= 8 {
        let object = Self.word(received, at: 0)
        let sizeAndOpcode = Self.word(received, at: 4)
        let size = Int(sizeAndOpcode >> 16)
        guard size >= 8 else { throw HarnessError("malformed event from the compositor (size \(size))") }
        guard received.count >= size else { break }
        let payload = Array(received[8..<size])
        received.removeFirst(size)
        let opcode = UInt16(sizeAndOpcode & 0xffff)
        if object == 1, opcode == 0 {  // wl_display.error(object, code, message)
          let code = payload.count >= 8 ? Self.word(payload, at: 4) : 0
          let text =
            payload.count > 12 ? String(decoding: payload[12...].prefix { $0 != 0 }, as: UTF8.self) : ""
          throw HarnessError(
            "the compositor sent a protocol error to the virtual pointer: code \(code), \(text)")
        }
        if handle(object, opcode, payload) { return }
      }
      guard !deadline.hasPassed else {
        throw HarnessError("the compositor did not answer the virtual pointer within \(timeout)")
      }
      var fds = [pollfd(fd: socket, events: Int16(POLLIN), revents: 0)]
      guard poll(&fds, 1, deadline.remainingMilliseconds) > 0 else { continue }
      let count = recv(socket, &chunk, chunk.count, 0)
      guard count > 0 else { throw HarnessError("the compositor closed the virtual pointer's connection") }
      received += chunk[0..<count]
    }
  }
}
