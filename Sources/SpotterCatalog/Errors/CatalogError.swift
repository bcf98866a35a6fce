/// A problem found while reading `jobs/`: which file, which line, which key, and what is wrong.
///
/// The description reads like a compiler diagnostic so that editors and terminals can jump to it:
/// `jobs/kinds.yaml:14: kinds.profile_stats.timeout: "5 minutes" is not a duration (use 30s, 5m, 2h)`.
public struct CatalogError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file the problem is in, as it was named to the loader (for example `jobs/kinds.yaml`).
    public var file: String
    /// The 1-based line of the offending key or value, when it is known.
    public var line: Int?
    /// The dotted path of the offending key (`kinds.profile_stats.timeout`, `schedule[0].cron`).
    public var key: String?
    /// What is wrong, and when possible how to fix it.
    public var message: String

    /// Creates an error at a place in a catalog file.
    public init(file: String, line: Int? = nil, key: String? = nil, message: String) {
        self.file = file
        self.line = line
        self.key = key
        self.message = message
    }

    /// `file:line: key: message`, leaving out the parts that are not known.
    public var description: String {
        var text = ""
        if !file.isEmpty {
            text = file
            if let line { text += ":\(line)" }
            text += ": "
        }
        if let key, !key.isEmpty { text += "\(key): " }
        return text + message
    }

    /// The same problem placed at a key of a file (used when a value parsed on its own, such as a
    /// cron expression, turns out to be wrong inside a catalog file).
    func placed(file: String, line: Int?, key: String) -> CatalogError {
        CatalogError(file: file, line: line, key: key, message: message)
    }
}
