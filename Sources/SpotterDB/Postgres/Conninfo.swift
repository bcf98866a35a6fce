import CLibPQ

/// libpq's own conninfo/URL parser, for early validation and for rewriting one keyword.
enum Conninfo {
    /// libpq's complaint about `conninfo` on one line, or nil when it parses.
    static func problem(in conninfo: String) -> String? {
        var errorMessage: UnsafeMutablePointer<CChar>?
        guard let options = PQconninfoParse(conninfo, &errorMessage) else {
            defer { if let errorMessage { PQfreemem(errorMessage) } }
            let text = errorMessage.map { String(cString: $0) } ?? "libpq could not parse it"
            return DatabaseError.oneLine(text)
        }
        PQconninfoFree(options)
        return nil
    }

    /// The explicitly set keywords of `conninfo`, in libpq's order.
    static func keywords(_ conninfo: String) throws -> [(key: String, value: String)] {
        var errorMessage: UnsafeMutablePointer<CChar>?
        guard let options = PQconninfoParse(conninfo, &errorMessage) else {
            defer { if let errorMessage { PQfreemem(errorMessage) } }
            let text = errorMessage.map { String(cString: $0) } ?? "libpq could not parse it"
            throw DatabaseError(.invalidConfiguration, "malformed conninfo: \(text)")
        }
        defer { PQconninfoFree(options) }
        var result: [(key: String, value: String)] = []
        var option = options
        while let keyword = option.pointee.keyword {
            if let value = option.pointee.val {
                result.append((String(cString: keyword), String(cString: value)))
            }
            option += 1
        }
        return result
    }

    /// `conninfo` as a keyword string with `key` set to `value`.
    static func replacing(_ key: String, with value: String, in conninfo: String) throws -> String {
        var pairs = try keywords(conninfo).filter { $0.key != key }
        pairs.append((key, value))
        return pairs.map { "\($0.key)=\(quoted($0.value))" }.joined(separator: " ")
    }

    /// A keyword value in single quotes with `\` and `'` escaped.
    static func quoted(_ value: String) -> String {
        "'" + value.replacingAll("\\", with: "\\\\").replacingAll("'", with: "\\'") + "'"
    }
}
