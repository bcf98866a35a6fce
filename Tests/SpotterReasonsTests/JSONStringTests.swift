import Foundation
import SpotterJSON
import Testing

/// `JSONString.quoted` copies printable ASCII whole and escapes the rest scalar by scalar: both
/// paths must give JSON that reads back as the text, and honour what the caller escapes.
@Suite("JSON string literals")
struct JSONStringTests {
    @Test(
        "every text reads back as itself",
        arguments: [
            "", "plain words", "knee (left)", "say \"hi\"", "back\\slash", "line\nbreak", "tab\there", "cr\r",
            "bell\u{7}", "del\u{7F}", "café", "Ｆｕｌｌ", "e\u{301}", "🏋️ legs", "nbsp\u{A0}", "\u{2028}",
        ])
    func readsBack(text: String) throws {
        let literal = JSONString.quoted(text)
        let decoded = try JSONSerialization.jsonObject(with: Data(literal.utf8), options: .fragmentsAllowed)
        #expect(decoded as? String == text)
        #expect(!literal.unicodeScalars.contains { $0.value < 0x20 })
    }

    @Test("printable ASCII is copied whole; quotes, backslashes and controls are escaped")
    func escapes() {
        #expect(JSONString.quoted("squat 3x5") == "\"squat 3x5\"")
        #expect(JSONString.quoted("a\"b\\c") == "\"a\\\"b\\\\c\"")
        #expect(JSONString.quoted("a\nb\tc\u{1}") == "\"a\\nb\\tc\\u0001\"")
    }

    @Test("what the caller escapes is escaped, in ASCII text too")
    func callerEscapes() {
        #expect(JSONString.quoted("a/b", escaping: { $0 == "/" }) == "\"a\\u002fb\"")
        #expect(JSONString.quoted("a\u{2028}b", escaping: { $0.value == 0x2028 }) == "\"a\\u2028b\"")
    }
}
