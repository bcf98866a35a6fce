/// Why a read-path request about people was refused: the caller is unknown, or asked about
/// someone outside what they may read (`spotter.viewer_scope`), or gave an unusable argument.
public struct ReadScopeError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, opaque so that new reasons can be added.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        let name: String
        init(_ name: String) { self.name = name }
        /// The caller (`--as-user`, USER) is not a user, or is deactivated.
        public static let unknownUser = Code("unknownUser")
        /// The person asked about is not the caller nor one of the caller's clients.
        public static let outOfScope = Code("outOfScope")
        /// The request needs a trainer (their clients' overview) and the caller is not one.
        public static let notTrainer = Code("notTrainer")
        /// An argument is missing, of the wrong type or out of range.
        public static let invalidArgument = Code("invalidArgument")
        /// The code's name.
        public var description: String { name }
    }

    /// The reason.
    public var code: Code
    /// One readable sentence naming the problem (ids, never other people's data).
    public var message: String

    /// A refusal with `code` and `message`.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
