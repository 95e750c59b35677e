import CWaylandProtocols
import Glibc

// The event loop of `WaylandApplication`: polling the connection and the termination signals,
// firing timers and drawing between reads.
extension WaylandApplication {
  /// Runs the event loop until the window is closed, `quit()` is called, or SIGINT/SIGTERM
  /// arrives.
  ///
  /// - Throws: `WaylandError.connectionLost` or `.protocolError` when the compositor goes
  ///   away or rejects a request.
  public func run() throws(WaylandError) {
    running = true
    // The poll set, made once: the loop wakes a few hundred times a second while dragging.
    var fds = (
      pollfd(fd: connection.fd, events: 0, revents: 0),
      pollfd(fd: signalFD, events: Int16(POLLIN), revents: 0)
    )
    let count: UInt = signalFD >= 0 ? 2 : 1
    while running {
      clock.fireDueTimers()
      if toplevel?.closeRequested == true { break }
      try drawIfNeeded()
      try connection.prepareRead()
      let flushed = try connection.flush()
      fds.0.events = Int16(POLLIN | (flushed ? 0 : POLLOUT))
      fds.0.revents = 0
      fds.1.revents = 0
      // Nanosecond timeout: a planned draw wakes on time, not up to a millisecond late.
      let timeout = clock.pollTimeoutNanoseconds()
      let ready = withUnsafeMutablePointer(to: &fds) { tuple in
        tuple.withMemoryRebound(to: pollfd.self, capacity: 2) { gp_poll_ns($0, count, timeout) }
      }
      if ready < 0 {
        connection.cancelRead()
        if errno == EINTR { continue }
        throw .system(call: "ppoll", errno: errno)
      }
      if fds.0.revents & Int16(POLLIN | POLLERR | POLLHUP) != 0 {
        try connection.readEvents()
      } else {
        connection.cancelRead()
      }
      if signalFD >= 0, fds.1.revents & Int16(POLLIN) != 0, gp_signalfd_read(signalFD) > 0 {
        running = false
      }
      try connection.dispatchPending()
    }
  }

  /// Makes `run()` return after the current iteration.
  public func quit() {
    running = false
  }
}
