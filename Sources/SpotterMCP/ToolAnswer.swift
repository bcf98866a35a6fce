public import Foundation

/// What a tool returns: a structured result (a JSON object) and a short text for people.
public struct ToolAnswer: Sendable {
    /// The structured result, JSON-encoded (snake_case keys, ISO 8601 dates).
    public var json: Data
    /// A few readable lines.
    public var text: String

    init(_ value: some Encodable, text: String) throws {
        self.json = try Self.encoder.encode(value)
        self.text = text
    }

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()
}

/// One page of a list: where it starts, how many there are in all, where the next page starts.
struct Page: Codable, Sendable {
    var offset: Int
    var limit: Int
    var total: Int
    var nextOffset: Int?

    init(offset: Int, limit: Int, total: Int) {
        self.offset = offset
        self.limit = limit
        self.total = total
        self.nextOffset = offset + limit < total ? offset + limit : nil
    }
}
