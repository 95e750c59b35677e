/// Least-squares polynomial fitting, the maths under `VelocityTracker`.
///
/// Degrees 0 to 2 only (a velocity needs no more); the work happens in fixed-size storage,
/// without heap allocations, so that a tracker can be asked on every motion event.
enum PolynomialFit {
  /// The highest degree supported.
  static let maximumDegree = 2
  /// Columns of the augmented normal-equation matrix (coefficients plus the right side).
  private static let stride = maximumDegree + 2

  /// The augmented n x (n+1) normal-equation matrix, stored row by row with `stride` columns.
  typealias Matrix = InlineArray<12, Double>

  /// The coefficients `c0...c(degree)` of the polynomial minimising the squared error
  /// `sum (y - (c0 + c1*x + c2*x^2 ...))^2`, or nil when the samples cannot determine them
  /// (fewer distinct x than coefficients).
  static func fit(x: [Double], y: [Double], degree: Int) -> [Double]? {
    precondition(x.count == y.count && (0...maximumDegree).contains(degree))
    var matrix = Matrix(repeating: 0)
    for index in x.indices { accumulate(&matrix, x: x[index], y: y[index], degree: degree) }
    guard x.count >= degree + 1, let solution = solve(&matrix, degree: degree) else { return nil }
    return (0...degree).map { solution[$0] }
  }

  /// Adds the sample (`x`, `y`) to the normal equations `(X^T X) c = X^T y` of a fit of
  /// `degree`, with X the Vandermonde matrix of the x values.
  static func accumulate(_ matrix: inout Matrix, x: Double, y: Double, degree: Int) {
    let n = degree + 1
    var powers = InlineArray<5, Double>(repeating: 1)
    for k in Swift.stride(from: 1, to: 2 * n - 1, by: 1) { powers[k] = powers[k - 1] * x }
    for row in 0..<n {
      for column in 0..<n { matrix[row * stride + column] += powers[row + column] }
      matrix[row * stride + n] += powers[row] * y
    }
  }

  /// Solves the normal equations of a fit of `degree` (built by `accumulate`) by Gaussian
  /// elimination with partial pivoting; nil when they are (numerically) singular. The
  /// coefficients are the first `degree + 1` entries of the result.
  static func solve(_ m: inout Matrix, degree: Int) -> InlineArray<3, Double>? {
    let n = degree + 1
    // The largest magnitude of the coefficient block (first one kept on ties and NaNs).
    var scale = abs(m[0])
    for row in 0..<n {
      for column in 0..<n where scale < abs(m[row * stride + column]) {
        scale = abs(m[row * stride + column])
      }
    }
    guard scale > 0 else { return nil }
    for column in 0..<n {
      var pivot = column
      for row in column..<n where abs(m[row * stride + column]) > abs(m[pivot * stride + column]) {
        pivot = row
      }
      guard abs(m[pivot * stride + column]) > 1e-10 * scale else { return nil }
      if pivot != column {
        for k in 0...n { m.swapAt(column * stride + k, pivot * stride + k) }
      }
      for row in Swift.stride(from: column + 1, to: n, by: 1) {
        let factor = m[row * stride + column] / m[column * stride + column]
        for k in column...n { m[row * stride + k] -= factor * m[column * stride + k] }
      }
    }
    var result = InlineArray<3, Double>(repeating: 0)
    for row in Swift.stride(from: n - 1, through: 0, by: -1) {
      var sum = m[row * stride + n]
      for k in Swift.stride(from: row + 1, to: n, by: 1) { sum -= m[row * stride + k] * result[k] }
      result[row] = sum / m[row * stride + row]
    }
    return result
  }
}
