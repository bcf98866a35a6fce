/// A problem with one user's or client's input that prevents computing their statistics.
///
/// The calculators never stop a batch for one bad row: the job layer records this error for
/// that user (or client) and every other one is still computed. The message names the bad value
/// (a time zone or locale identifier, never personal data) so an operator can fix it.
public struct StatsError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem this is; compare against the static members.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private let name: String

        private init(_ name: String) { self.name = name }

        /// The time zone identifier is not one the system knows (an IANA name such as "Europe/Berlin").
        public static let invalidTimeZone = Code("invalid_time_zone")
        /// The locale identifier is malformed or names an unknown language, region or first weekday.
        public static let invalidLocale = Code("invalid_locale")

        /// A stable snake_case name, suitable for a database column or a log field.
        public var description: String { name }
    }

    /// The kind of problem.
    public var code: Code
    /// A human-readable explanation that quotes the offending value.
    public var message: String
    /// The offending input exactly as given (the zone or locale identifier).
    public var value: String

    /// Creates an error; `message` should quote `value`.
    public init(code: Code, message: String, value: String) {
        self.code = code
        self.message = message
        self.value = value
    }

    /// `"<code>: <message>"`.
    public var description: String { "\(code): \(message)" }

    static func invalidTimeZone(_ identifier: String) -> StatsError {
        let shown = identifier.isEmpty ? "time zone identifier is empty" : "unknown time zone \"\(identifier)\""
        return StatsError(
            code: .invalidTimeZone,
            message: "\(shown); expected an IANA name such as \"America/New_York\"",
            value: identifier
        )
    }

    static func invalidLocale(_ identifier: String, _ reason: String) -> StatsError {
        let shown = identifier.isEmpty ? "locale identifier is empty" : "invalid locale \"\(identifier)\": \(reason)"
        return StatsError(code: .invalidLocale, message: shown, value: identifier)
    }
}
