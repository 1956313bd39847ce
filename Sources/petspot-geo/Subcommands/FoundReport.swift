import ArgumentParser
import PetSpotGeo

extension PetSpotGeoCommand {
  /// `petspot-geo found-report`: the "Report Found Animal" rules.
  struct FoundReport: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "found-report",
      abstract: "Validate found-animal reports and format microchip numbers (the 3-step wizard's rules).",
      subcommands: [Validate.self, FormatMicrochip.self, Copy.self]
    )

    struct Validate: ParsableCommand {
      static let configuration = CommandConfiguration(
        abstract: "Validate a found-report form (JSON on stdin): per-field errors and the backend payload.",
        discussion: """
          Prints {"valid":true|false,"errors":[{"field","code","message"}],"payload":{...}|null}; exit 1 when invalid.

          Example:
            echo '{"photo":"dog.jpg","dateFound":"05/01/2025","species":"dog","sex":"male","latitude":"52,2297","longitude":"21.0122 E","phone":"+48 600 100 200","email":"a@b.pl"}' \\
              | petspot-geo found-report validate
          With --batch, one form per line (JSON Lines), one result per line.
          """
      )

      @Flag(help: "Read one form per line (JSON Lines) and print one result per line.")
      var batch = false

      func run() throws {
        if batch {
          var anyInvalid = false
          try JSONLinesBatch.run { request throws(InvalidInput) in
            let result = try FoundReportForm(json: request).validationJSON
            if result["valid"] == .bool(false) { anyInvalid = true }
            return result
          }
          if anyInvalid { throw ExitCode.failure }
          return
        }
        var text = ""
        while let line = readLine(strippingNewline: false) { text += line }
        do {
          let result = try FoundReportForm(json: try JSONParser.parse(text)).validationJSON
          Output.line(result.serialized)
          if result["valid"] == .bool(false) { throw ExitCode.failure }
        } catch let error as InvalidInput {
          Output.line(error.json.serialized)
          throw ExitCode.failure
        }
      }
    }

    struct FormatMicrochip: ParsableCommand {
      static let configuration = CommandConfiguration(
        commandName: "format-microchip",
        abstract: "Format microchip text as typed: digits only, at most 15, shown as 00000-00000-00000.",
        discussion: """
          Example:
            petspot-geo found-report format-microchip "9851 2345 67890 1234"
            98512-34567-89012
          """
      )

      @Argument(help: "The text typed or pasted into the Collar data field.")
      var text: String

      @Option(help: "Caret position (UTF-16 offset) in TEXT; prints {\"text\",\"caret\",\"digits\"} JSON.")
      var caret: Int?

      func run() {
        guard let caret else {
          Output.line(MicrochipNumber.display(MicrochipNumber.digits(text)))
          return
        }
        let formatted = MicrochipNumber.format(text, caret: caret)
        Output.line(
          JSONValue.object([
            ("text", .string(formatted.text)), ("caret", .number(Double(formatted.caret))),
            ("digits", .string(MicrochipNumber.digits(text))),
          ]).serialized)
      }
    }

    struct Copy: ParsableCommand {
      static let configuration = CommandConfiguration(
        abstract: "Print the wizard's English copy (found FR-017) as a JSON object.",
        discussion: "Example:\n  petspot-geo found-report copy"
      )

      func run() {
        Output.line(JSONValue.object(FoundReportCopy.strings.map { ($0.key, JSONValue.string($0.text)) }).serialized)
      }
    }
  }
}
