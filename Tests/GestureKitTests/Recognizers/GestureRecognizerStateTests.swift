import Testing

@testable import GestureKit

@Suite("GestureRecognizer.State")
struct GestureRecognizerStateTests {
  typealias State = GestureRecognizer.State

  @Test("exactly the documented transitions are legal")
  func transitionTable() {
    let legal: Set<String> = [
      "possible>possible", "possible>began", "possible>ended", "possible>failed",
      "began>changed", "began>ended", "began>cancelled",
      "changed>changed", "changed>ended", "changed>cancelled",
    ]
    for from in State.allCases {
      for to in State.allCases {
        let key = "\(from)>\(to)"
        #expect(State.canTransition(from: from, to: to) == legal.contains(key), "\(key)")
      }
    }
  }

  @Test("recognized is ended, and finished and active group the states")
  func aliases() {
    #expect(State.recognized == .ended)
    #expect(State.allCases.filter(\.isFinished) == [.ended, .cancelled, .failed])
    #expect(State.allCases.filter(\.isActive) == [.began, .changed])
    #expect(
      State.allCases.map(\.description) == ["possible", "began", "changed", "ended", "cancelled", "failed"])
  }
}
