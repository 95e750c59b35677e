import GestureKit

// The keys' commands and the picker: Esc, R, Ctrl+Q, Tab, Shift+Tab, the number keys, D, T,
// F11, Down, Up and Return, and the tab they or the strip's tabs pick.
extension SceneSession {
  /// Performs the command of `key`, if it has one, at the key's time.
  public func handle(_ key: KeyPress) {
    guard let command = KeyCommand(key) else { return }
    perform(command, at: key.time)
  }

  /// Performs `command` at `time` (seconds on the window's clock; never before the window's
  /// current time). Called during an input cycle (from an action), it waits for the cycle to
  /// end.
  public func perform(_ command: KeyCommand, at time: Double) {
    window.performAfterCurrentCycle { [self] in
      let time = max(time, window.currentTime)
      switch command {
      case .cancelTouches:
        window.cancelAllTouches(at: time)
        // Esc also closes an open menu, as it closes a GTK popover or an iPad's context menu.
        ContextMenu.close(in: sceneContainer)
        hintPanel.hide()
      case .rebuildScene:
        window.cancelAllTouches(at: time)
        install()
      case .quit:
        onQuit?()
      case .nextScene:
        selectTab((selectedTab + 1) % catalog.entries.count, at: time)
      case .previousScene:
        selectTab((selectedTab + catalog.entries.count - 1) % catalog.entries.count, at: time)
      case .selectScene(let index):
        guard index < catalog.entries.count else { return }
        selectTab(index, at: time)
      case .toggleOverlay:
        overlay.isHidden.toggle()
        showToggles()
      case .toggleTimeline:
        toggleTimeline()
      case .toggleFullscreen:
        onToggleFullscreen?()
      case .nextMenuItem:
        ContextMenu.moveHighlight(by: 1, in: sceneContainer)
      case .previousMenuItem:
        ContextMenu.moveHighlight(by: -1, in: sceneContainer)
      case .chooseMenuItem:
        ContextMenu.chooseHighlighted(in: sceneContainer)
      }
    }
  }

  /// Lights the strip's overlay and timeline buttons as the overlay and the timeline now are,
  /// leaving the rest of the strip (a press on a tab, the tabs' scrolling) as it is.
  func showToggles() {
    chrome.show(overlayVisible: isOverlayVisible, timelineVisible: !timelinePanel.isHidden)
    // A button that turned off under the pointer (the overlay's, tapped) lights at once.
    window.performAfterCurrentCycle { [unowned window] in window.refreshHover(at: window.currentTime) }
  }

  /// Shows the scene of tab `index`: cancels the touches in flight (as Esc does), installs
  /// the scene, resizes the window, logs a `scene` line and calls ``onSceneChange``. Picking
  /// the tab shown now does nothing.
  fileprivate func selectTab(_ index: Int, at time: Double) {
    guard index != selectedTab else { return }
    let next: Scene
    if let loaded = loadedScenes[index] {
      next = loaded
    } else {
      do {
        next = try catalog.entries[index].load()
      } catch {
        onError?(error.description)
        return
      }
      loadedScenes[index] = next
    }
    window.cancelAllTouches(at: time)
    scene = next
    selectedTab = index
    install()
    log?.writeSceneChange(to: scene, at: time)
    onSceneChange?(scene)
  }
}
