/// One record of a CSV file: its fields and the physical line it starts on.
public struct CSVRecord: Sendable, Hashable {
    /// The 1-based line of the file the record starts on (a quoted field may span lines).
    public var line: Int
    /// The fields, unquoted.
    public var fields: [String]

    /// A record starting on `line`.
    public init(line: Int, fields: [String]) {
        self.line = line
        self.fields = fields
    }
}
