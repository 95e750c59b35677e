import Foundation

/// The requests a client sent, from its `WAYLAND_DEBUG=client` log (`-> object@id.request(...)`).
struct WaylandDebugRequests {
  let lines: [String]

  init(_ url: URL) {
    let text = (try? WaylandDebugLog.text(of: url)) ?? ""
    lines = text.split(separator: "\n").filter { $0.contains(" -> ") }.map(String.init)
  }

  /// The `wl_surface@N` given to `wl_pointer.set_cursor`.
  var cursorSurface: String? {
    for line in lines where line.contains(".set_cursor(") {
      if let range = line.range(of: "wl_surface@[0-9]+", options: .regularExpression) {
        return String(line[range])
      }
    }
    return nil
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
