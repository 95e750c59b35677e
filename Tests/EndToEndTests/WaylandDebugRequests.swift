import Foundation

/// The requests a client sent, from its `WAYLAND_DEBUG=client` log (`-> object@id.request(...)`).
struct WaylandDebugRequests {
  let lines: [String]
  /// Whose cursor the cursor queries below are about: `wl_pointer` unless told
  /// (`zwp_tablet_tool_v2` for a pen's).
  var cursorOf = "wl_pointer"

  init(_ url: URL) {
    let text = (try? WaylandDebugLog.text(of: url)) ?? ""
    lines = text.split(separator: "\n").filter { $0.contains(" -> ") }.map(String.init)
  }

  /// Whether `line` is a `set_cursor` of `cursorOf`.
  private func setsCursor(_ line: String) -> Bool {
    line.contains("\(cursorOf)@") && line.contains(".set_cursor(")
  }

  /// The client's requests once `done` holds for them, or after 5 s. A repaint of the
  /// compositor does not mean the client has read its input (under `make asan` it often has
  /// not): a test of the requests an input causes waits for them.
  static func wait(for client: ChildProcess, until done: (WaylandDebugRequests) -> Bool) throws
    -> WaylandDebugRequests
  {
    var requests = WaylandDebugRequests(client.logURL)
    _ = try FileWatch.wait(on: client.logURL.path, until: Deadline(after: .seconds(5))) {
      requests = WaylandDebugRequests(client.logURL)
      return done(requests)
    }
    return requests
  }

  /// The `wl_surface@N` given to `set_cursor` (of `cursorOf`) last.
  var cursorSurface: String? {
    for line in lines.reversed() where setsCursor(line) {
      if let range = line.range(of: "wl_surface@[0-9]+", options: .regularExpression) {
        return String(line[range])
      }
    }
    return nil
  }

  /// How many times the client set the cursor (`set_cursor` of `cursorOf`).
  var cursorSets: Int { lines.count { setsCursor($0) } }

  /// Whether the cursor surface was committed after the last `set_cursor`: the cursor set
  /// last is whole in the log.
  var cursorCommitted: Bool {
    guard let surface = cursorSurface, let set = lines.lastIndex(where: { setsCursor($0) })
    else { return false }
    return lines[set...].contains { $0.contains("\(surface).commit(") }
  }

  /// The buffers attached to the cursor surface, in order, repeats folded.
  func cursorBuffers() -> [String] {
    guard let surface = cursorSurface else { return [] }
    var buffers: [String] = []
    for line in lines where line.contains("\(surface).attach(") {
      guard let range = line.range(of: "wl_buffer@[0-9]+", options: .regularExpression) else { continue }
      let buffer = String(line[range])
      if buffers.last != buffer { buffers.append(buffer) }
    }
    return buffers
  }

  /// The buffer scales set on the cursor surface.
  func cursorSurfaceScales() -> [Int] {
    guard let surface = cursorSurface else { return [] }
    return lines.compactMap { line in
      guard let range = line.range(of: "\(surface).set_buffer_scale(") else { return nil }
      return Int(line[range.upperBound...].prefix { $0.isNumber })
    }
  }
}

extension WaylandDebugRequests {
  /// The shapes set with `wp_cursor_shape_device_v1.set_shape(serial, shape)`, in order,
  /// repeats folded.
  func cursorShapes() -> [Int] {
    var shapes: [Int] = []
    for line in lines where line.contains("wp_cursor_shape_device_v1@") && line.contains(".set_shape(") {
      guard let comma = line.lastIndex(of: ","),
        let shape = Int(line[line.index(after: comma)...].drop { $0 == " " }.prefix { $0.isNumber })
      else { continue }
      if shapes.last != shape { shapes.append(shape) }
    }
    return shapes
  }

  /// Whether the compositor advertised the global `interface`, from the log's
  /// `wl_registry.global` events.
  static func advertised(_ interface: String, in url: URL) -> Bool {
    let text = (try? WaylandDebugLog.text(of: url)) ?? ""
    return text.split(separator: "\n").contains {
      !$0.contains(" -> ") && $0.contains(".global(") && $0.contains("\"\(interface)\"")
    }
  }
}
