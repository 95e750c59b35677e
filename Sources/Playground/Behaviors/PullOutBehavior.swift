import GestureKit

/// The `pullOut` behaviour: an item of a ``ScrollStripBehavior`` strip is pulled out onto the
/// canvas by its pan (a mostly downward drag, see ``PullOutDelegate``) or its long press (after
/// which it moves in any direction), and from then on is a free card that both gestures drag.
///
/// Pulling out reparents the item: it leaves the strip and becomes a top-level view of the scene,
/// in front of the others, at the same place on screen. It then follows the finger: a pan moves
/// it by its translation (measured from touch-down, so the item stays under the finger), a long
/// press by the movement of its location since it began. A pulled-out card comes to the front
/// when a gesture on it begins. A cancelled gesture puts the item back where it was at began
/// (into the strip, at its old place, if that gesture pulled it out).
///
/// Every gesture of one item shares one behaviour (the scene builder sees to it).
final class PullOutBehavior {
  private weak var item: SceneView?
  /// True once the item has left its strip.
  private(set) var isPulledOut = false
  private var startCenter = Point.zero
  private var startLocation = Point.zero
  /// Where the item was in its strip, while the gesture that pulled it out is in progress.
  private var home: (parent: View, index: Int, center: Point)?

  /// A behaviour pulling `item` out of the view that holds it.
  init(item: SceneView) {
    self.item = item
  }

  /// The recognizer's action.
  func handle(_ recognizer: GestureRecognizer) {
    guard let item else { return }
    switch recognizer.state {
    case .began:
      home = nil
      if isPulledOut { item.bringToFront() } else { pullOut(item) }
      startCenter = item.center
      startLocation = recognizer.location(in: item.superview)
      follow(recognizer, item)
    case .changed:
      follow(recognizer, item)
    case .ended:
      follow(recognizer, item)
      home = nil
    case .cancelled:
      putBack(item)
    case .possible, .failed:
      break
    }
  }

  /// Moves `item` out of its strip into the scene's container, keeping its place on screen.
  private func pullOut(_ item: SceneView) {
    guard let parent = item.superview else { return }
    let container = ContextMenu.container(of: item)
    let index = parent.subviews.firstIndex { $0 === item } ?? parent.subviews.count
    home = (parent, index, item.center)
    let center = parent.convert(item.center, to: container)
    container.addSubview(item)
    item.center = center
    isPulledOut = true
  }

  /// The center under the finger: began's center plus the pan's translation, or plus the long
  /// press's movement since began; a part of the item left in reach where the finger takes it
  /// off the scene (``BehaviorLimits/reachableCenter(_:of:)``).
  private func follow(_ recognizer: GestureRecognizer, _ item: SceneView) {
    let moved =
      if let pan = recognizer as? PanGestureRecognizer {
        pan.translation(in: item.superview)
      } else {
        recognizer.location(in: item.superview) - startLocation
      }
    item.center = BehaviorLimits.reachableCenter(startCenter + moved, of: item)
  }

  /// A cancelled gesture: back into the strip if it pulled the item out, else back to began.
  private func putBack(_ item: SceneView) {
    guard let home else {
      item.center = startCenter
      return
    }
    self.home = nil
    home.parent.insertSubview(item, at: home.index)
    item.center = home.center
    isPulledOut = false
  }
}
