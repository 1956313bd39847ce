internal import PetSpotPROJ

/// A pin set with its spatial index: built once, queried per camera in O(log n + k).
///
/// Immutable and `Sendable`: one instance can serve every thread.
///
///     let pins = try PinSet.load(path: "Data/pins.csv")
///     let layer = IndexedPins(pins: pins)
///     let visible = try layer.visible(in: CameraView(camera), padding: 22)   // positions, input order
///     let ids = visible.map { pins.ids[Int($0)] }
public struct IndexedPins: Sendable {
  /// The pins.
  public let pins: PinSet
  /// Their quadtree.
  public let index: PinIndex
  /// Positions of pins beyond the Mercator limit (never visible on the map, so not in the index,
  /// but within reach of a distance query).
  let outsideMercator: [UInt32]
  /// WGS84 geodesic distances for ``within(metres:of:statuses:limit:)`` (immutable, shareable).
  let geodesic = Geodesic()

  /// Indexes `pins`. - Complexity: O(n) (radix sort of Morton keys).
  public init(pins: PinSet) {
    self.pins = pins
    self.index = PinIndex(pins: pins)
    outsideMercator = pins.mercatorY.indices.filter { pins.mercatorY[$0].isNaN }.map { UInt32($0) }
  }

  /// Positions (ascending = input order, unless `order` is ``PruneOrder/any``) of the pins visible
  /// in `view` (docs/camera-model.md, "Visibility"), by the plan the index chooses for the view (``PinIndex/plan(for:order:)``):
  /// all pins, a scan, or the tree walk — the same answer either way.
  /// - Parameters:
  ///   - padding: points added on every side of the view, finite and ≥ 0.
  ///   - statuses: keep only these statuses; `nil` keeps every pin.
  ///   - plan: force a plan (benchmarks, tests); `nil` lets the index choose.
  ///   - order: ``PruneOrder/input`` (ascending positions, the default) or ``PruneOrder/any``
  ///     (the plan's own order: no sort of the tree walk's hits).
  /// - Throws: ``InvalidInput`` for a bad padding.
  public func visible(
    in view: CameraView, padding: Double = 0, statuses: StatusFilter? = nil, plan: PrunePlan? = nil,
    order: PruneOrder = .input
  ) throws(InvalidInput) -> [UInt32] {
    let window = try VisibilityWindow(view: view, padding: padding)
    return visible(in: window, statuses: statuses, plan: plan ?? index.plan(for: window, order: order), order: order)
  }

  /// ``visible(in:padding:statuses:plan:order:)`` for a prepared window and a chosen plan.
  public func visible(
    in window: VisibilityWindow, statuses: StatusFilter? = nil, plan: PrunePlan, order: PruneOrder = .input
  ) -> [UInt32] {
    guard plan == .all else {
      var result: [UInt32] = []
      visible(in: window, statuses: statuses, plan: plan, order: order, into: &result)
      return result
    }
    guard pins.count > 0 else { return [] }  // (an empty buffer has no base address to write at)
    let table = statuses?.codeTable(for: pins)
    return [UInt32](uninitializedCapacity: pins.count) { buffer, count in
      count = writeAllIndexed(allowed: table, to: buffer.baseAddress!)
    }
  }

  /// ``visible(in:statuses:plan:order:)`` written into `result`, whose elements are replaced and
  /// whose capacity is kept: a client pruning every frame passes the same array each time, so a view
  /// showing most pins (the `all` and `scan` plans) is written into memory it already has instead of
  /// fresh pages (4 MB per million pins); so is the walk's, when the array has room for its runs.
  public func visible(
    in window: VisibilityWindow, statuses: StatusFilter? = nil, plan: PrunePlan, order: PruneOrder = .input,
    into result: inout [UInt32]
  ) {
    let table = statuses?.codeTable(for: pins)
    switch plan {
    case .all:
      // Room for every pin, zeroed in place (the array's own memory), then written.
      let n = pins.count
      result.removeAll(keepingCapacity: true)
      result.append(contentsOf: repeatElement(0, count: n))
      let count = result.withUnsafeMutableBufferPointer { writeAllIndexed(allowed: table, to: $0.baseAddress!) }
      result.removeLast(n - count)
    case .scan: pins.scanVisible(in: window, statusFilter: statuses, into: &result)
    case .index:
      index.visible(
        in: window, statusCodes: table == nil ? nil : pins.statusCodes, allowed: table, order: order, into: &result)
    }
  }

  /// Writes every indexed pin's position (not those beyond the Mercator limit or retired), in input
  /// order, kept by `allowed[status code]` when given, to `out` (room for every pin); returns how
  /// many. One pass, at memory speed.
  private func writeAllIndexed(allowed: [Bool]?, to out: UnsafeMutablePointer<UInt32>) -> Int {
    let n = pins.count
    let outside = outsideMercator
    guard allowed != nil || !outside.isEmpty else {
      for i in 0..<n { out[i] = UInt32(truncatingIfNeeded: i) }
      return n
    }
    let codes = pins.statusCodes
    var count = 0
    var nextOutside = 0
    for i in 0..<n {
      if nextOutside < outside.count && Int(outside[nextOutside]) == i {
        nextOutside += 1
        continue
      }
      if let allowed, !allowed[Int(codes[i])] { continue }
      out[count] = UInt32(truncatingIfNeeded: i)
      count += 1
    }
    return count
  }
}

extension PinSet {
  /// Positions (ascending = input order) of the pins visible in `view`, by a streaming scan:
  /// the right tool for a one-off query (no index to build).
  /// - Throws: ``InvalidInput`` for a bad padding.
  public func visible(in view: CameraView, padding: Double = 0, statuses: StatusFilter? = nil) throws(InvalidInput)
    -> [UInt32]
  {
    scanVisible(in: try VisibilityWindow(view: view, padding: padding), statusFilter: statuses)
  }
}
