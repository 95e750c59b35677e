// Evicting the caches between iterations, for benchmarks of work done after a sleep.
import Glibc

/// 32 MiB of memory written a byte per 64-byte line at every `run()`: more than this
/// machine's caches hold, and 8192 pages, more than its TLB maps, so what an iteration then
/// touches comes back from memory, as after a client's sleep while the compositor ran.
final class CacheEviction {
  static let size = 32 << 20
  let memory = UnsafeMutablePointer<UInt8>.allocate(capacity: CacheEviction.size)
  var round: UInt8 = 0

  init() {
    memset(memory, 0, Self.size)
  }

  deinit {
    memory.deallocate()
  }

  /// Writes every cache line of the memory once.
  func run() {
    round &+= 1
    for offset in stride(from: 0, to: Self.size, by: 64) { memory[offset] = round }
  }
}
