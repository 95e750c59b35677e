/// The keys of the playground's window, for the help of every command: a live window and a
/// replayed trace act on them alike.
enum WindowKeys {
  /// The paragraph the help texts end with.
  static let help = """
    Keys in the window (a trace's keys act the same in a replay):
      Tab, Shift+Tab  next, previous scene (held, they repeat)
      1 ... 9, 0      the first ten scenes
      D               show or hide the debug overlay
      T               show or hide the timeline of the last seconds
      R               rebuild the scene
      Esc             cancel the gestures in flight (and close an open menu)
      Down, Up        step through an open menu; Return chooses
      F11             fullscreen on or off
      Alt             a second finger, mirrored through the window's centre
      Alt+Shift       a second finger that keeps its offset
      Ctrl+Q          quit
    """
}
