import SpotterCatalog
import Testing

@Suite("Durations")
struct DurationTextTests {
    @Test(
        "accepted forms",
        arguments: [
            ("500ms", Duration.milliseconds(500)), ("30s", .seconds(30)), ("5m", .seconds(300)),
            ("2h", .seconds(7_200)),
            ("1d", .seconds(86_400)), ("1h30m", .seconds(5_400)), ("1.5h", .seconds(5_400)), ("0s", .zero),
            ("2m30s500ms", .milliseconds(150_500)),
        ])
    func accepted(text: String, expected: Duration) {
        #expect(parseDuration(text) == expected)
    }

    @Test(
        "rejected forms",
        arguments: ["", "5", "5 minutes", "5min", "-5s", "s", "1.s", ".5s", "1h 30m", "5M", "99999999999999999999d"])
    func rejected(text: String) {
        #expect(parseDuration(text) == nil)
    }

    @Test("formatting round-trips")
    func formatting() {
        #expect(formatDuration(.seconds(5_400)) == "1h30m")
        #expect(formatDuration(.milliseconds(250)) == "250ms")
        #expect(formatDuration(.zero) == "0s")
        for text in ["30s", "5m", "2h", "1d", "1d2h3m4s5ms"] {
            #expect(formatDuration(parseDuration(text)!) == text)
        }
    }
}
