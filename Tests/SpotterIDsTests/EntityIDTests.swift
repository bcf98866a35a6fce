import Foundation
import SpotterIDs
import Testing

@Suite("Entity ids")
struct EntityIDTests {
    @Test("an empty id, or one with a control character, throws at the boundary")
    func rejects() {
        #expect(throws: IDError(noun: "user", problem: "is empty")) { try UserID("") }
        #expect(throws: IDError(noun: "message", problem: "contains a control character")) { try MessageID("a\u{0}b") }
        #expect(throws: IDError.self) { try UserID("line\nbreak") }
        #expect(throws: IDError.self) { try UserID(String(repeating: "x", count: 513)) }
    }

    @Test("the control-character check reads bytes and agrees with Unicode's Cc category for every scalar")
    func controlCharacters() {
        var disagreements: [UInt32] = []
        for code in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(code) else { continue }  // surrogates
            let control = scalar.properties.generalCategory == .control
            let accepted = (try? UserID("a\(Character(scalar))b")) != nil
            if accepted == control { disagreements.append(code) }
        }
        #expect(disagreements.isEmpty, "scalars judged wrongly: \(disagreements.prefix(10))")
    }

    @Test("bigint, UUID, Firebase uid, quotes and unicode keep their text")
    func keepsText() throws {
        for text in [
            "42", "-7", "007", "+7", "3f1c2b9e-0c4e-4f51-9d6b-0a1b2c3d4e5f", "Xq3fUid9aZ", "o'brien \"x\"", "züri-ü🏋️",
        ] {
            #expect(try UserID(text).text == text)
        }
        #expect(try UserID("42").integer == 42)
        #expect(try UserID("007").integer == nil, "a leading zero is text, not 7")
        #expect(try UserID("42") == UserID(42))
    }

    @Test("integers compare as numbers (9 before 10), text by its bytes, integers first")
    func order() throws {
        #expect(try UserID("9") < UserID("10"))
        #expect(try UserID("10") < UserID("9a"))
        #expect(try UserID("B") < UserID("a"))
        #expect(
            try [UserID("b"), UserID("10"), UserID("9"), UserID("a")].sorted().map(\.text) == ["9", "10", "a", "b"])
    }

    @Test("decodes a JSON number or string; encodes an integer id as a number, others as strings")
    func codable() throws {
        struct Payload: Codable, Equatable { var user_id: UserID }
        let decoder = JSONDecoder()
        #expect(try decoder.decode(Payload.self, from: Data(#"{"user_id": 42}"#.utf8)).user_id == UserID(42))
        #expect(try decoder.decode(Payload.self, from: Data(#"{"user_id": "42"}"#.utf8)).user_id == UserID(42))
        #expect(try decoder.decode(Payload.self, from: Data(#"{"user_id": "uid_ä"}"#.utf8)).user_id.text == "uid_ä")
        #expect(throws: DecodingError.self) { try decoder.decode(Payload.self, from: Data(#"{"user_id": ""}"#.utf8)) }
        #expect(throws: DecodingError.self) { try decoder.decode(Payload.self, from: Data(#"{"user_id": 1.5}"#.utf8)) }
        #expect(throws: DecodingError.self) { try decoder.decode(Payload.self, from: Data(#"{"user_id": null}"#.utf8)) }
        let encoded = try JSONEncoder().encode([UserID(42), UserID("uid")])
        #expect(String(decoding: encoded, as: UTF8.self) == #"[42,"uid"]"#)
    }
}
