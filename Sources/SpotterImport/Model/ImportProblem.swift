/// Something wrong with one line of an import file, reported as `line N: message`.
public struct ImportProblem: Sendable, Hashable, CustomStringConvertible {
    /// The 1-based line of the file.
    public var line: Int
    /// What is wrong, e.g. "weight 'abc' is not a number".
    public var message: String

    /// A problem on `line`.
    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }

    /// `line N: message`.
    public var description: String { "line \(line): \(message)" }
}
