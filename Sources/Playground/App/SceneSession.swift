import GestureKit

/// A scene shown in a gesture window with the app around it (the picker's tabs, the hint,
/// the debug overlay), its event log, and the key commands that act on it; a live run and a
/// replay each drive one, so keys and the picker behave the same in both.
///
/// The window's root view holds four things, back to front:
/// 1. the scene's container: a view identified `root` whose bounds are the scene's size and
///    whose subviews are the scene's top-level views, so its coordinates are the scene's; it
///    carries the fit (``ChromeLayout/sceneFit(sceneSize:in:)``): scaled uniformly to fit
///    above the strip and centred, whatever the window's size. A touch on the scene's
///    background reaches `root` as it always did;
/// 2. the ``ChromeView`` strip across the window's bottom (``ChromeLayout``);
/// 3. the ``DebugOverlayView``, over everything, never hit;
/// 4. the ``TwoFingerMarkerView`` of the Alt two-finger emulation, on top, never hit.
///
/// The window first asks for the scene's size plus the strip (`onPreferredSize`); whatever
/// size it gets, the scene and the strip are laid out again. The log sees only the scene, in
/// the scene's coordinates: deliveries and recognizers of the strip are left out, the `final`
/// line lists the container's subtree, and a switch of scene is one line of type `scene`.
public final class SceneSession {
  /// The gesture window the scene is installed in.
  public let window: Window
  /// The scene shown now (rebuilt from on R).
  public internal(set) var scene: Scene
  /// The event log, if any; it sees the window through the session's filter and is told each
  /// new installation.
  public let log: EventLog?
  /// The views and recognizers of the current installation.
  public private(set) var installed: InstalledScene
  /// The scenes of the picker's tabs.
  public internal(set) var catalog: SceneCatalog
  /// The tab of the scene shown now.
  public internal(set) var selectedTab: Int
  /// The view whose subviews are the scene's top-level views.
  public private(set) var sceneContainer: View
  /// The strip below the scene.
  public private(set) var chrome: ChromeView
  /// The debug overlay.
  public let overlay: DebugOverlayView
  /// The marker of the Alt two-finger emulation.
  public let twoFingerMarker: TwoFingerMarkerView
  /// The bar across the top that shows why a watched scene file failed to load.
  public let banner = BannerView()
  /// The live timeline of the last seconds (T, or the strip's timeline button).
  public let timelinePanel = TimelinePanelView()
  /// The scene's whole hint, where the strip cuts it (SceneSession+Hint.swift).
  public let hintPanel = HintPanelView()
  /// The translator feeding the window (set by the live run and the replay), whose Alt
  /// two-finger emulation the marker and the overlay show (redrawn where they change, from
  /// its `onEmulatedFingersChange`).
  public weak var translator: SeatInputTranslator? {
    didSet {
      twoFingerMarker.translator = translator
      overlay.translator = translator
      translator?.onEmulatedFingersChange = { [weak twoFingerMarker, weak overlay] in
        twoFingerMarker?.refresh()
        overlay?.refresh()
      }
    }
  }
  /// Called when a ``KeyCommand/toggleFullscreen`` is performed (live runs; nil in a
  /// replay, where it does nothing).
  public var onToggleFullscreen: (() -> Void)?
  /// Called when a ``KeyCommand/quit`` is performed.
  public var onQuit: (() -> Void)?
  /// Called with the size the window would like (the scene at scale 1 plus the strip) when a
  /// scene of another size is installed: a live run asks the compositor, which may give
  /// another. Nil (a replay), or at the first installation: the window takes that size at
  /// once.
  public var onPreferredSize: ((Size) -> Void)?
  /// Called with the window's size whenever the session was laid out for a new one (a live
  /// recording writes it to the trace).
  public var onWindowResize: ((Size) -> Void)?
  /// Called after another scene was installed by the picker (to retitle the window).
  public var onSceneChange: ((Scene) -> Void)?
  /// Called with a one-line message when a picked scene cannot be loaded (the current scene
  /// stays).
  public var onError: ((String) -> Void)?

  var loadedScenes: [Int: Scene] = [:]
  /// The tab of the scene the session was made with (a watched file's), and whether it is a
  /// first tab added for it (SceneSession+Reload.swift).
  var fileTab: Int
  var ownsFirstTab: Bool
  /// The window size the last installation asked for.
  private var preferredSize: Size?
  /// The window size of the last layout.
  private var laidOutSize: Size?
  let filter: ChromeFilter

  /// Installs `scene` in `window`, resized to the scene plus the strip, with a tab for each
  /// scene of `catalog`. `scene` takes the tab that has its name (so picking that tab again
  /// shows this very scene), or a new first tab when none has. `log` (kept alive by the
  /// session) observes the window through a filter that leaves the strip out.
  public init(scene: Scene, window: Window, log: EventLog?, catalog: SceneCatalog = .bundled()) {
    var catalog = catalog
    let (tab, added) = catalog.place(scene)
    self.scene = scene
    self.window = window
    self.log = log
    self.catalog = catalog
    selectedTab = tab
    fileTab = tab
    ownsFirstTab = added
    loadedScenes[tab] = scene
    overlay = DebugOverlayView(size: window.size)
    twoFingerMarker = TwoFingerMarkerView(size: window.size)
    filter = ChromeFilter(log: log)
    window.observer = filter
    // Placeholders until install() builds the real ones.
    sceneContainer = View(frame: .zero)
    chrome = ChromeView(
      windowSize: window.size, hint: nil, tabNames: [], selected: nil, overlayVisible: false,
      onTab: { _ in }, onOverlayButton: {})
    installed = InstalledScene(scene: scene, views: [:], recognizers: [:], gestures: [:])
    filter.overlay = overlay
    overlay.scenePanel = timelinePanel
    filter.onResize = { [unowned self] in resized() }
    filter.onPress = { [unowned self] touch in hideHint(pressedBy: touch) }
    install()
  }

  /// True while the debug overlay is shown.
  public var isOverlayVisible: Bool { !overlay.isHidden }

  /// Builds the scene in a new container, in place of the old one at the back of the root
  /// view, and adds the strip and the overlay above it.
  func install() {
    let container = View(frame: Rect(origin: .zero, size: scene.size))
    container.identifier = "root"
    container.clipsToBounds = true
    container.style = ViewStyle(fill: SceneSurround.sceneFill(for: scene.background))
    installed = scene.install(into: container)
    // An open menu of the old scene goes with it, with its tap on the window's root; so does
    // its hint.
    ContextMenu.close(in: sceneContainer)
    hintPanel.hide()
    sceneContainer.removeFromSuperview()
    sceneContainer = container
    window.rootView.insertSubview(container, at: 0)
    overlay.installed = installed
    overlay.sceneRoot = container
    filter.panelLog?.scene = installed
    filter.panelLog?.sceneRoot = container
    log?.scene = installed
    log?.sceneRoot = container
    // Only a scene of another size asks for another window size: a size the compositor or
    // the user chose stays while the scenes shown have the same size.
    let size = ChromeLayout.windowSize(sceneSize: scene.size, tabCount: catalog.entries.count)
    if size != preferredSize {
      preferredSize = size
      if let onPreferredSize {
        onPreferredSize(size)
      } else {
        window.size = size
      }
    }
    layOut()
  }

  /// Gives the window `size` (a replay's `window.size` line); the session is laid out again.
  public func resizeWindow(to size: Size) {
    window.performAfterCurrentCycle { [self] in window.size = size }
  }

  /// Lays the session out for the window's new size. Where that moves or rescales the scene
  /// as shown, the touches down are cancelled, as Esc cancels them: their window positions
  /// no longer point at the scene points they pressed, so the next motion would move a dragged
  /// card by the distance the scene moved (found on KWin: a scale change from 125 % to 175 %
  /// mid-drag left the card 180 scene points from the finger) and give a flick a false velocity.
  private func resized() {
    let shown = laidOutSize.flatMap(sceneFit(windowSize:))
    let fit = sceneFit(windowSize: window.size)
    // Before the new fit: the cancellation's lines give the scene points the touches pressed.
    if shown?.scale != fit?.scale || shown?.center != fit?.center, !window.activeTouches.isEmpty {
      window.cancelAllTouches(at: max(window.currentTime, window.clock.now))
    }
    layOut()
  }

  /// The scene's scale and centre above the strip in a window of `size` (nil where the strip
  /// leaves no room), as ``layOut()`` fits it.
  private func sceneFit(windowSize size: Size) -> (scale: Double, center: Point)? {
    let area = ChromeLayout.sceneArea(windowSize: size, tabCount: catalog.entries.count)
    return ChromeLayout.sceneFit(sceneSize: scene.size, in: area)
  }

  /// Fits the scene's container above the strip, rebuilds the strip across the window, and
  /// sizes the overlays to the window: at every installation and every resize.
  private func layOut() {
    if window.size != laidOutSize {
      laidOutSize = window.size
      onWindowResize?(window.size)
    }
    let area = ChromeLayout.sceneArea(windowSize: window.size, tabCount: catalog.entries.count)
    if let fit = ChromeLayout.sceneFit(sceneSize: scene.size, in: area) {
      sceneContainer.isHidden = false
      sceneContainer.center = fit.center
      sceneContainer.transform = fit.scale == 1 ? .identity : AffineTransform(scaleX: fit.scale, y: fit.scale)
      // The scene is the screen: a screen-edge pan starts at the edges of the scene as shown,
      // not at the window's, which the surround and the strip may keep out of its reach.
      window.screenEdgeBounds = sceneContainer.frame
      // An open menu keeps its size in the window at the new fit.
      ContextMenu.refit(in: sceneContainer)
    } else {
      sceneContainer.isHidden = true
      window.screenEdgeBounds = nil
    }
    overlay.frame = Rect(origin: .zero, size: window.size)
    twoFingerMarker.frame = Rect(origin: .zero, size: window.size)
    banner.layOut(width: window.size.width)
    timelinePanel.layOut(in: area)
    hintPanel.layOut(in: area)
    rebuildChrome()
  }

  /// Replaces the strip (tabs, hint, overlay button) with one showing the current state, and
  /// puts the overlay on top.
  func rebuildChrome() {
    chrome.removeFromSuperview()
    chrome = ChromeView(
      windowSize: window.size, hint: scene.hint, tabNames: catalog.entries.map(\.name), selected: selectedTab,
      overlayVisible: isOverlayVisible, timelineVisible: !timelinePanel.isHidden,
      onTab: { [unowned self] index in perform(.selectScene(index), at: window.currentTime) },
      onOverlayButton: { [unowned self] in perform(.toggleOverlay, at: window.currentTime) },
      onTimelineButton: { [unowned self] in perform(.toggleTimeline, at: window.currentTime) })
    filter.chrome = chrome
    connectHint()
    window.rootView.addSubview(chrome)
    window.rootView.addSubview(timelinePanel)
    window.rootView.addSubview(hintPanel)
    window.rootView.addSubview(overlay)
    window.rootView.addSubview(banner)
    window.rootView.addSubview(twoFingerMarker)
    // A tab or button now under a still pointer lights at once.
    window.performAfterCurrentCycle { [unowned window] in window.refreshHover(at: window.currentTime) }
  }
}

/// The window's observer in a session: passes to the log what happens in the scene and
/// leaves out the strip's views and recognizers; refreshes the overlay while it is shown,
/// so that it follows every change (damaging only what changed in it).
final class ChromeFilter: WindowObserver {
  /// The log that gets the scene's observations.
  let log: EventLog?
  /// A second log, feeding the live timeline while it is shown (nil otherwise: nothing kept).
  var panelLog: EventLog?
  /// The strip whose subtree is left out.
  weak var chrome: ChromeView?
  /// The overlay to keep fresh.
  weak var overlay: DebugOverlayView?
  /// Called when the window's size changed.
  var onResize: (() -> Void)?
  /// Called with each touch as it goes down, in the scene or the strip.
  var onPress: ((Touch) -> Void)?

  /// A filter in front of `log`.
  init(log: EventLog?) {
    self.log = log
  }

  private func isChrome(_ view: View?) -> Bool {
    guard let view, let chrome else { return false }
    return view.isDescendant(of: chrome) || view.identifier?.hasPrefix("chrome") == true
  }

  /// Whether a refresh of the overlay waits for the end of the current cycle.
  private var refreshQueued = false

  /// Refreshes the overlay once the cycle in progress is over (when its actions have moved
  /// what they move), once however many deliveries and transitions the cycle had.
  private func refreshOverlay(_ window: Window) {
    guard overlay?.isHidden == false, !refreshQueued else { return }
    refreshQueued = true
    window.performAfterCurrentCycle { [weak self] in
      self?.refreshQueued = false
      self?.overlay?.refresh()
    }
  }

  /// Passes a delivery to a scene view on to the log.
  func window(_ window: Window, didDeliver phase: TouchPhase, touches: [Touch], to view: View) {
    refreshOverlay(window)
    // Without a log (a live run's default) there is nothing to filter.
    guard log != nil || panelLog != nil, !isChrome(view) else { return }
    log?.window(window, didDeliver: phase, touches: touches, to: view)
    panelLog?.window(window, didDeliver: phase, touches: touches, to: view)
  }

  /// Passes what a scene touch did as input on to the logs (for their timelines); the
  /// overlay follows every touch, delivered or not.
  func window(_ window: Window, didReceive phase: TouchPhase, of touch: Touch) {
    refreshOverlay(window)
    // The strip lights nothing under the pointer while the mouse or a pen presses elsewhere
    // (a card dragged across it): the tab it is released over lights now, not at its next
    // motion, as GTK's crossing at the end of a grab does.
    if touch.type != .direct { chrome?.refreshButtonHover() }
    if phase == .began { onPress?(touch) }
    guard log != nil || panelLog != nil, !isChrome(touch.view) else { return }
    log?.window(window, didReceive: phase, of: touch)
    panelLog?.window(window, didReceive: phase, of: touch)
  }

  /// Lays the session out again for the window's new size.
  func windowDidResize(_ window: Window) {
    onResize?()
  }

  /// Passes a transition of a scene recognizer on to the log.
  func window(_ window: Window, recognizer: GestureRecognizer, didEnter state: GestureRecognizer.State) {
    refreshOverlay(window)
    guard log != nil || panelLog != nil, !isChrome(recognizer.view) else { return }
    log?.window(window, recognizer: recognizer, didEnter: state)
    panelLog?.window(window, recognizer: recognizer, didEnter: state)
  }
}
