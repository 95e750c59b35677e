import Testing

@testable import GestureKit

@Suite("GestureConstants")
struct GestureConstantsTests {
  @Test("the documented thresholds have their documented values")
  func values() {
    #expect(GestureConstants.panHysteresis == 10)
    #expect(GestureConstants.minimumHitTestAlpha == 0.01)
    #expect(GestureConstants.velocityHorizon == 0.1)
    #expect(GestureConstants.velocityMaximumSamples == 20)
    #expect(GestureConstants.velocityStopTimeout == 0.04)
    #expect(GestureConstants.maximumVelocity == 8000)
    #expect(GestureConstants.tapAllowableMovement == 45)
    #expect(GestureConstants.longPressMinimumDuration == 0.5)
  }
}
