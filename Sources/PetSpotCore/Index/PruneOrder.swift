/// The order of a prune's answer (positions in the pin set).
public enum PruneOrder: String, Sendable, CaseIterable {
  /// Ascending positions: the pins' input order. The tree walk finds pins in spatial order, so this
  /// costs a sort of the hits — most of a small view's time on a large set (at 10M pins, a city
  /// view's 17,000 hits took four to seven times as long to sort as to find on the machines of
  /// docs/benchmarks.md, "Prune in any order").
  case input
  /// Whatever order the chosen plan produces, each visible pin once: the scan and `all` plans give
  /// input order anyway, the tree walk its spatial (Z) order. For callers that draw or count the
  /// pins and do not need them sorted.
  case any
}
