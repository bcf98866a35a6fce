import Foundation
import SpotterRendering
import Testing

/// `spotter eval injuries FILE` reads probe lines: a bad line names its number and what is wrong,
/// and no probe is read past it (the command exits 2).
@Suite("Injury probe files")
struct InjuryProbesParseTests {
    @Test("a probe with the partner's question before it is read with it")
    func asked() throws {
        let probes = try InjuryProbes.parse(
            """
            # a comment
            {"text": "Still hurts a lot", "protects": ["ankle"], "class": "answer", "asked": "How's your ankle?"}

            {"text": "my back went out", "protects": ["back"]}
            """)
        #expect(probes.map(\.asked) == ["How's your ankle?", nil])
        let outcomes = InjuryProbes.run(probes)
        let failed = outcomes.filter { !$0.passed }.map(\.probe.text)
        #expect(failed.isEmpty, "\(failed)")
    }

    @Test(
        "a bad line is an error naming the line",
        arguments: [
            (#"{"text": "sore knee", "protects": ["kneecap"]}"#, "unknown part \"kneecap\""),
            (#"{"text": "sore knee", "protects": ["knee"], "asked": 3}"#, "expected {\"text\""),
            (#"{"text": "sore knee", "protects": ["knee"], "sent_at": "yesterday"}"#, "ISO 8601"),
            (#"not json"#, "expected {\"text\""),
        ])
    func badLine(line: String, says: String) {
        let text = #"{"text": "my back went out", "protects": ["back"]}"# + "\n" + line
        do {
            _ = try InjuryProbes.parse(text)
            Issue.record("\(line) was read")
        } catch {
            let described = String(describing: error)
            #expect(described.hasPrefix("line 2: ") && described.contains(says), "\(described)")
        }
    }
}
