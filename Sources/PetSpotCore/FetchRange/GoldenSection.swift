/// Golden-section search for the largest value of a function that is unimodal on an interval: the
/// bracket shrinks by the golden ratio per step, reusing one of its two inner points each time, so
/// each step costs one evaluation (here: one `geod_inverse`).
enum GoldenSection {
  /// The best point found on [lower, upper], its value and the width of the last bracket.
  ///
  /// - Parameters:
  ///   - maxIterations: an upper bound on the steps, whatever `continues` says.
  ///   - continues: whether to go on with a bracket of this width (in the argument's unit).
  ///   - f: the function; called twice, then once per step.
  /// - Complexity: O(log(width / stop width)) evaluations of `f`.
  static func maximize(
    of f: (Double) -> Double, lower: Double, upper: Double, maxIterations: Int = .max,
    while continues: (_ width: Double) -> Bool
  ) -> (x: Double, value: Double, bracket: Double) {
    let ratio = (5.0.squareRoot() - 1) / 2
    var a = lower
    var b = upper
    var c = b - ratio * (b - a)
    var d = a + ratio * (b - a)
    var fc = f(c)
    var fd = f(d)
    var iterations = 0
    while continues(b - a) && iterations < maxIterations {
      iterations += 1
      if fc >= fd {
        b = d
        d = c
        fd = fc
        c = b - ratio * (b - a)
        fc = f(c)
      } else {
        a = c
        c = d
        fc = fd
        d = a + ratio * (b - a)
        fd = f(d)
      }
    }
    return fc >= fd ? (c, fc, b - a) : (d, fd, b - a)
  }
}
