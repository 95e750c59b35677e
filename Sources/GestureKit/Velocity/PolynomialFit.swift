/// Least-squares polynomial fitting, the maths under `VelocityTracker`.
enum PolynomialFit {
  /// The coefficients `c0...c(degree)` of the polynomial minimising the squared error
  /// `sum (y - (c0 + c1*x + c2*x^2 ...))^2`, or nil when the samples cannot determine them
  /// (fewer distinct x than coefficients).
  static func fit(x: [Double], y: [Double], degree: Int) -> [Double]? {
    precondition(x.count == y.count && degree >= 0)
    let n = degree + 1
    guard x.count >= n else { return nil }
    // Normal equations: (X^T X) c = X^T y, with X the Vandermonde matrix of x.
    var matrix = [[Double]](repeating: [Double](repeating: 0, count: n + 1), count: n)
    for (xi, yi) in zip(x, y) {
      var powers = [Double](repeating: 1, count: 2 * n - 1)
      for k in 1..<powers.count { powers[k] = powers[k - 1] * xi }
      for row in 0..<n {
        for column in 0..<n { matrix[row][column] += powers[row + column] }
        matrix[row][n] += powers[row] * yi
      }
    }
    return solve(&matrix)
  }

  /// Solves an augmented n x (n+1) system by Gaussian elimination with partial pivoting;
  /// nil when it is (numerically) singular.
  private static func solve(_ m: inout [[Double]]) -> [Double]? {
    let n = m.count
    let scale = m.map { row in row.prefix(n).map(abs).max() ?? 0 }.max() ?? 0
    guard scale > 0 else { return nil }
    for column in 0..<n {
      var pivot = column
      for row in column..<n where abs(m[row][column]) > abs(m[pivot][column]) { pivot = row }
      guard abs(m[pivot][column]) > 1e-10 * scale else { return nil }
      m.swapAt(column, pivot)
      for row in (column + 1)..<n {
        let factor = m[row][column] / m[column][column]
        for k in column...n { m[row][k] -= factor * m[column][k] }
      }
    }
    var result = [Double](repeating: 0, count: n)
    for row in stride(from: n - 1, through: 0, by: -1) {
      var sum = m[row][n]
      for k in (row + 1)..<n { sum -= m[row][k] * result[k] }
      result[row] = sum / m[row][row]
    }
    return result
  }
}
