import Foundation
import SpotterJSON

extension Reason {
    /// The reason as one JSON object: `code` first, then its arguments by name
    /// (`{"code":"next_in_enrolled_program","program":"Bodyweight HIIT","week":4}`).
    public var json: String {
        var text = "{\"code\":" + Self.quoted(code.rawValue)
        for name in arguments.keys.sorted() {
            text += "," + Self.quoted(name) + ":" + Self.json(arguments[name]!)
        }
        return text + "}"
    }

    /// A list of reasons as a JSON array (the `reason_codes` columns).
    public static func jsonList(_ reasons: [Reason]) -> String {
        "[" + reasons.map(\.json).joined(separator: ",") + "]"
    }

    static func json(_ value: ReasonValue) -> String {
        switch value {
        case .text(let text), .date(let text), .weekday(let text), .term(let text): return quoted(text)
        case .count(let n): return String(n)
        case .decimal(let x): return x.isFinite ? String(x) : "null"
        case .terms(let words): return "[" + words.map(quoted).joined(separator: ",") + "]"
        case .bodyPart(let part, let side):
            return "{\"part\":" + quoted(part) + (side.map { ",\"side\":" + quoted($0) } ?? "") + "}"
        case .reason(let reason): return reason.json
        }
    }

    /// `text` as a JSON string: quotes, backslashes and control characters escaped.
    static func quoted(_ text: String) -> String {
        JSONString.quoted(text)
    }
}

/// A reason encodes as its JSON object (`code` and its arguments by name), for answers built
/// with `JSONEncoder` (the MCP tools).
extension Reason: Encodable {
    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// `{"code": …, argument: value, …}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(code.rawValue, forKey: Key("code"))
        for name in arguments.keys.sorted() { try container.encode(arguments[name]!, forKey: Key(name)) }
    }
}

extension ReasonValue: Encodable {
    /// The plain JSON value ``Reason/json`` writes.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .text(let text), .date(let text), .weekday(let text), .term(let text):
            var container = encoder.singleValueContainer()
            try container.encode(text)
        case .count(let n):
            var container = encoder.singleValueContainer()
            try container.encode(n)
        case .decimal(let x):
            var container = encoder.singleValueContainer()
            if x.isFinite { try container.encode(x) } else { try container.encodeNil() }
        case .terms(let words):
            var container = encoder.singleValueContainer()
            try container.encode(words)
        case .bodyPart(let part, let side):
            var container = encoder.container(keyedBy: Reason.Key.self)
            try container.encode(part, forKey: Reason.Key("part"))
            try container.encodeIfPresent(side, forKey: Reason.Key("side"))
        case .reason(let reason):
            try reason.encode(to: encoder)
        }
    }
}
