import ArgumentParser
import PetSpotGeo

/// `--insets top,left,bottom,right`: safe-area insets in points.
struct InsetsArgument: ExpressibleByArgument {
  var insets: EdgeInsets

  init?(argument: String) {
    let parts = argument.split(separator: ",", omittingEmptySubsequences: false).map { FlagNumber.parse($0) }
    guard parts.count == 4, let top = parts[0], let left = parts[1], let bottom = parts[2], let right = parts[3] else {
      return nil
    }
    insets = EdgeInsets(top: top, left: left, bottom: bottom, right: right)
  }
}

/// `--status MISSING,FOUND`: the statuses to keep (case-insensitive, `ACTIVE` is `MISSING`).
struct StatusListArgument: ExpressibleByArgument {
  var filter: StatusFilter

  init?(argument: String) {
    filter = StatusFilter(parsing: argument)
  }
}

/// A comma-separated list of choices (`--operations prune-scan,cluster-build`), each one of
/// `Choice`'s raw values; an unknown name is a usage error listing the valid ones.
struct ChoiceList<Choice: RawRepresentable & CaseIterable>: ExpressibleByArgument where Choice.RawValue == String {
  var choices: [Choice]

  init?(argument: String) {
    var choices: [Choice] = []
    for name in argument.split(separator: ",") {
      guard let choice = Choice(rawValue: String(name)) else { return nil }
      choices.append(choice)
    }
    guard !choices.isEmpty else { return nil }
    self.choices = choices
  }

  /// Every choice, in declaration order.
  static var all: ChoiceList { ChoiceList(unchecked: Array(Choice.allCases)) }

  private init(unchecked choices: [Choice]) { self.choices = choices }

  var defaultValueDescription: String { choices.map(\.rawValue).joined(separator: ",") }

  static var allValueStrings: [String] { Choice.allCases.map(\.rawValue) }
}
