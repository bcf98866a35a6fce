/// A queue operation that could not be done, with a one-line reason.
public struct QueueError: Error, Sendable, CustomStringConvertible {
    /// What kind of failure, for callers that branch on it.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        let name: String
        /// The request itself is malformed (payload, priority, kind…).
        public static let invalidRequest = Code(name: "invalid request")
        /// No job with that id.
        public static let notFound = Code(name: "not found")
        /// The job is in a state that does not allow the operation.
        public static let wrongState = Code(name: "wrong state")
        /// The job's attempt is no longer this worker's: its lease expired and it was rescued,
        /// claimed again, cancelled or already completed.
        public static let leaseLost = Code(name: "lease lost")
        /// The database did something unexpected.
        public static let database = Code(name: "database")
        /// The name.
        public var description: String { name }
    }

    /// The failure's code.
    public var code: Code
    /// One line naming the problem.
    public var message: String

    /// Creates an error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
