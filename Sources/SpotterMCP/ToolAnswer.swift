public import Foundation
import SpotterDB

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

    /// This answer with `freshness` added to its structured result (`as_of`, `read_from`,
    /// `replay_lag_seconds`), and to its text when it was read from a standby.
    func stamped(with freshness: Freshness) throws -> ToolAnswer {
        var copy = self
        let stamp = try Self.encoder.encode(freshness)
        // Both are JSON objects: splice the stamp's members into the answer's.
        guard json.last == UInt8(ascii: "}"), stamp.first == UInt8(ascii: "{"), stamp.count > 2 else { return self }
        let members = stamp.dropFirst().dropLast()
        copy.json = json.dropLast() + (json.count > 2 ? Data(",".utf8) : Data()) + members + Data("}".utf8)
        if freshness.readsStandby {
            let lag = freshness.replayLagSeconds.map { String(format: "%.1f s behind", $0) } ?? "lag unknown"
            copy.text += "\n(as of \(freshness.asOf.ISO8601Format()): read from a standby, \(lag))"
        }
        return copy
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

/// How fresh an answer's data is. `as_of` is the instant the database read reflects: on the
/// primary, the time of the read; on a hot standby, the commit time of the last transaction it
/// replayed (`pg_last_xact_replay_timestamp()`), so a standby that fell behind says so.
/// `replay_lag_seconds` is the read's time minus that (null on the primary); on a standby of an
/// idle primary it grows although nothing is missing, since nothing new was committed.
struct Freshness: Encodable, Sendable {
    var asOf: Date
    var readFrom: String
    var replayLagSeconds: Double?

    var readsStandby: Bool { readFrom == "standby" }

    init(_ reading: ReplayFreshness) {
        self.asOf = reading.asOf
        self.readFrom = reading.isStandby ? "standby" : "primary"
        self.replayLagSeconds = reading.lagSeconds
    }

    private enum CodingKeys: String, CodingKey {
        case asOf, readFrom, replayLagSeconds
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(asOf, forKey: .asOf)
        try container.encode(readFrom, forKey: .readFrom)
        // Null on the primary rather than missing: the key is part of every answer.
        try container.encode(replayLagSeconds, forKey: .replayLagSeconds)
    }
}
