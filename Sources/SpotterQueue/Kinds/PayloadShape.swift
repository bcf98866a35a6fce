import Foundation

/// What a kind's payload accepts, derived from its `Codable` type: the top-level field names it
/// reads, and a check that a payload decodes as that type. Enqueueing checks a payload against
/// it (`spotter enqueue`, and the field names in `spotter.enqueue` through
/// `spotter.job_kinds.payload_fields`), so a typo (`userid`) or a malformed id fails at once
/// instead of at run time.
public struct PayloadShape: Sendable {
    /// The field names the payload type reads; nil when they could not be derived (the type
    /// decodes a required field of its own type first), and then no field is refused.
    public var fields: [String]?
    /// Throws ``PayloadError`` when `payload` is not an instance of the type (a wrong type, a
    /// malformed id, a missing required field).
    public var decode: @Sendable (String) throws -> Void

    /// The shape of `Payload`.
    public init<Payload: Decodable & Sendable>(of payload: Payload.Type) {
        fields = FieldRecorder.fields(of: Payload.self)
        decode = { text in
            do {
                _ = try JSONDecoder().decode(Payload.self, from: Data(text.utf8))
            } catch {
                throw PayloadError(Self.describe(error))
            }
        }
    }

    /// A shape that accepts any JSON object (test kinds whose payloads are free-form).
    public static let anyObject = PayloadShape(fields: nil, decode: { _ in })

    private init(fields: [String]?, decode: @escaping @Sendable (String) throws -> Void) {
        self.fields = fields
        self.decode = decode
    }

    /// Checks `payload` (a JSON object's text): every field one the type reads, and the whole
    /// decoding as the type. Throws ``PayloadError`` naming the first problem (with the closest
    /// field name for a typo).
    public func check(_ payload: String) throws {
        if let fields, let object = try? JSONSerialization.jsonObject(with: Data(payload.utf8)) as? [String: Any] {
            for key in object.keys.sorted() where !fields.contains(key) {
                let accepted =
                    fields.isEmpty ? "it takes no fields" : "it takes: \(fields.sorted().joined(separator: ", "))"
                throw PayloadError("unknown payload field '\(key)'; \(accepted)", field: key, fields: fields)
            }
        }
        try decode(payload)
    }

    /// A decoding error as one line naming the field.
    static func describe(_ error: any Error) -> String {
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map(\.stringValue).joined(separator: ".")
        }
        switch error {
        case DecodingError.keyNotFound(let key, _): return "missing field '\(key.stringValue)'"
        case DecodingError.typeMismatch(_, let context): return "field '\(path(context))' has the wrong type"
        case DecodingError.valueNotFound(_, let context): return "field '\(path(context))' is null"
        case DecodingError.dataCorrupted(let context):
            let underlying = context.underlyingError.map { ": \($0)" } ?? ""
            return path(context).isEmpty
                ? "not a JSON object\(underlying)"
                : "field '\(path(context))' is invalid: \(context.debugDescription)\(underlying)"
        default: return "\(error)"
        }
    }
}

/// A payload that does not fit its kind's payload type.
public struct PayloadError: Error, CustomStringConvertible {
    /// What is wrong, one line.
    public var message: String
    /// The unknown field, when that is the problem.
    public var field: String?
    /// The fields the kind takes, when the problem is an unknown field.
    public var fields: [String]?

    init(_ message: String, field: String? = nil, fields: [String]? = nil) {
        self.message = message
        self.field = field
        self.fields = fields
    }

    public var description: String { message }
}

/// Derives a `Decodable` type's top-level field names by decoding it from nothing: every key it
/// asks about is recorded, optional ones read as absent, required scalars as zero values.
enum FieldRecorder {
    /// The keys `type` reads, sorted; nil when its decoding cannot get past a required field.
    static func fields<T: Decodable>(of type: T.Type) -> [String]? {
        let keys = Keys()
        guard (try? T(from: RecordingDecoder(keys: keys))) != nil else { return nil }
        return keys.names.sorted()
    }

    /// The keys asked about; used by one decoding on one thread.
    final class Keys {
        var names: Set<String> = []
    }

    /// Not thrown to callers: a nested value cannot be made from nothing.
    struct Unsupported: Error {}

    struct RecordingDecoder: Decoder {
        let keys: Keys
        var codingPath: [any CodingKey] { [] }
        var userInfo: [CodingUserInfoKey: Any] { [:] }
        func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
            KeyedDecodingContainer(Container(keys: keys))
        }
        func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw Unsupported() }
        func singleValueContainer() throws -> any SingleValueDecodingContainer { throw Unsupported() }
    }

    struct Container<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let keys: Keys
        var codingPath: [any CodingKey] { [] }
        var allKeys: [Key] { [] }
        func record(_ key: Key) { keys.names.insert(key.stringValue) }
        func contains(_ key: Key) -> Bool {
            record(key)
            return false
        }
        func decodeNil(forKey key: Key) throws -> Bool {
            record(key)
            return true
        }
        func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
            record(key)
            return false
        }
        func decode(_ type: String.Type, forKey key: Key) throws -> String {
            record(key)
            return ""
        }
        func decode(_ type: Double.Type, forKey key: Key) throws -> Double { zero(key) }
        func decode(_ type: Float.Type, forKey key: Key) throws -> Float { zero(key) }
        func decode(_ type: Int.Type, forKey key: Key) throws -> Int { zero(key) }
        func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { zero(key) }
        func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { zero(key) }
        func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { zero(key) }
        func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { zero(key) }
        func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { zero(key) }
        func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { zero(key) }
        func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { zero(key) }
        func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { zero(key) }
        func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { zero(key) }
        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            record(key)
            throw Unsupported()
        }
        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
            -> KeyedDecodingContainer<NestedKey>
        {
            record(key)
            throw Unsupported()
        }
        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            record(key)
            throw Unsupported()
        }
        func superDecoder() throws -> any Decoder { RecordingDecoder(keys: keys) }
        func superDecoder(forKey key: Key) throws -> any Decoder {
            record(key)
            throw Unsupported()
        }
        private func zero<N: Numeric>(_ key: Key) -> N {
            record(key)
            return 0
        }
    }
}
