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
    // A negative descriptor (no signalfd, nothing watched) is left out by poll.
    var fds = (
      pollfd(fd: connection.fd, events: 0, revents: 0),
      pollfd(fd: signalFD, events: Int16(POLLIN), revents: 0),
      pollfd(fd: watchedFD, events: Int16(POLLIN), revents: 0)
    )
    // Whether the last poll left the connection out (`FramePacer.quietUntil`): what arrived
    // meanwhile is read before anything else, in particular before a planned draw.
    var wasQuiet = false
    while running {
      if wasQuiet { try readArrived() }
      clock.fireDueTimers()
      // What was read late or fired may have quit (Ctrl+Q read after a quiet spell): the
      // poll below could otherwise wait for the next event, with no timer, for ever.
      if !running || toplevel?.closeRequested == true { break }
      try drawIfNeeded()
      try connection.prepareRead()
      let flushed = try connection.flush()
      // Nanosecond timeout: a planned draw wakes on time, not up to a millisecond late.
      var timeout = clock.pollTimeoutNanoseconds()
      let now = clock.now
      // A spell no longer than the arrival rate allows: the socket must not fill meanwhile.
      let quiet = (flushed && !calibration.isCalibrating ? pacer.quietUntil(now: now) : nil)
        .map { min($0, arrivals.quietLimit(now: now)) }.flatMap { $0 > now ? $0 : nil }
      if let quiet {
        let remaining = Int64(((quiet - now) * 1e9).rounded(.up))
        timeout = timeout < 0 ? remaining : min(timeout, remaining)
      }
      wasQuiet = quiet != nil
      // While quiet only a hang-up or an error (always reported) wakes the loop.
      fds.0.events = quiet != nil ? 0 : Int16(POLLIN | (flushed ? 0 : POLLOUT))
      fds.0.revents = 0
      fds.1.revents = 0
      fds.2.fd = watchedFD
      fds.2.revents = 0
      let ready = withUnsafeMutablePointer(to: &fds) { tuple in
        tuple.withMemoryRebound(to: pollfd.self, capacity: 3) { gp_poll_ns($0, 3, timeout) }
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
      if watchedFD >= 0, fds.2.revents & Int16(POLLIN | POLLERR | POLLHUP) != 0 { onWatchedFDReadable?() }
      arrivals.read(try connection.dispatchPending(), at: clock.now)
    }
  }

  /// Reads and dispatches the events that arrived while the loop left the connection out,
  /// without waiting for more.
  private func readArrived() throws(WaylandError) {
    readingLate = true
    defer { readingLate = false }
    try connection.prepareRead()
    var fd = pollfd(fd: connection.fd, events: Int16(POLLIN), revents: 0)
    if gp_poll_ns(&fd, 1, 0) > 0, fd.revents & Int16(POLLIN | POLLERR | POLLHUP) != 0 {
      try connection.readEvents()
    } else {
      connection.cancelRead()
    }
    arrivals.read(try connection.dispatchPending(), at: clock.now)
  }

  /// Has the loop wait on `fd` (a file descriptor of the app's, such as an inotify instance)
  /// as well, and call `onReadable` when it is readable; nil stops watching. One at a time;
  /// nothing is polled while none is watched.
  public func watch(_ fd: Int32?, onReadable: (() -> Void)?) {
    watchedFD = fd ?? -1
    onWatchedFDReadable = fd == nil ? nil : onReadable
  }

  /// Makes `run()` return after the current iteration.
  public func quit() {
    running = false
  }
}
