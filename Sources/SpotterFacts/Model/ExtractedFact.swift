public import Foundation

/// One fact the extractor found in one message, before merging with what is stored.
///
/// Its statement's fields read as its own (`fact.content`). Encoded flat, as before the
/// statement had a type of its own: `userID`, `subject`, … `slot`, `sourceID`, `mentionedAt`.
public struct ExtractedFact: FactStatementRecord, Sendable, Hashable, Codable {
    /// What it says, and whose it is.
    public var statement: FactStatement
    /// The message the fact came from.
    public var sourceID: String
    /// When the message was sent.
    public var mentionedAt: Date

    /// Creates an extracted fact.
    public init(_ statement: FactStatement, sourceID: String, mentionedAt: Date) {
        self.statement = statement
        self.sourceID = sourceID
        self.mentionedAt = mentionedAt
    }

    private enum CodingKeys: String, CodingKey {
        case sourceID, mentionedAt
    }

    /// Decodes the flat shape: the statement's keys beside `sourceID` and `mentionedAt`.
    public init(from decoder: any Decoder) throws {
        let source = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(
            FactStatement(from: decoder), sourceID: source.decode(String.self, forKey: .sourceID),
            mentionedAt: source.decode(Date.self, forKey: .mentionedAt))
    }

    /// Encodes the flat shape: the statement's keys, then `sourceID` and `mentionedAt`.
    public func encode(to encoder: any Encoder) throws {
        try statement.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(sourceID, forKey: .sourceID)
        try container.encode(mentionedAt, forKey: .mentionedAt)
    }
}
