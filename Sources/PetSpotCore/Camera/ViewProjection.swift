import RealModule

/// The projective map H of a tilted or corner-form camera (docs/camera-model.md, "Tilted
/// cameras"): from the Mercator plane (unwrapped X, Y; world widths) to screen points (x right,
/// y down), and back.
///
/// H acts on offsets from ``origin`` (the ground point under the screen centre), so that city
/// views keep their precision: with (dx, dy) = (X − origin.x, Y − origin.y),
///
///     (x·w, y·w, w) = M · (dx, dy, 1),   w = m20·dx + m21·dy + 1
///
/// and w is the point's *depth* relative to the screen centre's: w > 0 in front of the camera,
/// w = 0 on the ground line that H sends to infinity (the horizon), w < 0 behind.
public struct ViewProjection: Hashable, Sendable {
  /// The ground point under the screen centre (X possibly outside [0, 1] for a corner-form
  /// camera; Y may lie outside [0, 1] too: the centre can show the area beyond the map).
  public let origin: MercatorPoint
  /// Viewport width and height, points.
  public let viewportWidth: Double, viewportHeight: Double
  /// M, row-major.
  @usableFromInline let m00: Double, m01: Double, m02: Double
  @usableFromInline let m10: Double, m11: Double, m12: Double
  @usableFromInline let m20: Double, m21: Double
  /// M⁻¹ (any scale), row-major: screen (x, y, 1) → (dx·w', dy·w', w').
  let i00: Double, i01: Double, i02: Double
  let i10: Double, i11: Double, i12: Double
  let i20: Double, i21: Double, i22: Double

  /// The map of a matrix acting on offsets from `origin` (m22 = 1).
  init(origin: MercatorPoint, width: Double, height: Double, matrix m: [Double]) {
    self.origin = origin
    viewportWidth = width
    viewportHeight = height
    (m00, m01, m02, m10, m11, m12, m20, m21) = (m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7])
    // The adjugate is the inverse up to scale; its last row is then fixed positive in front.
    let a = [m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], 1.0]
    var inv = [
      a[4] * a[8] - a[5] * a[7], a[2] * a[7] - a[1] * a[8], a[1] * a[5] - a[2] * a[4],
      a[5] * a[6] - a[3] * a[8], a[0] * a[8] - a[2] * a[6], a[2] * a[3] - a[0] * a[5],
      a[3] * a[7] - a[4] * a[6], a[1] * a[6] - a[0] * a[7], a[0] * a[4] - a[1] * a[3],
    ]
    // Scale so that the screen centre maps back with w' = 1 (so w' > 0 means in front).
    let centreW = inv[6] * width / 2 + inv[7] * height / 2 + inv[8]
    inv = inv.map { $0 / centreW }
    (i00, i01, i02, i10, i11, i12, i20, i21, i22) =
      (inv[0], inv[1], inv[2], inv[3], inv[4], inv[5], inv[6], inv[7], inv[8])
  }

  /// The pitch form: the flat rectangle's centre, scale and rotation, tilted by `pitch` degrees
  /// towards screen-up, seen by a pinhole at D = (height/2) / tan(fov/2) points.
  public init(rectangle r: VisibleRectangle, pitch: Double, fieldOfView: Double) {
    let s = r.scale
    let (w2, h2) = (r.viewportWidth / 2, r.viewportHeight / 2)
    let psi = pitch * .pi / 180
    let distance = h2 / Double.tan(fieldOfView * .pi / 360)
    let t = s * Double.sin(psi) / distance
    let cosPsi = Double.cos(psi)
    let (c, sn) = (r.rotation.cos, r.rotation.sin)
    // a = dx·c + dy·sn, b = dx·sn − dy·c; w = 1 + t·b; x·w = w2·w + s·a; y·w = h2·w − s·cosψ·b.
    self.init(
      origin: r.center, width: r.viewportWidth, height: r.viewportHeight,
      matrix: [
        w2 * t * sn + s * c, -w2 * t * c + s * sn, w2,
        h2 * t * sn - s * cosPsi * sn, -h2 * t * c + s * cosPsi * c, h2,
        t * sn, -t * c,
      ])
  }

  /// The depth w of an offset from ``origin``: > 0 in front of the camera.
  @inlinable @inline(__always)
  public func depth(dx: Double, dy: Double) -> Double { m20 * dx + m21 * dy + 1 }

  /// The screen point of an offset from ``origin`` (meaningful in front of the camera only).
  @inlinable @inline(__always)
  public func screenPoint(dx: Double, dy: Double) -> ScreenPoint {
    let w = depth(dx: dx, dy: dy)
    return ScreenPoint(x: (m00 * dx + m01 * dy + m02) / w, y: (m10 * dx + m11 * dy + m12) / w)
  }

  /// The offset from ``origin`` of the ground point under a screen point, or `nil` when that
  /// point of the screen shows no ground (at or above the horizon) or is not finite.
  public func offset(at screen: ScreenPoint) -> (dx: Double, dy: Double)? {
    let w = groundDepth(at: screen)
    guard w > 0, w.isFinite else { return nil }
    let dx = (i00 * screen.x + i01 * screen.y + i02) / w
    let dy = (i10 * screen.x + i11 * screen.y + i12) / w
    guard dx.isFinite, dy.isFinite else { return nil }
    return (dx, dy)
  }

  /// The homogeneous weight of the ground point under a screen point: > 0 below the horizon.
  public func groundDepth(at screen: ScreenPoint) -> Double {
    i20 * screen.x + i21 * screen.y + i22
  }

  /// The Mercator point (unwrapped) under a screen point, or `nil` where the screen shows no ground.
  public func mercatorPoint(at screen: ScreenPoint) -> MercatorPoint? {
    guard let (dx, dy) = offset(at: screen) else { return nil }
    return MercatorPoint(x: origin.x + dx, y: origin.y + dy)
  }

  /// The singular values of H's Jacobian at an offset from ``origin``: how many points one world
  /// width becomes on screen there, along the most and the least stretched directions.
  public func localScales(dx: Double, dy: Double) -> (largest: Double, smallest: Double) {
    let w = depth(dx: dx, dy: dy)
    let x = (m00 * dx + m01 * dy + m02) / w
    let y = (m10 * dx + m11 * dy + m12) / w
    let a = (m00 - x * m20) / w
    let b = (m01 - x * m21) / w
    let c = (m10 - y * m20) / w
    let d = (m11 - y * m21) / w
    // σ² are the eigenvalues of JᵀJ: (S ± √(S² − 4·det²)) / 2 with S = a² + b² + c² + d².
    let sum = a * a + b * b + c * c + d * d
    let det = abs(a * d - b * c)
    let root = ((sum + 2 * det) * max(0, sum - 2 * det)).squareRoot()
    let largest = ((sum + root) / 2).squareRoot()
    return (largest, largest > 0 ? det / largest : 0)
  }
}

extension ViewProjection {
  /// H at one offset from the origin: the screen point, and what comparing the smaller local scale
  /// with a threshold needs — from one evaluation of H, with no square root and no division beyond
  /// the point's (the clustering cut asks this at every node it reaches).
  package struct LocalFrame {
    /// The screen point (as ``ViewProjection/screenPoint(dx:dy:)``).
    package let point: ScreenPoint
    /// For w·J (J: H's Jacobian there, w: the depth), the sum of its entries' squares and its
    /// determinant's magnitude; and w.
    let sum: Double, det: Double, depth: Double

    /// Whether the smaller singular value of J (``ViewProjection/localScales(dx:dy:)``'s
    /// `smallest`) is below `scale`: with l = scale · w, σ_min(w·J)² — the smaller eigenvalue
    /// (S − √(S² − 4D²)) / 2 of (wJ)ᵀ(wJ) — is below l² exactly when S < 2l² or D² < l²(S − l²).
    @inline(__always)
    package func smallestScale(isBelow scale: Double) -> Bool {
      let l2 = (scale * depth) * (scale * depth)
      return sum < 2 * l2 || det * det < l2 * (sum - l2)
    }

    /// Whether that smaller singular value is at least `scale` (false when it is not a number).
    @inline(__always)
    package func smallestScale(isAtLeast scale: Double) -> Bool {
      let l2 = (scale * depth) * (scale * depth)
      return sum >= 2 * l2 && det * det >= l2 * (sum - l2)
    }
  }

  /// The first two homogeneous coordinates of H at an offset from ``origin`` (the screen point
  /// times the depth).
  @inline(__always)
  package func homogeneousPoint(dx: Double, dy: Double) -> (x: Double, y: Double) {
    (m00 * dx + m01 * dy + m02, m10 * dx + m11 * dy + m12)
  }

  /// The ``LocalFrame`` at an offset from ``origin`` (meaningful in front of the camera only).
  @inline(__always)
  package func frame(dx: Double, dy: Double) -> LocalFrame {
    let w = depth(dx: dx, dy: dy)
    let x = (m00 * dx + m01 * dy + m02) / w
    let y = (m10 * dx + m11 * dy + m12) / w
    // w·J = [m00 − x·m20, m01 − x·m21; m10 − y·m20, m11 − y·m21].
    let (a, b) = (m00 - x * m20, m01 - x * m21)
    let (c, d) = (m10 - y * m20, m11 - y * m21)
    return LocalFrame(
      point: ScreenPoint(x: x, y: y), sum: a * a + b * b + c * c + d * d, det: abs(a * d - b * c), depth: w)
  }
}
