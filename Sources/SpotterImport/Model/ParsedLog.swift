/// What reading one export produced: the sessions whole, and what was skipped and why.
public struct ParsedLog: Sendable {
    /// The format read.
    public var format: ImportFormat
    /// Complete sessions, in the order they first appear in the file.
    public var sessions: [ImportedSession]
    /// Lines that could not be read, in file order.
    public var problems: [ImportProblem]
    /// Sessions left out whole because one of their lines could not be read (so none is half
    /// written): their keys with the line that spoiled them.
    public var skippedSessions: [SkippedSession]
    /// Data lines read (the header and blank lines not counted).
    public var linesRead: Int
    /// Remarks on how the file was read ("weights read as pounds: …"), for the summary.
    public var notes: [String]

    /// A parsed log with every field given.
    public init(
        format: ImportFormat, sessions: [ImportedSession] = [], problems: [ImportProblem] = [],
        skippedSessions: [SkippedSession] = [], linesRead: Int = 0, notes: [String] = []
    ) {
        self.format = format
        self.sessions = sessions
        self.problems = problems
        self.skippedSessions = skippedSessions
        self.linesRead = linesRead
        self.notes = notes
    }

    /// A session left out because of a bad line.
    public struct SkippedSession: Sendable, Hashable {
        /// Its source key.
        public var sourceKey: String
        /// Its sets that were read (the bad lines not counted).
        public var setsRead: Int
    }
}
