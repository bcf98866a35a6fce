import Foundation

/// Payload text from a `Codable` payload: compact JSON with sorted keys, absent optionals left out.
public enum JSONPayload {
    /// The JSON text of `payload`.
    public static func text<Payload: Encodable>(_ payload: Payload) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(payload), as: UTF8.self)
    }
}
