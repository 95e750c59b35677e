import GestureKit

/// The colours of a fitted scene and of the window around it.
///
/// A window of another shape than the scene shows the scene fitted and centred, with bands
/// on two sides (docs/FORMATS.md, the window's layout). The scene's container clips its
/// views to the scene, so a card dragged past the scene's edge is cut there. Painted in the
/// scene's own background, the bands hid that edge and the card was cut at a line nobody
/// could see; in the surround's colour the scene reads as a panel and the cut falls on its
/// visible edge.
public enum SceneSurround {
  /// How much darker than the scene's background the surround is: each channel times this.
  static let darkening = 0.5
  /// How far toward white the surround goes when darkening shows too little (a black
  /// background): each channel this fraction of the way.
  static let lightening = 0.15
  /// The least contrast ratio (WCAG 2) between the scene and its surround. 1.15 keeps the
  /// bundled scenes' `#1e2127` darkened (1.18); a black scene gets a lighter surround.
  static let minimumContrast = 1.15

  /// The scene's background as the window shows it: opaque, a translucent background's
  /// colour premultiplied by its alpha, as the opaque window always showed it.
  public static func sceneFill(for background: Color) -> Color {
    Color(
      red: background.red * background.alpha, green: background.green * background.alpha,
      blue: background.blue * background.alpha)
  }

  /// The colour of the window around a scene whose background is `background`: the scene's
  /// fill darkened, or lightened where darkening would barely show. Opaque.
  public static func color(around background: Color) -> Color {
    let fill = sceneFill(for: background)
    let darker = Color(
      red: fill.red * darkening, green: fill.green * darkening, blue: fill.blue * darkening)
    if SceneView.contrastRatio(fill, darker) >= minimumContrast { return darker }
    return Color(
      red: fill.red + (1 - fill.red) * lightening, green: fill.green + (1 - fill.green) * lightening,
      blue: fill.blue + (1 - fill.blue) * lightening)
  }
}
