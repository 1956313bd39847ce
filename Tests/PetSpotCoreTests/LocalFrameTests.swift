import PetSpotCore
import PetSpotTestSupport
import Testing

@Suite("Local frames: the smaller local scale compared without square roots, as localScales compares it")
struct LocalFrameTests {
  @Test("random tilted cameras, points across the view, thresholds on both sides of the scale")
  func comparisonsMatchLocalScales() {
    var random = SeededRandom(seed: 0x10CA1)
    var compared = 0
    for kind in CameraKind.allCases {
      for _ in 0..<40 {
        let view = CameraView(random.tiltedCamera(kind))
        guard let projection = view.projection else { continue }
        for _ in 0..<50 {
          let screen = ScreenPoint(
            x: random.uniform(0...view.camera.width), y: random.uniform(0...view.camera.height))
          guard let (dx, dy) = projection.offset(at: screen) else { continue }
          let frame = projection.frame(dx: dx, dy: dy)
          #expect(frame.point == projection.screenPoint(dx: dx, dy: dy))
          let smallest = projection.localScales(dx: dx, dy: dy).smallest
          for factor in [0.5, 0.99, 1 - 1e-7, 1 + 1e-7, 1.01, 2] {
            let threshold = smallest * factor
            #expect(frame.smallestScale(isBelow: threshold) == (smallest < threshold), "\(factor) × \(smallest)")
            #expect(frame.smallestScale(isAtLeast: threshold) == (smallest >= threshold), "\(factor) × \(smallest)")
            compared += 1
          }
        }
      }
    }
    #expect(compared > 20_000)
  }
}
