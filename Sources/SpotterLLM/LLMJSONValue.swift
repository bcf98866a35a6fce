package import Foundation

/// Any JSON value, decoded without coercion: `true` is never a number, `1` never a Boolean,
/// `"0.9"` never a number. The reply parser checks types itself, so a wrong type is an error
/// with a precise message rather than a silent conversion.
package enum LLMJSONValue: Decodable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([LLMJSONValue])
    case object([String: LLMJSONValue])

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([LLMJSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: LLMJSONValue].self))
        }
    }

    /// Parses `data` as one JSON document; nil when it is not valid JSON.
    package static func parse(_ data: Data) -> LLMJSONValue? {
        try? JSONDecoder().decode(LLMJSONValue.self, from: data)
    }

    /// The JSON type's name, for error messages.
    package var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
