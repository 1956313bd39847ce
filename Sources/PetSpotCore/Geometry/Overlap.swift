/// How a box (a quadtree node, a cluster's leaf box) lies against a query region: wholly outside
/// (skip it), wholly inside (take everything without testing), or partly (look closer).
package enum Overlap {
  case outside, inside, partial
}
