/// Why a seed was refused or failed.
public struct SeedError: Error, CustomStringConvertible, Sendable {
    /// A stable kind of failure.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        fileprivate let name: String
        /// The target database already holds input rows.
        public static let notEmpty = Code(name: "notEmpty")
        /// The configuration cannot be generated (e.g. a negative size).
        public static let invalidConfiguration = Code(name: "invalidConfiguration")
        /// The description of the code.
        public var description: String { name }
    }

    /// The kind of failure.
    public let code: Code
    /// What happened, for people.
    public let message: String

    /// Creates an error.
    public init(code: Code, message: String) {
        self.code = code
        self.message = message
    }

    /// "seed refused: …" or "seed failed: …", in words (the code is for programs, not people).
    public var description: String { "\(code == .notEmpty ? "seed refused" : "seed failed"): \(message)" }
}
