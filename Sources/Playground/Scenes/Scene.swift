import GestureKit

/// A loaded scene: the checked description of a scene file, kept apart from
/// the views built from it so that a reset can build a fresh tree.
///
/// Load one with ``init(contentsOfFile:)``, ``init(json:fileName:baseDirectory:)``
/// or ``SceneLibrary/load(_:)``; build it with ``install(in:)``.
public struct Scene {
  /// `name`: a short identifier ("cards").
  public var name: String
  /// `title`: shown as the window title (defaults to `name`).
  public var title: String
  /// `size`: the window's initial size in logical pixels.
  public var size: Size
  /// `background`: the colour under all views (default `#000000`).
  public var background: Color
  /// `hint`: a one-line hint the app shell draws in the scene, if any.
  public var hint: String?
  /// `views`: the top-level views, back to front.
  public var views: [ViewSpec]
  /// The file the scene came from, as named in error messages.
  public var source: String

  /// A scene from its parts.
  public init(
    name: String, title: String, size: Size, background: Color, views: [ViewSpec], source: String,
    hint: String? = nil
  ) {
    self.name = name
    self.title = title
    self.size = size
    self.background = background
    self.hint = hint
    self.views = views
    self.source = source
  }

  /// Every view of the scene, depth first, parents before children.
  public var allViews: [ViewSpec] { views.flatMap(\.allViews) }

  /// Every gesture of the scene in file order.
  public var allGestures: [GestureSpec] {
    var result: [GestureSpec] = []
    var pending = Array(views.reversed())
    while let view = pending.popLast() {
      result.append(contentsOf: view.gestures)
      pending.append(contentsOf: view.children.reversed())
    }
    return result
  }

  /// Replaces the window's scene views (the root view's subviews) with a fresh
  /// tree built from this description: views with their styles, recognizers
  /// with their settings, relations and behaviours.
  ///
  /// The window's size is left alone. Touches in progress should be cancelled
  /// first (`window.cancelAllTouches(at:)`) when replacing a live scene.
  @discardableResult
  public func install(in window: Window) -> InstalledScene {
    SceneBuilder(scene: self).install(into: window.rootView)
  }

  /// Replaces `container`'s subviews with a fresh tree built from this description, as
  /// ``install(in:)`` does for a window's root view: the scene's coordinates are then the
  /// container's. Linear in the number of views.
  @discardableResult
  public func install(into container: View) -> InstalledScene {
    SceneBuilder(scene: self).install(into: container)
  }
}
