/// The rectangle of the Mercator plane a camera shows (docs/camera-model.md, "The visible
/// rectangle"): centred on the camera centre, half-extents fitted to the viewport's aspect ratio,
/// rotated by the heading.
///
/// Screen right is `r = (cos θ, sin θ)` and screen up is `u = (sin θ, −cos θ)` in (X, Y); a point
/// `p` has view coordinates `a = (p − c)·r`, `b = (p − c)·u` and lies in the rectangle when
/// `|a| ≤ halfWidth` and `|b| ≤ halfHeight`. The visible *region* is this rectangle intersected
/// with the band 0 ≤ Y ≤ 1.
public struct VisibleRectangle: Hashable, Sendable {
  /// The camera centre c in the unit square (x in [0, 1], y in [0, 1]).
  public let center: MercatorPoint
  /// hx: half the rectangle's extent along screen right, in world widths.
  public let halfWidth: Double
  /// hy: half the rectangle's extent along screen up, in world widths.
  public let halfHeight: Double
  /// The heading as a rotation.
  public let rotation: Rotation
  /// Viewport width in points.
  public let viewportWidth: Double
  /// Viewport height in points.
  public let viewportHeight: Double

  /// The visible rectangle of a camera.
  public init(camera: Camera) {
    let limit = WebMercator.latitudeLimit
    let cy = WebMercator.y(latitude: camera.center.latitude)
    let north = min(camera.center.latitude + camera.latitudeDelta / 2, limit)
    let south = max(camera.center.latitude - camera.latitudeDelta / 2, -limit)
    var hy = max(cy - WebMercator.y(latitude: north), WebMercator.y(latitude: south) - cy)
    var hx = camera.longitudeDelta / 720
    // Widen the narrower side to the viewport's aspect ratio, without dividing by hy.
    if hx * camera.height < hy * camera.width {
      hx = hy * camera.width / camera.height
    } else {
      hy = hx * camera.height / camera.width
    }
    self.center = MercatorPoint(x: WebMercator.x(longitude: camera.center.longitude), y: cy)
    self.halfWidth = hx
    self.halfHeight = hy
    self.rotation = Rotation(degrees: camera.heading)
    self.viewportWidth = camera.width
    self.viewportHeight = camera.height
  }

  /// An axis-aligned rectangle of the Mercator plane without a camera (a query by region):
  /// centre and half extents in world widths. Its "viewport" is 1 × 1 point, so paddings are in
  /// world widths.
  public init(center: MercatorPoint, halfWidth: Double, halfHeight: Double) {
    self.center = center
    self.halfWidth = halfWidth
    self.halfHeight = halfHeight
    self.rotation = Rotation(degrees: 0)
    self.viewportWidth = 1
    self.viewportHeight = 1
  }

  /// Points per world width: s = width / (2·hx).
  public var scale: Double { viewportWidth / (2 * halfWidth) }

  /// Fractional zoom z = log2(s / 256) (256 points per world at zoom 0).
  public var zoom: Double { Double.log2(scale / 256) }

  /// View coordinates (a along screen right, b along screen up) of an offset from the centre.
  @inlinable
  public func viewCoordinates(dx: Double, dy: Double) -> (a: Double, b: Double) {
    (dx * rotation.cos + dy * rotation.sin, dx * rotation.sin - dy * rotation.cos)
  }

  /// The Mercator offset from the centre for view coordinates (a, b): the inverse of
  /// ``viewCoordinates(dx:dy:)``.
  @inlinable
  public func offset(a: Double, b: Double) -> (dx: Double, dy: Double) {
    (a * rotation.cos + b * rotation.sin, a * rotation.sin - b * rotation.cos)
  }

  /// The four corners of the rectangle in unwrapped Mercator coordinates, counter-clockwise on
  /// screen starting at the bottom left.
  public var corners: [MercatorPoint] {
    [(-1.0, -1.0), (1, -1), (1, 1), (-1, 1)].map { sa, sb in
      let (dx, dy) = offset(a: sa * halfWidth, b: sb * halfHeight)
      return MercatorPoint(x: center.x + dx, y: center.y + dy)
    }
  }

  /// Half the axis-aligned extents of the rectangle in X and Y (world widths).
  public var boundingHalfExtents: (x: Double, y: Double) {
    let c = abs(rotation.cos)
    let s = abs(rotation.sin)
    return (halfWidth * c + halfHeight * s, halfWidth * s + halfHeight * c)
  }

  /// The unwrapped X interval where the horizontal line at `y` crosses the rectangle grown by
  /// `margin` (world widths) on every side, or `nil` when it misses it.
  ///
  /// - Complexity: O(1).
  public func xInterval(atY y: Double, margin: Double = 0) -> ClosedRange<Double>? {
    let dy = y - center.y
    var lo = -Double.infinity
    var hi = Double.infinity
    // |dx·cos + dy·sin| ≤ hx + margin  and  |dx·sin − dy·cos| ≤ hy + margin
    for (k, offset, half) in [
      (rotation.cos, dy * rotation.sin, halfWidth + margin),
      (rotation.sin, -dy * rotation.cos, halfHeight + margin),
    ] {
      if k == 0 {
        if abs(offset) > half { return nil }
        continue
      }
      let a = (-half - offset) / k
      let b = (half - offset) / k
      lo = max(lo, min(a, b))
      hi = min(hi, max(a, b))
    }
    guard lo <= hi else { return nil }
    return (center.x + lo)...(center.x + hi)
  }
}
