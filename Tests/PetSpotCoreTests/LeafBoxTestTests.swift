import PetSpotCore
import PetSpotTestSupport
import Testing

/// The leaf-box classification that prunes cluster queries: its fast path for views turned by a
/// multiple of 90° decides exactly as the general separating-axis path, and both are sound
/// against the pin visibility test.
@Suite("Clustering: leaf boxes against the view")
struct LeafBoxTestTests {
  @Test("axis-aligned views: the fast path equals the general one, bit for bit; both sound")
  func axisAlignedPath() throws {
    var random = SeededRandom(seed: 0xB0C5)
    var counts: [Overlap: Int] = [:]
    for round in 0..<400 {
      // Centres anywhere (near the antimeridian and the poles too), spans from a street to more
      // than the whole world, every quarter turn.
      let lng = round % 4 == 0 ? random.uniform(178...180) * (round % 8 == 0 ? 1 : -1) : random.uniform(-180...180)
      let camera = try Camera(
        center: GeoCoordinate(latitude: random.uniform(-84...84), longitude: lng),
        latitudeDelta: random.logUniform(1e-4...150),
        longitudeDelta: random.logUniform(1e-4...500), width: random.uniform(200...2000),
        height: random.uniform(200...2000),
        heading: Double(round % 4) * 90)
      let window = VisibilityWindow(rectangle: VisibleRectangle(camera: camera))
      let fast = LeafBoxTest(window: window)
      var general = fast
      general.isAxisAligned = false
      #expect(fast.isAxisAligned)
      for _ in 0..<250 {
        // A box around a drawn point near the view (or anywhere), from metres to a world wide.
        let near = random.unit() < 0.7
        let x =
          near
          ? (window.centerX + random.uniform(-1.5...1.5) * window.halfExtentX).truncatingRemainder(dividingBy: 1)
          : random.unit()
        let px = x < 0 ? x + 1 : x
        let py = near ? min(max(window.centerY + random.uniform(-1.5...1.5) * window.halfHeight, 0), 1) : random.unit()
        let size = random.logUniform(1e-9...1.2)
        // As a cluster record stores it (packed).
        let extent = LeafExtent(
          packed: LeafExtent(
            minX: -random.unit() * size, minY: -random.unit() * size, maxX: random.unit() * size,
            maxY: random.unit() * size
          ).packed)
        let decided = fast.classify(x: px, y: py, extent: extent)
        #expect(
          decided == general.classify(x: px, y: py, extent: extent), "camera \(camera), box at (\(px), \(py)) \(extent)"
        )
        counts[decided, default: 0] += 1
        // Sound: points well inside the box are all visible when it is inside, none when outside.
        guard decided != .partial else { continue }
        for _ in 0..<6 {
          let u = random.uniform(0.001...0.999)
          let v = random.uniform(0.001...0.999)
          var qx = px + extent.minX + u * (extent.maxX - extent.minX)
          qx -= qx.rounded(.down)
          let qy = py + extent.minY + v * (extent.maxY - extent.minY)
          guard (0...1).contains(qy) else { continue }
          #expect(
            window.contains(x: qx, y: qy) == (decided == .inside),
            "camera \(camera), point (\(qx), \(qy)) of a box \(decided)")
        }
      }
    }
    // Every outcome occurs often enough for the comparison to mean something.
    #expect(counts.values.allSatisfy { $0 > 5_000 } && counts.count == 3, "\(counts)")
  }
}
