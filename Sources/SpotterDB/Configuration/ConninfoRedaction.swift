import Foundation

/// Hides passwords in PostgreSQL targets, in both URL and keyword form.
enum ConninfoRedaction {
    static let mask = "***"

    /// Whether `text` starts with a `postgresql://` or `postgres://` scheme.
    static func isURL(_ text: String) -> Bool {
        let lower = text.lowercased()
        return lower.hasPrefix("postgresql://") || lower.hasPrefix("postgres://")
    }

    /// `text` with every password replaced by `***`.
    static func redact(_ text: String) -> String {
        scan(text).redacted
    }

    /// The passwords found in `text` (as written and percent-decoded), to scrub from messages.
    static func secrets(in text: String) -> [String] {
        scan(text).secrets
    }

    private static func scan(_ text: String) -> (redacted: String, secrets: [String]) {
        isURL(text) ? scanURL(text) : scanKeywords(text)
    }

    private static func scanURL(_ text: String) -> (redacted: String, secrets: [String]) {
        guard let schemeEnd = text.range(of: "://")?.upperBound else { return (text, []) }
        var secrets: [String] = []
        let rest = text[schemeEnd...]
        let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) ?? rest.endIndex
        var authority = String(rest[..<authorityEnd])
        if let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") {
            let password = String(authority[authority.index(after: colon)..<at])
            secrets.append(password)
            authority.replaceSubrange(authority.index(after: colon)..<at, with: mask)
        }
        var tail = String(rest[authorityEnd...])
        if let question = tail.firstIndex(of: "?") {
            let query = tail[tail.index(after: question)...].split(separator: "&", omittingEmptySubsequences: false)
            let redactedQuery = query.map { pair -> String in
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard parts.count == 2, parts[0].lowercased() == "password" else { return String(pair) }
                secrets.append(String(parts[1]))
                return "\(parts[0])=\(mask)"
            }
            tail = String(tail[...question]) + redactedQuery.joined(separator: "&")
        }
        let decoded = secrets.compactMap { $0.removingPercentEncoding }
        return (String(text[..<schemeEnd]) + authority + tail, (secrets + decoded).filter { !$0.isEmpty })
    }

    private static func scanKeywords(_ text: String) -> (redacted: String, secrets: [String]) {
        var output = ""
        var secrets: [String] = []
        var index = text.startIndex
        let end = text.endIndex
        func copyWhitespace() {
            while index < end, text[index].isWhitespace {
                output.append(text[index])
                index = text.index(after: index)
            }
        }
        while index < end {
            copyWhitespace()
            guard index < end else { break }
            let keyStart = index
            while index < end, text[index] != "=", !text[index].isWhitespace { index = text.index(after: index) }
            let key = text[keyStart..<index]
            output += key
            copyWhitespace()
            guard index < end, text[index] == "=" else { continue }
            output.append("=")
            index = text.index(after: index)
            copyWhitespace()
            let valueStart = index
            var value = ""
            if index < end, text[index] == "'" {
                index = text.index(after: index)
                while index < end, text[index] != "'" {
                    if text[index] == "\\", text.index(after: index) < end { index = text.index(after: index) }
                    value.append(text[index])
                    index = text.index(after: index)
                }
                if index < end { index = text.index(after: index) }
            } else {
                while index < end, !text[index].isWhitespace {
                    if text[index] == "\\", text.index(after: index) < end { index = text.index(after: index) }
                    value.append(text[index])
                    index = text.index(after: index)
                }
            }
            if key.lowercased() == "password" {
                output += mask
                if !value.isEmpty { secrets.append(value) }
            } else if key.lowercased() == "dbname", isURL(value) {
                let inner = scanURL(value)
                output += inner.secrets.isEmpty ? text[valueStart..<index] : "'\(inner.redacted)'"
                secrets += inner.secrets
            } else {
                output += text[valueStart..<index]
            }
        }
        return (output, secrets)
    }
}
