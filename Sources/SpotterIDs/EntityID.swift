/// The identifier of a product's user, conversation, message, program or workout, as the product
/// keys it: a bigint, a UUID or text (a Firebase uid). Spotter never does arithmetic on these; it
/// stores them as text in its result tables and binds them to SQL as untyped text, so PostgreSQL
/// reads each as the type of the column it is compared with (an index on a bigint or uuid column
/// still serves the lookup).
///
/// The initialisers throw at the boundary (an empty id, or one with a control character, is an
/// error, never a silent fallback). A canonical decimal integer that fits 64 bits is held as an
/// integer, so bigint ids hash, compare and sort as fast and in the same order as before: ids
/// compare numerically when both are integers ("9" < "10"), else by their UTF-8 bytes (integers
/// first). SQL orders by the column's own type; this order is only for Spotter's own ties.
///
/// `Entity` is a tag (``UserEntity``, ``ConversationEntity``…) so a user id is not passed as a message id.
public struct EntityID<Entity: IDEntity>: Hashable, Sendable, Comparable, CustomStringConvertible {
    let storage: IDStorage

    /// The id as the product writes it (`"42"`, `"3f1c…"`, `"uid_AbC"`).
    public var text: String {
        switch storage {
        case .integer(let value): String(value)
        case .text(let value): value
        }
    }

    /// The id as an integer when it is a canonical decimal integer (bigint ids), else nil.
    public var integer: Int64? {
        if case .integer(let value) = storage { return value }
        return nil
    }

    /// The id `text`; throws ``IDError`` for empty text, text with a control character, or more
    /// than ``maximumLength`` bytes.
    public init(_ text: String) throws(IDError) {
        guard !text.isEmpty else { throw IDError(noun: Entity.noun, problem: "is empty") }
        guard text.utf8.count <= Self.maximumLength else {
            throw IDError(noun: Entity.noun, problem: "is longer than \(Self.maximumLength) bytes")
        }
        guard !Self.containsControlCharacter(text.utf8) else {
            throw IDError(noun: Entity.noun, problem: "contains a control character")
        }
        if let value = Self.canonicalInteger(text) {
            storage = .integer(value)
        } else {
            storage = .text(text)
        }
    }

    /// An integer id (bigint keys).
    public init(_ value: Int64) {
        storage = .integer(value)
    }

    /// The same id, tagged as another entity (a trainer is a user; a result error's subject).
    public init<Other>(_ other: EntityID<Other>) {
        storage = other.storage
    }

    /// The first id in ``<`` order (below every other), for "none sorts first".
    public static var min: Self { Self(Int64.min) }

    /// The longest id accepted, in UTF-8 bytes.
    public static var maximumLength: Int { 512 }

    public var description: String { text }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        switch (lhs.storage, rhs.storage) {
        case (.integer(let a), .integer(let b)): a < b
        case (.integer, .text): true
        case (.text, .integer): false
        case (.text(let a), .text(let b)): a.utf8.lexicographicallyPrecedes(b.utf8)
        }
    }

    /// Whether `utf8` holds a control character (general category Cc: U+0000…U+001F and
    /// U+007F…U+009F), read from the bytes: ids are read for every row of every loader, and
    /// Unicode property look-ups per scalar cost more than the rest of the read.
    static func containsControlCharacter(_ utf8: String.UTF8View) -> Bool {
        var previous: UInt8 = 0
        for byte in utf8 {
            if byte < 0x20 || byte == 0x7F { return true }
            // U+0080…U+009F are C2 80…C2 9F; C2 is only ever a lead byte.
            if previous == 0xC2, byte >= 0x80, byte <= 0x9F { return true }
            previous = byte
        }
        return false
    }

    /// `text` as an Int64 when it is written the way Int64 prints it ("42", "-7", not "042" or "+7").
    static func canonicalInteger(_ text: String) -> Int64? {
        guard let value = Int64(text), String(value) == text else { return nil }
        return value
    }
}

extension EntityID: Codable {
    /// Decodes a JSON string or a JSON integer (`{"user_id": 42}` payloads keep working).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(Int64.self) {
            self.init(value)
            return
        }
        let text: String
        do {
            text = try container.decode(String.self)
        } catch {
            throw DecodingError.typeMismatch(
                String.self,
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "a \(Entity.noun) id must be a string or an integer"))
        }
        do {
            try self.init(text)
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.message))
        }
    }

    /// Encodes an integer id as a JSON integer, any other as a JSON string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch storage {
        case .integer(let value): try container.encode(value)
        case .text(let value): try container.encode(value)
        }
    }
}

extension EntityID: ExpressibleByIntegerLiteral {
    /// An integer id (tests, the seed).
    public init(integerLiteral value: Int64) {
        self.init(value)
    }
}

/// An id's value: an integer (canonical decimal text) or other text.
enum IDStorage: Hashable, Sendable {
    case integer(Int64)
    case text(String)
}

/// What an id names; ``noun`` is used in messages ("user id is empty").
public protocol IDEntity: Sendable {
    static var noun: String { get }
}

/// A user (member, client or trainer).
public enum UserEntity: IDEntity { public static var noun: String { "user" } }
/// A conversation.
public enum ConversationEntity: IDEntity { public static var noun: String { "conversation" } }
/// A message.
public enum MessageEntity: IDEntity { public static var noun: String { "message" } }
/// A program.
public enum ProgramEntity: IDEntity { public static var noun: String { "program" } }
/// A workout of a program.
public enum WorkoutEntity: IDEntity { public static var noun: String { "workout" } }

/// A workout session (a product's workout log entry).
public enum SessionEntity: IDEntity { public static var noun: String { "workout session" } }

public typealias UserID = EntityID<UserEntity>
public typealias SessionID = EntityID<SessionEntity>
public typealias ConversationID = EntityID<ConversationEntity>
public typealias MessageID = EntityID<MessageEntity>
public typealias ProgramID = EntityID<ProgramEntity>
public typealias WorkoutID = EntityID<WorkoutEntity>

/// An id that cannot be used, with what is wrong with it (never the id itself, which may be long
/// or hold control characters).
public struct IDError: Error, Sendable, Hashable, CustomStringConvertible {
    public var noun: String
    public var problem: String

    public init(noun: String, problem: String) {
        self.noun = noun
        self.problem = problem
    }

    /// "user id is empty".
    public var message: String { "\(noun) id \(problem)" }
    public var description: String { message }
}
