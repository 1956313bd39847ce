import Foundation
import Testing

@Suite("petspot-geo replay (the built binary)")
struct ReplayCommandTests {
  @Test("a recorded interaction: fetch, race, selection, failure, malformed events")
  func script() throws {
    let camera = #"{"lat":-33.8679,"lng":151.2073,"latDelta":0.05,"lngDelta":0.05,"width":390,"height":844}"#
    let moved = #"{"lat":-33.868,"lng":151.2074,"latDelta":0.05,"lngDelta":0.05,"width":390,"height":844}"#
    let body =
      #"[{"id":"a1","petName":"","species":"CAT","status":"found","lastSeenLatitude":-33.868,"lastSeenLongitude":151.2074,"lastSeenDate":"2025-02-30","email":"me@x.au"},{"id":"b2","lastSeenLatitude":null,"lastSeenLongitude":1}]"#
    let input = """
      {"event":"appear","camera":\(camera)}
      {"event":"gestureBegan"}
      {"event":"cameraChanged","camera":\(moved)}
      {"event":"gestureEnded","camera":\(moved)}
      {"event":"fetchSucceeded","requestId":2,"announcements":\(body)}
      {"event":"fetchSucceeded","requestId":1,"announcements":[]}
      {"event":"tapPin","id":"a1"}
      {"event":"teleport"}
      {"event":"gestureEnded","camera":\(moved)}
      {"event":"fetchFailed","requestId":3}
      """
    let result = try CLIRunner.run(["replay"], stdin: input)
    #expect(result.status == 1, "one malformed event")
    let lines = try result.lines.map(CLIRunner.object)
    try #require(lines.count == 10)
    func effects(_ i: Int) -> [[String: Any]] { lines[i]["effects"] as! [[String: Any]] }
    func state(_ i: Int) -> [String: Any] { lines[i]["state"] as! [String: Any] }
    #expect(effects(0).first?["type"] as? String == "fetch" && effects(0).first?["requestId"] as? Int == 1)
    #expect(effects(1).isEmpty && effects(2).isEmpty)
    #expect(effects(3).map { $0["type"] as! String } == ["cancel", "fetch"] && effects(3)[1]["requestId"] as? Int == 2)
    #expect(
      state(4)["pins"] as? [String] == ["a1"] && state(4)["droppedAnnouncements"] as? Int == 1
        && state(4)["isLoading"] as? Bool == false)
    #expect(effects(5).isEmpty && state(5)["pins"] as? [String] == ["a1"], "the late answer is ignored")
    let callout = try #require(state(6)["callout"] as? [String: Any])
    #expect(callout["title"] as? String == "Unknown Pet" && callout["subtitle"] as? String == "Cat")
    #expect(
      callout["location"] as? String == "📍 33.8680° S, 151.2074° E" && callout["date"] as? String == "📅 2025-02-30")
    #expect((callout["badge"] as? [String: String])?["color"] == "#155DFC" && callout["phone"] is NSNull)
    #expect(state(6)["calloutPlacement"] is [String: Any])
    #expect(lines[7]["code"] as? String == "unsupported" && lines[7]["field"] as? String == "event")
    #expect(state(8)["selectedId"] as? String == "a1" && state(8)["isLoading"] as? Bool == true)
    #expect(
      effects(9).isEmpty && state(9)["pins"] as? [String] == ["a1"] && state(9)["isLoading"] as? Bool == false,
      "failure keeps pins")
  }

  @Test("--cluster: a display with transitions per state; a zoom-out reveals the hidden selection")
  func clustered() throws {
    let close = #"{"lat":52.23,"lng":21.01,"latDelta":0.001,"lngDelta":0.001,"width":390,"height":844}"#
    let wide = #"{"lat":52.23,"lng":21.01,"latDelta":0.05,"lngDelta":0.05,"width":390,"height":844}"#
    let body =
      #"[{"id":"a1","lastSeenLatitude":52.23,"lastSeenLongitude":21.01,"status":"MISSING"},{"id":"a2","lastSeenLatitude":52.2302,"lastSeenLongitude":21.0102},{"id":"a3","lastSeenLatitude":52.2295,"lastSeenLongitude":21.0098}]"#
    let input = """
      {"event":"appear","camera":\(close)}
      {"event":"fetchSucceeded","requestId":1,"announcements":\(body)}
      {"event":"tapPin","id":"a1"}
      {"event":"gestureEnded","camera":\(wide)}
      """
    let result = try CLIRunner.run(["replay", "--cluster"], stdin: input)
    #expect(result.status == 0, "\(result.stderr)")
    let lines = try result.lines.map(CLIRunner.object)
    try #require(lines.count == 4)
    let states = lines.map { $0["state"] as! [String: Any] }
    let displays = states.map { $0["display"] as? [String: Any] }
    #expect((displays[1]?["items"] as? [[String: Any]])?.map { $0["id"] as? String } == ["a3", "a2", "a1"])
    #expect((displays[2]?["transitions"] as? [[String: Any]])?.allSatisfy { $0["kind"] as? String == "stay" } == true)
    let last = try #require(displays[3])
    #expect((last["items"] as? [[String: Any]])?.first?["kind"] as? String == "cluster")
    #expect((last["transitions"] as? [[String: Any]])?.map { $0["kind"] as? String } == ["merge"])
    let selection = try #require(states[3]["selection"] as? [String: Any])
    #expect(selection["hidden"] as? Bool == true && selection["item"] as? Int == 0)
    let effects = lines[3]["effects"] as! [[String: Any]]
    let reveal = try #require(effects.first { $0["type"] as? String == "revealSelection" })
    #expect((reveal["camera"] as? [String: Any])?["latDelta"] as? Double ?? 1 < 0.01)
    let plain = try CLIRunner.run(["replay"], stdin: input)
    #expect(try plain.lines.map(CLIRunner.object).allSatisfy { ($0["state"] as! [String: Any])["display"] == nil })
    let bad = try CLIRunner.run(["replay", "--cluster", "--min-separation", "0"], stdin: "")
    #expect(bad.status == 2 && bad.stderr.contains("--min-separation"), "\(bad.stderr)")
    let unused = try CLIRunner.run(["replay", "--max-zoom", "12"], stdin: "")
    #expect(unused.status == 2 && unused.stderr.contains("need --cluster"), "\(unused.stderr)")
  }
}
