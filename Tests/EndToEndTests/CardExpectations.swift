import CairoRenderer
import Testing

/// Screenshots until the card of `color` is drawn at `box` (±1 px), for up to 5 s.
func waitForCard(_ session: WestonSession, _ color: RGBA8, at box: PixelBox) throws -> Image {
  try session.capture { PixelBox.bounding(color, in: $0)?.matches(box) == true }
}

/// Expects the card of `color` drawn at `box` (±1 px) in `image`.
func expectCard(
  _ color: RGBA8, at box: PixelBox, in image: Image, sourceLocation: SourceLocation = #_sourceLocation
) {
  let found = PixelBox.bounding(color, in: image)
  #expect(
    found?.matches(box) == true,
    "card \(color) is at \(found.map(String.init(describing:)) ?? "nowhere"), expected \(box)",
    sourceLocation: sourceLocation)
}
