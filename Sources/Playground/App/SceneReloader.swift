import GestureKit
import WaylandBackend

/// `run --watch`: reloads the scene file when it or an image it names is saved.
///
/// The watcher's descriptor is waited on by the app's event loop; a change arms a short
/// timer (`settleDelay`), so that a save in several writes, or a scene and its image saved
/// together, is read once, whole. A good load replaces the scene; a bad one keeps it and
/// shows the error in the banner and on standard error. An image the bad save names that
/// cannot be loaded (not made yet, say) is watched too: saving it is a reload.
final class SceneReloader {
  /// Seconds between the last change seen and the reload.
  static let settleDelay = 0.05

  let path: String
  let watcher: SceneWatcher
  unowned let session: SceneSession
  let clock: any Clock
  /// Called with the time of each reload that replaced the scene (a recording's
  /// `scene.reload` line).
  let onReload: ((Double) -> Void)?
  private var timer: TimerHandle?

  init(
    path: String, watcher: SceneWatcher, session: SceneSession, clock: any Clock,
    onReload: ((Double) -> Void)? = nil
  ) {
    self.path = path
    self.watcher = watcher
    self.session = session
    self.clock = clock
    self.onReload = onReload
  }

  /// Watches the scene's files from `app`'s event loop (which keeps the reloader).
  func start(in app: WaylandApplication) {
    watcher.watch(files(of: session.scene))
    app.watch(watcher.fd) { [self] in
      guard watcher.readChanges() else { return }
      if let timer { clock.cancel(timer) }
      timer = clock.schedule(at: clock.now + Self.settleDelay) { [self] in
        timer = nil
        reload()
      }
    }
  }

  /// Loads the file again: a new scene, or the banner.
  private func reload() {
    do {
      let scene = try Scene(contentsOfFile: path)
      watcher.watch(files(of: scene))
      let now = clock.now
      session.replaceScene(with: scene, at: now)
      onReload?(now)
    } catch {
      session.showBanner(error.description)
      printToStandardError(error.description)
      if let image = error.otherFile { watcher.watch(files(of: session.scene) + [image]) }
    }
  }

  /// The scene file and the images `scene` names.
  private func files(of scene: Scene) -> [String] {
    [path] + scene.allViews.compactMap(\.imagePath)
  }
}
