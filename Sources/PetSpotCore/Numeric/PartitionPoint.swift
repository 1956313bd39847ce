/// The first integer of `range` for which `isBefore` is false, where `isBefore` holds for a
/// prefix of `range` (empty, all of it or anything between) and for nothing after it; the range's
/// upper bound when it holds throughout. A binary search: at most ⌈log₂(count + 1)⌉ calls, none
/// outside `range`.
///
/// The package's binary search (but a greedy pass's galloping search for a neighbour cell,
/// `MortonCells.index(of:after:in:)`). Its predicate takes an index, not an element, so that it
/// searches what is not an array of the keys: chunks by their first pin, runs of Morton keys by a
/// bit pair, a sorted permutation by the values it points at. The first element not below `key`
/// in a sorted `values`: `partitionPoint(in: values.indices) { values[$0] < key }`; the last one
/// below it is one before that.
@inline(__always)
package func partitionPoint(in range: Range<Int>, where isBefore: (Int) -> Bool) -> Int {
  var (low, high) = (range.lowerBound, range.upperBound)
  while low < high {
    let mid = low + (high - low) / 2
    if isBefore(mid) { low = mid + 1 } else { high = mid }
  }
  return low
}
