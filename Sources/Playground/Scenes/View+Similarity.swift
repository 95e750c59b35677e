import GestureKit

/// Setting the scale or the rotation of a view's transform independently, so that a
/// pinch's `scale` behaviour and a rotation's `rotate` behaviour compose on one view.
///
/// The playground's transforms are similarities (a uniform scale, then a rotation, then
/// the transform's own translation): `AffineTransform.scale` and `.rotation` read the two
/// parts back, and each setter below rebuilds the transform from them.
extension View {
  /// The smallest scale a behaviour sets: a zero scale would make the view's transform
  /// impossible to invert, and the view impossible to hit-test again.
  static let minimumBehaviorScale = 0.01

  /// Sets the transform's uniform scale, keeping its rotation and translation.
  func setTransformScale(_ scale: Double) {
    setSimilarity(scale: max(scale, Self.minimumBehaviorScale), rotation: transform.rotation)
  }

  /// Sets the transform's rotation (radians, clockwise on screen), keeping its scale and
  /// translation.
  func setTransformRotation(_ rotation: Double) {
    setSimilarity(scale: transform.scale, rotation: rotation)
  }

  private func setSimilarity(scale: Double, rotation: Double) {
    let cosine = Trigonometry.cos(rotation) * scale
    let sine = Trigonometry.sin(rotation) * scale
    transform = AffineTransform(
      a: cosine, b: sine, c: -sine, d: cosine, tx: transform.tx, ty: transform.ty)
  }
}
