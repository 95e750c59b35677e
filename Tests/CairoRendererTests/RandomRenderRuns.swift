import Foundation
import TestSupport

/// Settings from the environment for the randomized renderer tests (RendererWindowDamageTests,
/// RendererLabelCutTests, RendererLabelMaskTests, RendererLabelRepairTests,
/// RendererUnchangedPixelsTests, RendererLayerRoomTests, all in `make soak`;
/// RendererLayerTests and RendererRotatedStrokeTests too): `GP_RENDER_RUNS` multiplies their cases (`make soak` sets
/// 10; a failure in 1 of about 10 000 repairs shows only in such runs) and `GP_RENDER_SEED` is
/// mixed into their seeds (0 by default: the fixed seeds of `make test`).
enum RandomRenderRuns {
  static var multiplier: Int {
    max(1, ProcessInfo.processInfo.environment["GP_RENDER_RUNS"].flatMap { Int($0) } ?? 1)
  }

  static var seed: UInt64 {
    ProcessInfo.processInfo.environment["GP_RENDER_SEED"].flatMap { UInt64($0) } ?? 0
  }

  /// The case numbers of a test that runs `count` cases in `make test`.
  static func cases(_ count: Int) -> Range<Int> { 0..<(count * multiplier) }

  /// The generator of a test whose `make test` seed is `seed`.
  static func generator(seed base: UInt64) -> SplitMix64 { SplitMix64(seed: base ^ seed) }
}
