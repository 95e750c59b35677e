import Testing

@testable import WaylandBackend

@Suite("Surface scale")
struct SurfaceScaleTests {
  @Test("The integer scale is the highest among the outputs the surface is on")
  func highestEnteredOutputWins() {
    #expect(SurfaceScale.integerScale(enteredOutputScales: [1, 2], allOutputScales: [1, 2, 3]) == 2)
    #expect(SurfaceScale.integerScale(enteredOutputScales: [1], allOutputScales: [1, 2]) == 1)
  }

  @Test("Before any enter the highest output scale is a guess; without outputs it is 1")
  func guessesBeforeEnter() {
    #expect(SurfaceScale.integerScale(enteredOutputScales: [], allOutputScales: [1, 2]) == 2)
    #expect(SurfaceScale.integerScale(enteredOutputScales: [], allOutputScales: []) == 1)
  }

  @Test("Absurd output scales are clamped")
  func clampsScales() {
    #expect(SurfaceScale.integerScale(enteredOutputScales: [0], allOutputScales: []) == 1)
    #expect(SurfaceScale.integerScale(enteredOutputScales: [-3], allOutputScales: []) == 1)
    #expect(SurfaceScale.integerScale(enteredOutputScales: [50], allOutputScales: []) == 8)
    #expect(SurfaceScale.fractional(numerator120: 100_000).factor == 8)
  }

  @Test("Without fractional scaling the integer scale goes through the buffer scale")
  func integerPath() {
    let scale = SurfaceScale.select(
      integerScale: 2, preferredFractionalScale: nil, fractionalAvailable: false)
    #expect(scale == .integer(2))
    #expect(!scale.usesViewport)
    #expect(scale.bufferScale == 2)
    #expect(scale.factor == 2)
    #expect(scale.cursorScale == 2)
    #expect(scale.bufferSize(logicalWidth: 640, logicalHeight: 480) == (1280, 960))
  }

  @Test("A preferred fractional scale goes through a viewport with buffer scale 1")
  func fractionalPath() {
    let scale = SurfaceScale.select(integerScale: 2, preferredFractionalScale: 180, fractionalAvailable: true)
    #expect(scale.usesViewport)
    #expect(scale.bufferScale == 1)
    #expect(scale.factor == 1.5)
    #expect(scale.cursorScale == 2)
    #expect(scale.bufferSize(logicalWidth: 640, logicalHeight: 480) == (960, 720))
    #expect(scale.description == "1.5x (viewport)")
  }

  @Test("Fractional buffer sizes are rounded half away from zero, as the protocol says")
  func fractionalRounding() {
    // 641 x 1.5 = 961.5 -> 962; 641 x 1.25 = 801.25 -> 801; 3 x 1.75 = 5.25 -> 5.
    #expect(
      SurfaceScale.fractional(numerator120: 180).bufferSize(logicalWidth: 641, logicalHeight: 1) == (962, 2))
    #expect(
      SurfaceScale.fractional(numerator120: 150).bufferSize(logicalWidth: 641, logicalHeight: 3) == (801, 4))
    #expect(
      SurfaceScale.fractional(numerator120: 210).bufferSize(logicalWidth: 3, logicalHeight: 0) == (5, 1))
  }

  @Test("With fractional scaling offered but no preferred scale yet, the integer scale uses the viewport")
  func fractionalBeforePreferredScale() {
    let scale = SurfaceScale.select(integerScale: 2, preferredFractionalScale: nil, fractionalAvailable: true)
    #expect(scale == .fractional(numerator120: 240))
    #expect(scale.bufferScale == 1)
    #expect(scale.bufferSize(logicalWidth: 100, logicalHeight: 50) == (200, 100))
    let zero = SurfaceScale.select(integerScale: 1, preferredFractionalScale: 0, fractionalAvailable: true)
    #expect(zero == .fractional(numerator120: 120))
  }

  @Test("A preferred scale is ignored when the compositor offers no fractional scaling")
  func preferredScaleNeedsTheProtocols() {
    let scale = SurfaceScale.select(
      integerScale: 1, preferredFractionalScale: 180, fractionalAvailable: false)
    #expect(scale == .integer(1))
    #expect(scale.description == "1x")
  }
}

@Suite("Cursor kinds")
struct CursorKindTests {
  @Test("Every kind tries the CSS name first and the older names after it")
  func themeNames() {
    #expect(CursorKind.default.themeNames == ["default", "left_ptr"])
    #expect(CursorKind.openHand.themeNames.first == "grab")
    #expect(CursorKind.openHand.themeNames.contains("openhand"))
    #expect(CursorKind.closedHand.themeNames.first == "grabbing")
    #expect(CursorKind.closedHand.themeNames.contains("closedhand"))
  }
}
