public import Foundation
import SpotterCalendar
public import SpotterFacts
import SpotterJobs

/// `spotter facts extract`: messages as JSON Lines in, facts as JSON Lines out, no database.
///
/// Input, one message per line: `{"id": "m1", "user_id": "u1", "text": "…", "sent_at":
/// "2026-09-21T08:00:00Z"}` (ids may also be integers; blank lines are skipped). Each user's
/// messages are extracted in sent order and merged in memory with the same planner the job
/// uses, so re-mentions merge and a contradiction supersedes. Output, one fact per line: the
/// facts open at the end (or, with history, every fact including closed ones, whose
/// `valid_to` is then set), users in order of first appearance, each user's facts by first
/// mention. A message that answers another (its ``Message/context``) is read against it: "Do
/// you like hiking?" → "Yes!" states that its author likes hiking.
public enum FactLines {
    /// One parsed input line.
    public struct Message: Sendable, Hashable {
        /// The message id, as given.
        public var id: String
        /// The author, as given.
        public var userID: String
        /// The text.
        public var text: String
        /// When it was sent.
        public var sentAt: Date
        /// The id of the message it answers (optional field `reply_to`), as given.
        public var replyToID: String?
        /// The text of the message it answers (see ``withContext(_:previousLine:)``); nil when
        /// it answers none.
        public var context: String?

        /// Creates a message.
        public init(
            id: String, userID: String, text: String, sentAt: Date, replyToID: String? = nil, context: String? = nil
        ) {
            self.id = id
            self.userID = userID
            self.text = text
            self.sentAt = sentAt
            self.replyToID = replyToID
            self.context = context
        }
    }

    /// A line that could not be read, with its 1-based number.
    public struct LineError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The line number, from 1.
        public var line: Int
        /// What is wrong with it.
        public var message: String

        /// `line 7: missing "text"`.
        public var description: String { "line \(line): \(message)" }
    }

    /// One output fact.
    public struct Fact: Sendable, Hashable {
        /// The messages that state it, in mention order.
        public var source_ids: [String]
        /// The author.
        public var user_id: String
        /// `self` or who ("wife").
        public var subject: String
        /// The category.
        public var category: String
        /// The self-contained statement.
        public var content: String
        /// `positive` or `negative`.
        public var polarity: String
        /// `current`, `past` or `intended`.
        public var temporal: String
        /// 0…1, three decimals.
        public var confidence: Double
        /// The normalised slot key.
        public var slot: String
        /// Distinct messages that state it.
        public var mention_count: Int
        /// First mention, ISO 8601.
        public var first_mentioned_at: String
        /// Latest mention, ISO 8601.
        public var last_mentioned_at: String
        /// Start of validity (its first mention), ISO 8601.
        public var valid_from: String
        /// End of validity when a later statement contradicted it; null while it holds.
        public var valid_to: String?
        /// What produced it: `rules`.
        public var extractor: String
    }

    /// Parses one line; nil for a blank line.
    public static func parse(_ line: String, number: Int) -> Result<Message?, LineError> {
        func failure(_ message: String) -> Result<Message?, LineError> {
            .failure(LineError(line: number, message: message))
        }
        if line.allSatisfy(\.isWhitespace) { return .success(nil) }
        let fields: [String: Field]
        do {
            fields = try JSONDecoder().decode([String: Field].self, from: Data(line.utf8))
        } catch DecodingError.typeMismatch {
            return failure("expected a JSON object")
        } catch {
            return failure("not valid JSON")
        }
        var identifiers: [String] = []
        for key in ["id", "user_id"] {
            switch fields[key] ?? .null {
            case .null: return failure("missing \"\(key)\"")
            case .string(let text) where !text.isEmpty: identifiers.append(text)
            case .integer(let value): identifiers.append(String(value))
            default: return failure("\"\(key)\" must be a non-empty string or an integer")
            }
        }
        let text: String
        switch fields["text"] ?? .null {
        case .null: return failure("missing \"text\"")
        case .string(let value): text = value
        default: return failure("\"text\" must be a string")
        }
        guard case .string(let sent) = fields["sent_at"] ?? .null, let sentAt = ISO8601Instant.parse(sent) else {
            if case .null = fields["sent_at"] ?? .null { return failure("missing \"sent_at\"") }
            return failure("\"sent_at\" must be an ISO 8601 instant such as 2026-09-21T08:00:00Z")
        }
        var replyToID: String? = nil
        switch fields["reply_to"] ?? .null {
        case .null: break
        case .string(let id) where !id.isEmpty: replyToID = id
        case .integer(let id): replyToID = String(id)
        default: return failure("\"reply_to\" must be a message id (a non-empty string or an integer)")
        }
        return .success(
            Message(id: identifiers[0], userID: identifiers[1], text: text, sentAt: sentAt, replyToID: replyToID))
    }

    /// Sets each message's ``Message/context``: the text of the message its `reply_to` names
    /// (among `messages`); without `reply_to`, when `previousLine` is true, the line just before
    /// it when another user wrote that line (a conversation exported in order, as `facts_msc.py`
    /// sends it).
    public static func withContext(_ messages: [Message], previousLine: Bool) -> [Message] {
        var texts: [String: String] = [:]
        for message in messages where texts[message.id] == nil { texts[message.id] = message.text }
        var result = messages
        for index in result.indices {
            if let id = result[index].replyToID {
                result[index].context = texts[id]
            } else if previousLine, index > 0, messages[index - 1].userID != messages[index].userID {
                result[index].context = messages[index - 1].text
            }
        }
        return result
    }

    /// One top-level value of an input line, as far as parsing needs to know.
    private enum Field: Decodable {
        case null, string(String), integer(Int64), other

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .null
            } else if let text = try? container.decode(String.self) {
                self = .string(text)
            } else if let number = try? container.decode(Int64.self) {
                self = .integer(number)
            } else {
                self = .other
            }
        }
    }

    /// The facts of `messages`, per user in order of first appearance (see ``FactLines``).
    public static func facts(
        for messages: [Message], extractor: RuleExtractor = RuleExtractor(), includeHistory: Bool = false
    ) -> [Fact] {
        var order: [String] = []
        var byUser: [String: [Message]] = [:]
        for message in messages {
            if byUser[message.userID] == nil { order.append(message.userID) }
            byUser[message.userID, default: []].append(message)
        }
        var output: [Fact] = []
        for user in order {
            let ordered = (byUser[user] ?? []).enumerated().sorted { a, b in
                a.element.sentAt != b.element.sentAt ? a.element.sentAt < b.element.sentAt : a.offset < b.offset
            }.map(\.element)
            let batch = ordered.map {
                Utterance(messageID: $0.id, userID: user, text: $0.text, sentAt: $0.sentAt)
            }
            let found = zip(batch, ordered).flatMap { extractor.extract($0, replyingTo: $1.context) }
            let extracted = FactsPipeline.sanitize(found, batch: batch)
            var nextID: Int64 = 1
            let stored = FactMerger.apply(FactMerger.plan(current: [], extracted: extracted), to: [], nextID: &nextID)
            let kept = stored.filter { includeHistory || $0.isOpen }.sorted {
                ($0.firstMentionedAt, $0.id) < ($1.firstMentionedAt, $1.id)
            }
            output += kept.map(fact)
        }
        return output
    }

    /// One fact as a JSON line (no trailing newline), keys in the order of ``Fact``'s fields.
    public static func encode(_ fact: Fact) -> String {
        func string(_ text: String) -> String {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.withoutEscapingSlashes]
            return (try? encoder.encode(text)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
        }
        let fields: [(String, String)] = [
            ("source_ids", "[" + fact.source_ids.map(string).joined(separator: ",") + "]"),
            ("user_id", string(fact.user_id)), ("subject", string(fact.subject)), ("category", string(fact.category)),
            ("content", string(fact.content)), ("polarity", string(fact.polarity)),
            ("temporal", string(fact.temporal)), ("confidence", String(fact.confidence)), ("slot", string(fact.slot)),
            ("mention_count", String(fact.mention_count)), ("first_mentioned_at", string(fact.first_mentioned_at)),
            ("last_mentioned_at", string(fact.last_mentioned_at)), ("valid_from", string(fact.valid_from)),
            ("valid_to", fact.valid_to.map(string) ?? "null"), ("extractor", string(fact.extractor)),
        ]
        return "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
    }

    private static func fact(_ stored: StoredFact) -> Fact {
        var seen: Set<String> = []
        let sources = stored.sourceIDs.filter { seen.insert($0).inserted }
        return Fact(
            source_ids: sources, user_id: stored.userID, subject: stored.subject, category: stored.category.rawValue,
            content: stored.content, polarity: stored.polarity.rawValue, temporal: stored.temporal.rawValue,
            confidence: (stored.confidence * 1000).rounded() / 1000, slot: stored.slot, mention_count: sources.count,
            first_mentioned_at: instant(stored.firstMentionedAt), last_mentioned_at: instant(stored.lastMentionedAt),
            valid_from: instant(stored.validFrom), valid_to: stored.validTo.map(instant), extractor: "rules")
    }

    private static func instant(_ date: Date) -> String {
        TimestampFormat.compact(date)
    }
}
