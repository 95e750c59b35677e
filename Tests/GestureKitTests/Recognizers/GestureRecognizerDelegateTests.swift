import Testing

@testable import GestureKit

@Suite("GestureRecognizerDelegate")
struct GestureRecognizerDelegateTests {
  final class Silent: GestureRecognizerDelegate {}

  @Test("the defaults allow beginning and receiving, and add no simultaneity or failure requirements")
  func defaults() {
    let delegate = Silent()
    let a = GestureRecognizer()
    let b = GestureRecognizer()
    let touch = Touch(
      id: 0, type: .direct, location: .zero, timestamp: 0, view: nil, gestureRecognizers: [], serial: 0)
    #expect(delegate.gestureRecognizerShouldBegin(a))
    #expect(delegate.gestureRecognizer(a, shouldReceive: touch))
    #expect(!delegate.gestureRecognizer(a, shouldRecognizeSimultaneouslyWith: b))
    #expect(!delegate.gestureRecognizer(a, shouldRequireFailureOf: b))
    #expect(!delegate.gestureRecognizer(a, shouldBeRequiredToFailBy: b))
  }
}
