import Dispatch
import PetSpotGeo
import PetSpotTestSupport
import Testing

/// The threading rules as documented: immutable values (`IndexedPins`, `ClusterIndex`, `CameraView`)
/// are shared by every thread; each thread has its own `GeoEngine`. Eight threads must then
/// answer exactly what one thread answers alone (transitions between consecutive results too). `make sanitize-thread` runs this suite under
/// ThreadSanitizer.
@Suite("Concurrency: eight threads, one engine each, shared immutable indexes")
struct ConcurrencyTests {
  @Test("every thread's answers equal the serial answers")
  func eightThreads() throws {
    var random = SeededRandom(seed: 0xC0C0)
    let pins = random.pinSet(count: 3_000)
    let layer = IndexedPins(pins: pins)
    let clusters = try ClusterIndex(pins: pins, options: ClusterOptions())
    let cameras = (0..<64).map { _ in random.camera(CameraKind.allCases[Int(random.next() % 4)]) }
    @Sendable func answers(_ engine: GeoEngine) throws -> [String] {
      // Each camera's result also related to the previous one's (the first to an empty result).
      var previous: ClusterResult?
      return try cameras.map { camera in
        let view = CameraView(camera)
        let query = engine.fetchQuery(for: view)
        let visible = try layer.visible(in: view, padding: 10)
        let result = clusters.items(in: view)
        let items = result.items.map { "\($0.kind)\($0.point.x),\($0.point.y)" }
        var before = previous ?? result
        if previous == nil { before.items = [] }
        let transitions = clusters.transitions(from: before, of: clusters, to: result).map {
          "\($0.kind)\(Array($0.from))\(Array($0.to))"
        }
        previous = result
        return "\(query.queryString) \(visible) \(items) \(transitions)"
      }
    }
    let serial = try answers(GeoEngine())
    let results = ThreadResults(count: 8)
    DispatchQueue.concurrentPerform(iterations: 8) { t in
      results.set(t, (try? GeoEngine()).flatMap { try? answers($0) })
    }
    for t in 0..<8 { #expect(results.get(t) == serial, "thread \(t)") }
  }
}

/// Per-thread result slots, each written by one thread before `concurrentPerform` returns.
final class ThreadResults: @unchecked Sendable {
  // @unchecked: slot t is written only by iteration t (distinct memory, no shared array buffer to
  // check for uniqueness), and read after all iterations joined.
  private let slots: UnsafeMutableBufferPointer<[String]?>
  init(count: Int) {
    slots = .allocate(capacity: count)
    slots.initialize(repeating: nil)
  }
  deinit {
    slots.deinitialize()
    slots.deallocate()
  }
  func set(_ t: Int, _ value: [String]?) { slots[t] = value }
  func get(_ t: Int) -> [String]? { slots[t] }
}
