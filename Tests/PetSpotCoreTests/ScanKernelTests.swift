import PetSpotCore
import PetSpotTestSupport
import Testing

/// Every scan kernel this CPU runs (AVX-512, AVX2, NEON, portable C) against the Swift SIMD
/// reference: the same positions, in the same order, on random windows and pins — flat and
/// tilted, every tail length, NaN and off-map coordinates, world copies at the antimeridian,
/// rotated views, chunks starting anywhere.
@Suite("Scan kernels equal the Swift reference")
struct ScanKernelTests {
  /// Mercator coordinates: mostly near the window, some anywhere, some NaN, some exactly on edges.
  static func points(_ random: inout SeededRandom, count: Int, near window: VisibilityWindow) -> ([Double], [Double]) {
    var xs: [Double] = []
    var ys: [Double] = []
    for _ in 0..<count {
      var x: Double
      var y: Double
      switch random.next() % 8 {
      case 0: (x, y) = (random.uniform(0...1), random.uniform(0...1))
      case 1: (x, y) = (.nan, random.uniform(0...1))
      case 2: (x, y) = (random.uniform(0...1), .nan)
      case 3: (x, y) = (window.centerX + window.halfWidth, window.centerY)  // on an edge (maybe)
      default:
        x = window.centerX + random.uniform(-1.5...1.5) * window.halfWidth
        y = window.centerY + random.uniform(-1.5...1.5) * window.halfHeight
      }
      if x > 1 { x -= 1 }
      if x < 0 { x += 1 }
      xs.append(x)
      ys.append(y)
    }
    return (xs, ys)
  }

  static func reference(_ w: VisibilityWindow, _ xs: [Double], _ ys: [Double], _ range: Range<Int>) -> [UInt32] {
    var out: [UInt32] = []
    xs.withUnsafeBufferPointer { px in
      ys.withUnsafeBufferPointer { py in
        let sx = UnsafeBufferPointer(rebasing: px[range])
        let sy = UnsafeBufferPointer(rebasing: py[range])
        if let quad = w.quad {
          PinSet.scanNarrowSIMD(quad, sx, sy) { out.append(UInt32(range.lowerBound + $0)) }
        } else {
          PinSet.scanNarrowSIMD(w, sx, sy) { out.append(UInt32(range.lowerBound + $0)) }
        }
      }
    }
    return out
  }

  /// Kernel `id`'s answer, through its chunk buffer or (`inPlace`) written into an allocation of
  /// exactly `range.count` positions (the address sanitizer catches a write past it).
  static func kernel(
    _ id: Int32, _ w: VisibilityWindow, _ xs: [Double], _ ys: [Double], _ range: Range<Int>, inPlace: Bool = false
  ) -> [UInt32] {
    var out: [UInt32] = []
    let destination = inPlace ? UnsafeMutablePointer<UInt32>.allocate(capacity: range.count) : nil
    defer { destination?.deallocate() }
    xs.withUnsafeBufferPointer { px in
      ys.withUnsafeBufferPointer { py in
        if let quad = w.quad {
          PinSet.scanNarrowKernel(quad, px, py, range: range, kernel: id, into: destination) { chunk, _ in
            out.append(contentsOf: chunk)
          }
        } else {
          PinSet.scanNarrowKernel(w, px, py, range: range, kernel: id, into: destination) { chunk, _ in
            out.append(contentsOf: chunk)
          }
        }
      }
    }
    return out
  }

  @Test("every kernel, every tail, random windows of every kind", arguments: 0..<8)
  func kernelsEqualReference(round: Int) throws {
    let kernels = PinSet.availableScanKernels
    #expect(kernels.contains { $0.name == "portable" } && kernels.contains { $0.name == PinSet.scanKernelName })
    var random = SeededRandom(seed: 0x5CA7 + UInt64(round))
    let kinds: [CameraKind] = [.city, .country, .continent, .antimeridian, .polar, .rotated, .tiny, .rotated]
    var compared = 0
    var tilted = 0
    for trial in 0..<60 {
      let kind = kinds[(trial + round) % kinds.count]
      // Every third camera tilted: the three-line test of a tilted view.
      let camera = trial % 3 == 2 ? random.tiltedCamera(kind) : random.camera(kind)
      guard let window = try? VisibilityWindow(view: CameraView(camera), padding: random.uniform(0...30)),
        window.isNarrow
      else { continue }
      tilted += window.quad == nil ? 0 : 1
      let count = trial < 30 ? trial * 2 : 1000 + Int(random.next() % 200)
      let (xs, ys) = Self.points(&random, count: count, near: window)
      let start = count == 0 ? 0 : Int(random.next() % UInt64(count / 3 + 1))
      for range in [0..<count, start..<count, start..<max(start, count - Int(random.next() % 9))] {
        let expected = Self.reference(window, xs, ys, range)
        for (id, name) in kernels {
          #expect(Self.kernel(id, window, xs, ys, range) == expected, "\(name): \(camera), \(range)")
          #expect(Self.kernel(id, window, xs, ys, range, inPlace: true) == expected, "\(name) in place: \(range)")
        }
        compared += 1
      }
    }
    #expect(compared > 90 && tilted >= 8, "\(compared) windows, \(tilted) tilted")
  }

  @Test("a whole pin set: scanVisible (through the kernel, in chunks) equals the reference; status filter")
  func wholeSet() throws {
    var random = SeededRandom(seed: 0x5CA8)
    var pins = PinSet()
    for i in 0..<50_000 {
      try pins.append(
        id: "p\(i)", latitude: random.uniform(-89...89), longitude: random.uniform(-180...180),
        status: [.missing, .found, nil][i % 3], sourceRow: i)
    }
    // One array reused across every answer (wide, narrow, empty, filtered): always replaced whole,
    // never keeping a previous answer's tail, and never given back. (The kernel writes over the
    // elements it holds, for as many pins, and appends the rest: the three elements at first, all
    // 50,000 after the world view, a few after a small view.)
    var reused: [UInt32] = [7, 7, 7]
    var largest = 0
    for (k, kind) in [CameraKind.continent, .wholeWorld, .antimeridian, .rotated, .city, .country].enumerated() {
      let camera = k >= 4 ? random.tiltedCamera(kind) : random.camera(kind)
      let window = VisibilityWindow(view: CameraView(camera))
      let brute = (0..<pins.count).filter { window.contains(x: pins.mercatorX[$0], y: pins.mercatorY[$0]) }
      #expect(pins.scanVisible(in: window).map(Int.init) == brute, "\(kind)")
      let missing = brute.filter { pins.statusCodes[$0] == 1 }
      #expect(pins.scanVisible(in: window, statusFilter: StatusFilter([.missing])).map(Int.init) == missing)
      #expect(pins.scanCount(in: window, statusFilter: StatusFilter([.missing])) == missing.count)
      pins.scanVisible(in: window, into: &reused)
      #expect(reused.map(Int.init) == brute, "\(kind), into a reused array")
      largest = max(largest, brute.count)
      #expect(reused.capacity >= largest)
      pins.scanVisible(in: window, statusFilter: StatusFilter([.missing]), into: &reused)
      #expect(reused.map(Int.init) == missing, "\(kind), filtered, into a reused array")
    }
    // A view holding (almost surely) no pin: an empty answer, the room kept.
    let tiny = try Camera(
      center: GeoCoordinate(latitude: 0.5, longitude: -30.5), latitudeDelta: 1e-6, longitudeDelta: 1e-6, width: 10,
      height: 10)
    let tinyWindow = VisibilityWindow(view: CameraView(tiny))
    pins.scanVisible(in: tinyWindow, into: &reused)
    #expect(reused == pins.scanVisible(in: tinyWindow) && reused.count < 2 && reused.capacity >= largest)
  }

  @Test("exact edges: dyadic windows and pins, where every compare can go either way by one ulp")
  func exactEdges() throws {
    var compared = 0
    for j in 3...12 {
      for heading in [0.0, 180.0] {
        let camera = try Camera(
          center: GeoCoordinate(latitude: 0, longitude: 0), latitudeDelta: 1,
          longitudeDelta: 360 * Double(sign: .plus, exponent: -j, significand: 1), width: 400, height: 400,
          heading: heading)
        let window = VisibilityWindow(rectangle: VisibleRectangle(camera: camera))
        guard window.isNarrow && window.quad == nil else { continue }
        // x on a grid 8 times finer than the half width, across both edges and the wrap at ±½.
        let step = Double(sign: .plus, exponent: -(j + 4), significand: 1)
        var xs: [Double] = [0, 1, 0.5, Double.ulpOfOne, 1 - Double.ulpOfOne / 2]
        for m in -20...20 { xs.append(0.5 + Double(m) * step) }
        let ys = [Double](repeating: 0.5, count: xs.count)
        let expected = Self.reference(window, xs, ys, 0..<xs.count)
        #expect(expected.count > 2 && expected.count < xs.count, "j \(j): the grid straddles both edges")
        for (id, name) in PinSet.availableScanKernels {
          #expect(Self.kernel(id, window, xs, ys, 0..<xs.count) == expected, "\(name): j \(j) heading \(heading)")
        }
        compared += 1
      }
    }
    #expect(compared == 20)
  }
}
