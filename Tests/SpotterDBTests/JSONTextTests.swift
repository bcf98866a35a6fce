import Foundation
import SpotterDB
import Testing

/// The JSON texts written directly (result columns, payloads) are what a JSON parser reads back.
@Suite("JSON text")
struct JSONTextTests {
    static let awkward = [
        "", "M", "plain words", "quote \" and backslash \\", "line\nbreak\rreturn\ttab", "\u{0}\u{1}\u{1f}\u{7f}",
        "Mo", "日", "ünïcödé and emoji 🏋️‍♀️", String(repeating: "x\"", count: 40),
    ]

    @Test("String arrays parse back to the same strings, escapes and all")
    func stringArrays() throws {
        for count in 0...Self.awkward.count {
            let values = Array(Self.awkward.prefix(count))
            let text = JSONText.array(values)
            let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String]
            #expect(parsed == values, "\(text)")
        }
        #expect(JSONText.array([]) == "[]")
        #expect(JSONText.array(["M", "T"]) == #"["M","T"]"#)
        #expect(JSONText.array(["a\u{1}"]) == #"["a\u0001"]"#)
    }

    @Test("One string is a JSON string literal")
    func strings() throws {
        for value in Self.awkward {
            let text = JSONText.string(value)
            let parsed = try JSONSerialization.jsonObject(with: Data("[\(text)]".utf8)) as? [String]
            #expect(parsed == [value], "\(text)")
        }
    }

    @Test("Boolean arrays of every length up to a week and beyond")
    func booleans() throws {
        #expect(JSONText.booleans([]) == "[]")
        #expect(JSONText.booleans([true]) == "[true]")
        #expect(JSONText.booleans([false, true, false]) == "[false,true,false]")
        for count in 0...9 {
            let values = (0..<count).map { $0 % 3 == 0 }
            let parsed = try JSONSerialization.jsonObject(with: Data(JSONText.booleans(values).utf8)) as? [Bool]
            #expect(parsed == values)
        }
    }
}
