import CairoRenderer

/// The bytes and pixels of test images.
extension Image {
  /// Every byte of the buffer, stride padding included, row by row.
  public var bytes: [UInt8] {
    Array(UnsafeRawBufferPointer(start: buffer.data, count: buffer.stride * buffer.height))
  }

  /// The buffer's 32-bit pixels, row by row (no stride padding).
  public var words: [UInt32] {
    var result: [UInt32] = []
    result.reserveCapacity(buffer.width * buffer.height)
    for y in 0..<buffer.height {
      let row = buffer.data.advanced(by: y * buffer.stride).assumingMemoryBound(to: UInt32.self)
      for x in 0..<buffer.width { result.append(row[x]) }
    }
    return result
  }
}

extension Image {
  /// The pixel at `point`.
  public func word(at point: (x: Int, y: Int)) -> UInt32 {
    buffer.data.advanced(by: point.y * buffer.stride + point.x * 4).load(as: UInt32.self)
  }

  /// Sets the pixel at `point` to `value`.
  public func setWord(at point: (x: Int, y: Int), to value: UInt32) {
    buffer.data.advanced(by: point.y * buffer.stride + point.x * 4).storeBytes(of: value, as: UInt32.self)
  }
}
