/// The visibility test of docs/camera-model.md ("Visibility") prepared for one camera and
/// padding, in a form a scan evaluates with a few multiply-adds and compares per pin.
///
/// A pin at Mercator (x, y) is visible when some world copy lies in the visible rectangle grown
/// by `padding / s` on every side. With dy = y − c.y, the rectangle's two slabs
/// |dx·cos θ + dy·sin θ| ≤ H₁ and |dx·sin θ − dy·cos θ| ≤ H₂ become, for each slab with a non-zero
/// dx coefficient, an interval of dx whose ends are linear in dy:
/// dx ∈ [max(lo₁ + k₁·dy, lo₂ + k₂·dy), min(hi₁ + k₁·dy, hi₂ + k₂·dy)], and a slab without dx
/// (a quarter-turned camera) bounds y alone. The pin is visible when some x + k (k integer) lies in
/// that interval: with dx first wrapped into [−½, ½), k ∈ {−1, 0, 1} suffices when the rectangle is
/// less than two worlds wide (``isNarrow``); wider views use a floor.
///
/// A tilted or corner-form view carries its own test (``quad``, the same idea with the edges of a
/// quadrilateral); ``contains(x:y:)``, the scans and the indexes then use it, and the flat
/// fields describe that view's centre and X extent only.
public struct VisibilityWindow: Hashable, Sendable {
  /// The camera centre in Mercator units.
  public let centerX: Double, centerY: Double
  /// Bounds on y alone (±infinity unless a slab has no dx term).
  public let minY: Double, maxY: Double
  /// Interval ends per slab: lo + k·dy and hi + k·dy (±infinity for a slab without dx). Public so
  /// external kernels (the C baseline in Benchmarks/) can run exactly the same test.
  public let lo1: Double, hi1: Double, k1: Double
  public let lo2: Double, hi2: Double, k2: Double
  /// Half the rectangle's X extent (grown): at most 1 means three world copies are enough.
  public let halfExtentX: Double
  /// The grown rectangle (for index traversal).
  public let halfWidth: Double, halfHeight: Double
  public let rotation: Rotation
  /// Tilted and corner-form views: their test; `nil` for flat views.
  public var quad: QuadWindow? { quadBox?.test }
  /// The quad test, boxed: a flat window stays small (it is copied into every query) and pays one
  /// pointer test for it.
  @usableFromInline let quadBox: QuadWindowBox?

  /// Prepares the test for a camera's rectangle grown by `padding` points on every side.
  /// - Parameter padding: points, finite and ≥ 0 (validate with ``validatePadding(_:)``).
  public init(rectangle: VisibleRectangle, padding: Double = 0) {
    let margin = padding / rectangle.scale
    let h1 = rectangle.halfWidth + margin
    let h2 = rectangle.halfHeight + margin
    let c = rectangle.rotation.cos
    let s = rectangle.rotation.sin
    centerX = rectangle.center.x
    centerY = rectangle.center.y
    halfWidth = h1
    halfHeight = h2
    rotation = rectangle.rotation
    var minY = -Double.infinity
    var maxY = Double.infinity
    // Slab 1: |dx·c + dy·s| ≤ h1.
    if c != 0 {
      (lo1, hi1, k1) = (-h1 / abs(c), h1 / abs(c), -s / c)
    } else {
      (lo1, hi1, k1) = (-.infinity, .infinity, 0)
      minY = max(minY, centerY - h1 / abs(s))
      maxY = min(maxY, centerY + h1 / abs(s))
    }
    // Slab 2: |dx·s − dy·c| ≤ h2.
    if s != 0 {
      (lo2, hi2, k2) = (-h2 / abs(s), h2 / abs(s), c / s)
    } else {
      (lo2, hi2, k2) = (-.infinity, .infinity, 0)
      minY = max(minY, centerY - h2 / abs(c))
      maxY = min(maxY, centerY + h2 / abs(c))
    }
    self.minY = minY
    self.maxY = maxY
    halfExtentX = h1 * abs(c) + h2 * abs(s)
    quadBox = nil
  }

  /// Prepares the test of a tilted or corner-form view: `quad` is the ground under the padded
  /// viewport, `center` the ground point under the screen centre.
  public init(quad region: ConvexQuad, center: MercatorPoint) {
    let test = QuadWindow(quad: region, center: center)
    quadBox = QuadWindowBox(test)
    centerX = center.x
    centerY = center.y
    (minY, maxY) = (test.minY, test.maxY)
    (lo1, hi1, k1, lo2, hi2, k2) = (-.infinity, .infinity, 0, -.infinity, .infinity, 0)
    halfExtentX = test.halfExtentX
    halfWidth = test.halfExtentX
    halfHeight = max(test.maxY - center.y, center.y - test.minY)
    rotation = Rotation(degrees: 0)
  }

  /// Whether a padding value is acceptable: finite, in ``CameraLimits/padding`` (points).
  public static func validatePadding(_ padding: Double) throws(InvalidInput) {
    try Camera.check("padding", padding, CameraLimits.paddingRequirement) { CameraLimits.padding.contains($0) }
  }

  /// Whether three world copies decide every pin (the grown rectangle is under two worlds wide).
  public var isNarrow: Bool { halfExtentX <= 1 }

  /// The visibility of one pin (x in [0, 1], y in [0, 1] or NaN), decided exactly as the spec says
  /// up to floating-point rounding. Works for any width.
  @inlinable
  public func contains(x: Double, y: Double) -> Bool {
    if let quadBox { return quadBox.test.contains(x: x, y: y) }
    guard y >= minY && y <= maxY else { return false }  // false for NaN
    let dy = y - centerY
    let lo = max(lo1 + k1 * dy, lo2 + k2 * dy)
    let hi = min(hi1 + k1 * dy, hi2 + k2 * dy)
    return WorldCopy.someCopy(of: x - centerX, in: lo, hi)
  }

  /// The same decision, branch-free, for narrow flat windows (``isNarrow``, ``quad`` `nil`; a quad
  /// window has its own): dx wrapped into [−½, ½)
  /// and tested at k = −1, 0, 1. Written for the auto-vectoriser: selects and compares only.
  @inlinable @inline(__always)
  public func narrowContains(x: Double, y: Double) -> Bool {
    let dy = y - centerY
    let lo = max(lo1 + k1 * dy, lo2 + k2 * dy)
    let hi = min(hi1 + k1 * dy, hi2 + k2 * dy)
    let dx = WorldCopy.nearestOffset(nearby: x - centerX)
    let inY = (y >= minY) && (y <= maxY)
    let inX = WorldCopy.someNearbyCopy(of: dx, in: lo, hi)
    return inY && inX
  }
}
