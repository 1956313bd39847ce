import PetSpotCore
import PetSpotTestSupport
import Testing

@Suite("Half-plane regions: boxes classified as their points decide, points as the window decides")
struct HalfPlaneRegionTests {
  /// Flat (rotated) and tilted views of every kind, with their regions in world copy 0.
  private static func samples(_ random: inout SeededRandom) -> [(window: VisibilityWindow, region: HalfPlaneRegion)] {
    var out: [(VisibilityWindow, HalfPlaneRegion)] = []
    for kind in CameraKind.allCases {
      for _ in 0..<6 {
        let flat = VisibilityWindow(
          rectangle: VisibleRectangle(camera: random.camera(kind)), padding: random.uniform(0...40))
        out.append((flat, HalfPlaneRegion(window: flat, shift: 0)))
        let tilted = VisibilityWindow(view: CameraView(random.tiltedCamera(kind)))
        if let quad = tilted.quad { out.append((tilted, HalfPlaneRegion(quad: quad, shift: 0))) }
      }
    }
    return out
  }

  @Test("inside boxes hold only points inside, outside boxes none; partial boxes decided by their crossing edges")
  func boxesAgreeWithPoints() {
    var random = SeededRandom(seed: 0x4A1F)
    var seen = [0, 0, 0]
    for (window, region) in Self.samples(&random) {
      let reach = max(window.halfExtentX, window.halfHeight) * 1.5
      for _ in 0..<200 {
        // A box near the view, from a hair to wider than the view.
        let size = random.logUniform(1e-9...(4 * reach))
        let x0 = window.centerX + random.uniform(-reach...reach)
        let y0 = window.centerY + random.uniform(-reach...reach)
        let (x1, y1) = (x0 + size * random.uniform(0.2...1), y0 + size * random.uniform(0.2...1))
        let (overlap, crossing) = region.classify(x0, y0, x1, y1)
        for _ in 0..<20 {
          let (x, y) = (random.uniform(x0...x1), random.uniform(y0...y1))
          let inside = region.contains(x, y)
          switch overlap {
          case .inside: #expect(inside, "a point of an inside box is outside")
          case .outside: #expect(!inside, "a point of an outside box is inside")
          case .partial:
            // Edges not crossing the box hold at every point of it: the crossing ones decide.
            let (dx, dy) = (x - region.centerX, y - region.centerY)
            let edges = [region.edges.0, region.edges.1, region.edges.2, region.edges.3]
            let decided = edges.indices.allSatisfy { crossing & (1 << $0) == 0 || edges[$0].holds(dx, dy) }
            #expect(decided == inside, "crossing edges \(crossing) decide \(decided), the point \(inside)")
            #expect(crossing != 0)
          }
        }
        seen[overlap == .inside ? 0 : overlap == .outside ? 1 : 2] += 1
      }
    }
    #expect(seen.allSatisfy { $0 > 100 }, "inside, outside and partial boxes all met: \(seen)")
  }

  @Test("a box within a partial box, tested against that box's crossing edges only, is classified as against all four")
  func nestedBoxesNeedOnlyTheCrossingEdges() {
    var random = SeededRandom(seed: 0x4A21)
    var (partialChildren, decidedByFewer) = (0, 0)
    for (window, region) in Self.samples(&random) {
      let reach = max(window.halfExtentX, window.halfHeight) * 1.5
      for _ in 0..<200 {
        let size = random.logUniform(1e-9...(4 * reach))
        let x0 = random.uniform(-reach...reach)
        let y0 = random.uniform(-reach...reach)
        let (x1, y1) = (x0 + size * random.uniform(0.2...1), y0 + size * random.uniform(0.2...1))
        let parent = region.classify(offsets: x0, y0, x1, y1, testing: 0b1111)
        guard parent.overlap == .partial else { continue }
        for _ in 0..<10 {
          // A box within the parent's, from a corner of it to a hair.
          let (a, b) = (random.uniform(x0...x1), random.uniform(x0...x1))
          let (c, d) = (random.uniform(y0...y1), random.uniform(y0...y1))
          let (cx0, cx1, cy0, cy1) = (min(a, b), max(a, b), min(c, d), max(c, d))
          let full = region.classify(offsets: cx0, cy0, cx1, cy1, testing: 0b1111)
          let masked = region.classify(offsets: cx0, cy0, cx1, cy1, testing: parent.crossing)
          #expect(masked.overlap == full.overlap && masked.crossing == full.crossing, "\(masked) against \(full)")
          partialChildren += 1
          if parent.crossing != 0b1111 { decidedByFewer += 1 }
        }
      }
    }
    #expect(
      partialChildren > 1_000 && decidedByFewer > 500, "\(partialChildren) boxes, \(decidedByFewer) by fewer edges")
  }

  @Test("a point's decision is the window's (world copy 0, away from the edges by rounding)")
  func pointsAgreeWithWindow() {
    var random = SeededRandom(seed: 0x4A20)
    for (window, region) in Self.samples(&random) where window.halfExtentX < 0.4 {
      for _ in 0..<400 {
        let x = window.centerX + random.uniform(-1.3...1.3) * window.halfExtentX
        let y = window.centerY + random.uniform(-1.3...1.3) * window.halfHeight
        guard x >= 0 && x <= 1 && y >= 0 && y <= 1 else { continue }
        let nudged = [(1e-9, 0.0), (-1e-9, 0.0), (0.0, 1e-9), (0.0, -1e-9)].map {
          region.contains(x + $0.0 * window.halfExtentX, y + $0.1 * window.halfHeight)
        }
        // Only where the decision is stable under a nudge of 1e-9 of the view (not on an edge).
        guard Set(nudged).count == 1 else { continue }
        #expect(region.contains(x, y) == window.contains(x: x, y: y), "(\(x), \(y))")
      }
    }
  }
}
