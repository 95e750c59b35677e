import Foundation

/// What a client's `WAYLAND_DEBUG=client` log says about the buffers of its window surface
/// (the `wl_surface` given to `xdg_wm_base.get_xdg_surface`): every
/// `wl_surface.attach(wl_buffer@N, ...)` request, `wl_buffer@N.release()` event, buffer
/// creation and destruction, and `set_buffer_scale`, in the order the client sent or
/// dispatched them.
///
/// A buffer is busy from its attach until its release (wl_buffer: the compositor reads it
/// meanwhile); attaching a busy buffer again is the client drawing over pixels the
/// compositor may still show. Object ids are reused after `destroy`, so a new
/// `create_buffer` of an id starts it afresh.
struct WindowBufferLog {
  /// One busy buffer attached again, for messages.
  struct Reattach: CustomStringConvertible {
    /// The buffer, `wl_buffer@N`.
    let buffer: String
    /// The log line (1-based) of the second attach.
    let line: Int
    /// `wl_buffer@N attached again at line L before its release`.
    var description: String { "\(buffer) attached again at line \(line) before its release" }
  }

  /// The window surface, `wl_surface@N`, or nil if the log shows none.
  let surface: String?
  /// Busy buffers attached again to the window surface, in order (none for a good client).
  let reattachedWhileBusy: [Reattach]
  /// The most window buffers busy at once.
  let maximumBusy: Int
  /// How many attaches the window surface got.
  let attachCount: Int
  /// The arguments of the window surface's `set_buffer_scale` requests, in order.
  let bufferScales: [Int]
  /// The (width, height) of every `create_buffer`, in order.
  let createdSizes: [(width: Int, height: Int)]

  /// Reads the log at `url` (an empty log if it cannot be read).
  init(_ url: URL) {
    self.init(text: (try? WaylandDebugLog.text(of: url)) ?? "")
  }

  /// Reads a log's text.
  init(text: String) {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    var surface: String?
    var busy: Set<String> = []
    var reattached: [Reattach] = []
    var maximumBusy = 0
    var attaches = 0
    var scales: [Int] = []
    var sizes: [(Int, Int)] = []
    for (index, line) in lines.enumerated() {
      let sent = line.contains(" -> ")
      if sent, line.contains(".get_xdg_surface("), surface == nil {
        surface = WaylandDebugLog.first("wl_surface@[0-9]+", in: line)
      } else if sent, line.contains(".create_buffer(new id wl_buffer@") {
        if let buffer = WaylandDebugLog.first("wl_buffer@[0-9]+", in: line) { busy.remove(buffer) }
        let numbers = Self.arguments(of: line)
        if numbers.count >= 4, let width = Int(numbers[2]), let height = Int(numbers[3]) {
          sizes.append((width, height))
        }
      } else if sent, let surface, line.contains("\(surface).attach(wl_buffer@") {
        guard let buffer = WaylandDebugLog.first("wl_buffer@[0-9]+", in: line) else { continue }
        attaches += 1
        if busy.contains(buffer) { reattached.append(Reattach(buffer: buffer, line: index + 1)) }
        busy.insert(buffer)
        maximumBusy = max(maximumBusy, busy.count)
      } else if sent, let surface, line.contains("\(surface).set_buffer_scale(") {
        if let argument = Self.arguments(of: line).first, let scale = Int(argument) { scales.append(scale) }
      } else if !sent, line.contains(".release()"),
        let buffer = WaylandDebugLog.first("wl_buffer@[0-9]+", in: line)
      {
        busy.remove(buffer)
      } else if sent, line.contains(".destroy()"),
        let buffer = WaylandDebugLog.first("wl_buffer@[0-9]+", in: line)
      {
        busy.remove(buffer)
      }
    }
    self.surface = surface
    reattachedWhileBusy = reattached
    self.maximumBusy = maximumBusy
    attachCount = attaches
    bufferScales = scales
    createdSizes = sizes
  }

  /// The comma-separated arguments between the first `(` and the last `)`, trimmed.
  private static func arguments(of line: Substring) -> [String] {
    guard let open = line.firstIndex(of: "("), let close = line.lastIndex(of: ")"), open < close else {
      return []
    }
    return line[line.index(after: open)..<close].split(separator: ",").map {
      $0.trimmingCharacters(in: .whitespaces)
    }
  }
}
