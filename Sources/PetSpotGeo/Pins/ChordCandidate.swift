/// A pin that may lie within the range, with its chord distance (metres) from the centre.
struct ChordCandidate {
  var position: Int
  var chord: Double

  /// Moves the `k` candidates with the smallest chords (ties in any order) to the front of
  /// `candidates`, in any order: a quickselect (median-of-three pivots, Hoare partitions, which keep
  /// runs of equal chords — coincident pins — balanced), finished by a sort if it takes more than
  /// 2 log₂ n + 4 rounds (or `rounds`, for tests), so the worst case is O(n log n).
  /// `0 < k < candidates.count`.
  static func selectSmallest(_ k: Int, in candidates: inout [ChordCandidate], rounds: Int? = nil) {
    var low = 0
    var high = candidates.count - 1
    var rounds = rounds ?? 2 * (Int.bitWidth - candidates.count.leadingZeroBitCount) + 4
    candidates.withUnsafeMutableBufferPointer { c in
      while low < high {
        rounds -= 1
        if rounds < 0 {
          c[low...high].sort { $0.chord < $1.chord }
          return
        }
        let middle = low + (high - low) / 2
        let pivot = medianOfThree(c[low].chord, c[middle].chord, c[high].chord)
        var i = low
        var j = high
        while i <= j {
          while c[i].chord < pivot { i += 1 }
          while c[j].chord > pivot { j -= 1 }
          if i <= j {
            c.swapAt(i, j)
            i += 1
            j -= 1
          }
        }
        // Now c[low...j] ≤ pivot ≤ c[i...high], and c[j+1..<i] == pivot.
        if k - 1 <= j {
          high = j
        } else if k - 1 >= i {
          low = i
        } else {
          return
        }
      }
    }
  }

  private static func medianOfThree(_ a: Double, _ b: Double, _ c: Double) -> Double {
    max(min(a, b), min(max(a, b), c))
  }
}
