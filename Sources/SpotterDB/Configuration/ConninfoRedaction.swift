import Foundation

/// Hides passwords in database targets: PostgreSQL URLs and keyword strings exactly, and —
/// since a mistyped or foreign string (`postgresql+asyncpg://`, `jdbc:postgresql://…`,
/// `mysql://`, `app:PW@host/db`, `sqlite:…?password=`) is echoed in errors too — the userinfo
/// password and password-like parameters of a string of any scheme.
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
        let exact = isURL(text) ? scanURL(text) : scanKeywords(text)
        let loose = scanAnyForm(exact.redacted)
        let secrets = exact.secrets + loose.secrets + loose.secrets.compactMap { $0.removingPercentEncoding }
        return (loose.redacted, Array(Set(secrets.filter { !$0.isEmpty && $0 != mask })))
    }

    /// Parameter names whose values are secrets, in any form (`?k=v`, `;k=v`, `k=v`).
    private static let secretKeys: Set<String> = [
        "password", "passwd", "pwd", "pass", "sslpassword", "secret", "token", "access_token", "api_key", "apikey",
    ]

    /// The userinfo password (`user:PW@`) after the authority's start — `//` if the string has
    /// one, else its first `/`, else its beginning — and every secret parameter, whatever the
    /// scheme. Userinfo with spaces or `=` is a keyword string's value, not userinfo.
    private static func scanAnyForm(_ text: String) -> (redacted: String, secrets: [String]) {
        var characters = Array(text)
        var secrets: [String] = []
        var replacements: [(range: Range<Int>, secret: String)] = []
        let queryStart = characters.firstIndex(of: "?") ?? characters.endIndex
        if let at = characters[..<queryStart].lastIndex(of: "@") {
            let slashes = (0..<max(0, at - 1)).first { characters[$0] == "/" && characters[$0 + 1] == "/" }
            let start = slashes.map { $0 + 2 } ?? (characters[..<at].firstIndex(of: "/").map { $0 + 1 } ?? 0)
            let userinfo = characters[start..<at]
            if !userinfo.contains(where: { $0.isWhitespace || $0 == "=" }),
                let colon = userinfo.firstIndex(of: ":"), colon + 1 < at
            {
                replacements.append((colon + 1..<at, String(characters[colon + 1..<at])))
            }
        }
        var index = 0
        while index < characters.count {
            let atBoundary = index == 0 || "?&; \t\n".contains(characters[index - 1])
            let window = index..<min(index + 64, characters.count)
            guard atBoundary, let equals = characters[window].firstIndex(of: "="),
                isSecretKey(String(characters[index..<equals]))
            else {
                index += 1
                continue
            }
            var end = equals + 1
            if end < characters.count, characters[end] == "'" {
                end += 1
                while end < characters.count, characters[end] != "'" { end += characters[end] == "\\" ? 2 : 1 }
                end = min(end + 1, characters.count)
            } else {
                while end < characters.count, !"&; \t\n".contains(characters[end]) { end += 1 }
            }
            if end > equals + 1, String(characters[equals + 1..<end]) != mask {
                replacements.append((equals + 1..<end, String(characters[equals + 1..<end])))
            }
            index = end
        }
        var applied = characters.count
        for replacement in replacements.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            guard replacement.secret != mask, replacement.range.upperBound <= applied else { continue }
            applied = replacement.range.lowerBound
            secrets.append(replacement.secret.trimmingCharacters(in: CharacterSet(charactersIn: "'")))
            characters.replaceSubrange(replacement.range, with: Array(mask))
        }
        return (String(characters), secrets)
    }

    /// A URL as libpq reads it: the userinfo runs to an `@` before the first `/` (a `?` in the
    /// password included), and query parameter names are percent-decoded (`pass%77ord` is
    /// `password`). The password masked is what the person meant — up to the last such `@` — and
    /// each part after an unencoded `@` in it is a secret too, since libpq takes the first `@` and
    /// prints the rest as part of the host name in its error.
    private static func scanURL(_ text: String) -> (redacted: String, secrets: [String]) {
        guard let schemeEnd = text.range(of: "://")?.upperBound else { return (text, []) }
        var secrets: [String] = []
        let rest = text[schemeEnd...]
        let slash = rest.firstIndex(of: "/") ?? rest.endIndex
        let at = rest[..<slash].lastIndex(of: "@")
        let hostStart = at.map { rest.index(after: $0) } ?? rest.startIndex
        let authorityEnd = rest[hostStart...].firstIndex(where: { $0 == "/" || $0 == "?" }) ?? rest.endIndex
        var authority = String(rest[..<authorityEnd])
        if let at, let colon = rest[..<at].firstIndex(of: ":") {
            let password = String(rest[rest.index(after: colon)..<at])
            secrets.append(password)
            for (index, character) in password.enumerated() where character == "@" {
                secrets.append(String(password.dropFirst(index + 1)) + "@")
            }
            let offset = rest.distance(from: rest.startIndex, to: colon) + 1
            let length = password.count
            let start = authority.index(authority.startIndex, offsetBy: offset)
            authority.replaceSubrange(start..<authority.index(start, offsetBy: length), with: mask)
        }
        var tail = String(rest[authorityEnd...])
        if let question = tail.firstIndex(of: "?") {
            let query = tail[tail.index(after: question)...].split(separator: "&", omittingEmptySubsequences: false)
            let redactedQuery = query.map { pair -> String in
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard parts.count == 2, isSecretKey(parts[0]) else { return String(pair) }
                secrets.append(String(parts[1]))
                return "\(parts[0])=\(mask)"
            }
            tail = String(tail[...question]) + redactedQuery.joined(separator: "&")
        }
        let decoded = secrets.compactMap { $0.removingPercentEncoding }
        return (String(text[..<schemeEnd]) + authority + tail, (secrets + decoded).filter { !$0.isEmpty })
    }

    /// Whether a parameter name, percent-decoded as libpq decodes a URL's, names a secret.
    private static func isSecretKey(_ key: some StringProtocol) -> Bool {
        let name = String(key)
        return secretKeys.contains((name.removingPercentEncoding ?? name).lowercased())
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
