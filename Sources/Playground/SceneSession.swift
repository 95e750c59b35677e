import GestureKit

/// A scene shown in a gesture window, with its event log and the key commands that act on
/// it; a live run and a replay each drive one, so keys behave the same in both.
public final class SceneSession {
  /// The gesture window the scene is installed in.
  public let window: Window
  /// The scene description (rebuilt from on R).
  public let scene: Scene
  /// The event log, if any; it is the window's observer and is told each new installation.
  public let log: EventLog?
  /// The views and recognizers of the current installation.
  public private(set) var installed: InstalledScene
  /// Called when a ``KeyCommand/quit`` is performed.
  public var onQuit: (() -> Void)?

  /// Installs `scene` in `window` and attaches `log` (kept alive by the session) as the
  /// window's observer.
  public init(scene: Scene, window: Window, log: EventLog?) {
    self.scene = scene
    self.window = window
    self.log = log
    window.observer = log
    installed = scene.install(in: window)
    log?.scene = installed
  }

  /// Performs the command of `key`, if it has one, at the key's time.
  public func handle(_ key: KeyPress) {
    guard let command = KeyCommand(key) else { return }
    perform(command, at: key.time)
  }

  /// Performs `command` at `time` (seconds on the window's clock; never before the window's
  /// current time).
  public func perform(_ command: KeyCommand, at time: Double) {
    let time = max(time, window.currentTime)
    switch command {
    case .cancelTouches:
      window.cancelAllTouches(at: time)
    case .rebuildScene:
      window.cancelAllTouches(at: time)
      installed = scene.install(in: window)
      log?.scene = installed
    case .quit:
      onQuit?()
    }
  }
}
