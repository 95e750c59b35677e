/// A deterministic random number generator (SplitMix64) for the tests that draw random
/// cases (the property tests, the file fuzzer, the long replay, the label tests): the same
/// seed gives the same cases on every machine and every run, so a seed in a failure message
/// or a committed test reproduces its case.
public struct SplitMix64: RandomNumberGenerator {
  /// The generator's whole state: the seed, advanced by each draw.
  public var state: UInt64

  /// A generator starting at `seed`.
  public init(seed: UInt64) {
    state = seed
  }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A uniformly chosen integer in `range`.
  public mutating func int(_ range: ClosedRange<Int>) -> Int {
    Int.random(in: range, using: &self)
  }

  /// A uniformly chosen number in `range`.
  public mutating func double(_ range: ClosedRange<Double>) -> Double {
    Double.random(in: range, using: &self)
  }

  /// A uniformly chosen index of `count` elements (0 when `count` is 0).
  public mutating func index(_ count: Int) -> Int {
    count > 0 ? Int.random(in: 0..<count, using: &self) : 0
  }

  /// True with probability `p`.
  public mutating func chance(_ p: Double) -> Bool {
    Double.random(in: 0..<1, using: &self) < p
  }

  /// A uniformly chosen element of a non-empty array.
  public mutating func pick<T>(_ elements: [T]) -> T {
    elements[index(elements.count)]
  }
}
