import Testing

@testable import WaylandBackend

@Suite("Arrival rate")
struct ArrivalRateTests {
  /// The reads of a loop that leaves the connection unread for `spell` seconds at a time
  /// while `perSecond` events arrive steadily from `start`, for `seconds`.
  static func spells(perSecond: Double, spell: Double, seconds: Double, start: Double = 5) -> ArrivalRate {
    var rate = ArrivalRate()
    var time = start
    var owed = 0.0
    while time < start + seconds {
      time += spell
      owed += perSecond * spell
      let events = owed.rounded(.down)
      owed -= events
      rate.read(Int(events), at: time)
    }
    return rate
  }

  @Test(
    "a 120 Hz touch screen (even at 10 Hz) and a 1,000 Hz mouse (at 60 Hz) leave a frame's quiet spell whole")
  func ordinaryInput() {
    // 120 frames a second of a motion and a frame each; a mouse's 1,000 the same, with a
    // presentation and a buffer release a frame.
    for (perSecond, spell) in [(240.0, 1.0 / 60), (240.0, 0.1), (2_060.0, 1.0 / 60)] {
      let rate = Self.spells(perSecond: perSecond, spell: spell, seconds: 1)
      let now = 6.000_1
      #expect(rate.quietLimit(now: now) - now >= spell, "\(perSecond)/s in spells of \(spell) s")
    }
  }

  @Test("a burst's rate bounds the quiet spell to the budget's worth of its events")
  func burst() {
    // 20,000 touch frames a second written on their own, read as they come (every 0.1 ms).
    let rate = Self.spells(perSecond: 20_000, spell: 0.000_1, seconds: 0.01)
    let now = 5.010_05
    let limit = rate.quietLimit(now: now) - now
    #expect(abs(limit - ArrivalRate.budget / 20_000) < 0.000_5, "\(limit) s")
    // A mouse at 8,000 Hz: spells of 4 ms.
    let mouse = Self.spells(perSecond: 16_000, spell: 0.002, seconds: 0.1)
    #expect(abs(mouse.quietLimit(now: 5.1) - 5.1 - 0.004) < 0.001)
  }

  @Test("no quiet spell while the rate is unknown: before two reads, and after a pause")
  func unknownRate() {
    var rate = ArrivalRate()
    #expect(rate.quietLimit(now: 1) == 1)
    rate.read(2, at: 1)
    // One read after a long wait (a touch going down): the burst that may follow has no rate.
    #expect(rate.quietLimit(now: 1.000_1) == 1.000_1)
    rate.read(2, at: 1.008)
    #expect(rate.quietLimit(now: 1.008_1) > 1.1)
    // Reads that found nothing are no reads.
    rate.read(0, at: 1.009)
    #expect(abs((rate.eventsPerSecond ?? 0) - 2 / 0.008) < 1e-6)
    // A pause since the last read: the rate is stale.
    #expect(rate.quietLimit(now: 1.008 + ArrivalRate.pause + 0.001) == 1.008 + ArrivalRate.pause + 0.001)
    // The read after a pause starts again.
    rate.read(2, at: 2)
    #expect(rate.eventsPerSecond == nil)
    #expect(rate.quietLimit(now: 2.000_1) == 2.000_1)
  }

  @Test("the rate is that of the last few reads: a burst is seen within a few, and its end too")
  func followsTheRate() {
    var rate = Self.spells(perSecond: 240, spell: 1.0 / 60, seconds: 1)
    var time = 6.0
    for _ in 0..<ArrivalRate.historyCount {
      time += 0.000_1
      rate.read(2, at: time)
    }
    #expect(rate.quietLimit(now: time) - time < 0.01)
    for _ in 0..<ArrivalRate.historyCount {
      time += 1.0 / 60
      rate.read(4, at: time)
    }
    // 240 events a second again.
    #expect(rate.quietLimit(now: time) - time > ArrivalRate.budget / 300)
  }

  @Test("bursts with short gaps between them: the spell is planned at the burst's rate, not the average")
  func burstsWithGaps() {
    // As read at the start of an injected burst of ten-finger frames (session 41): three
    // reads of 9, 7 and 25 events within 2.2 ms, then, 20.6 ms later, one of 1 event.
    var rate = ArrivalRate()
    rate.read(9, at: 44.263_038)
    rate.read(7, at: 44.263_268)
    rate.read(25, at: 44.265_218)
    rate.read(1, at: 44.285_857)
    // The average is 33 events over 22.8 ms; the third read's 25 came in 1.95 ms.
    let perSecond = rate.eventsPerSecond ?? 0
    #expect(abs(perSecond - 25 / 0.001_95) < 1, "\(perSecond) events a second")
    let spell = rate.quietLimit(now: 44.285_9) - 44.285_9
    #expect(spell < 0.006, "a quiet spell of \(spell) s")
    // Reads closer than a millisecond count as a millisecond apart; their average still counts.
    var close = ArrivalRate()
    for step in 0..<4 { close.read(2, at: 1 + Double(step) * 0.000_1) }
    #expect(abs((close.eventsPerSecond ?? 0) - 6 / 0.000_3) < 1)
  }

  @Test("no quiet spell after a read that found a budget's worth of events: the loop is behind")
  func backlog() {
    var rate = ArrivalRate()
    rate.read(12, at: 46.990_203)
    rate.read(2, at: 46.995)
    #expect(rate.quietLimit(now: 46.995_1) > 46.995_1)
    // libwayland's read of a full 4 KiB buffer: 150 events, after a spell of 6 ms.
    rate.read(150, at: 46.996_217)
    #expect(rate.quietLimit(now: 46.996_3) == 46.996_3)
    rate.read(Int(ArrivalRate.budget) - 1, at: 46.999)
    #expect(rate.quietLimit(now: 46.999_1) > 46.999_1)
  }
}
