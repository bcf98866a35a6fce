/// Removes bound values from server messages before they become ``DatabaseError`` text.
enum ErrorRedaction {
    /// The placeholder that replaces a redacted value.
    static let placeholder = "…"

    /// Redacts double-quoted segments that are exactly a bound value, every occurrence of a bound
    /// value of 4+ characters, and — for data exceptions (SQLSTATE class 22), whose messages echo
    /// the offending input — every double-quoted segment.
    static func redact(_ message: String, binds: [SQLValue], sqlState: String?) -> String {
        var message = message
        if let sqlState, sqlState.hasPrefix("22") {
            message = redactQuotedSegments(message)
        }
        for bind in binds {
            let texts: [String]
            switch bind {
            case .text(let value), .json(let value): texts = [value]
            case .tags(let value): texts = value + [PostgresArrayLiteral.encode(value), JSONStringArray.encode(value)]
            default: continue
            }
            for text in texts where !text.isEmpty {
                message = message.replacingAll("\"\(text)\"", with: "\"\(placeholder)\"")
                if text.count >= 4 { message = message.replacingAll(text, with: placeholder) }
            }
        }
        return message
    }

    private static func redactQuotedSegments(_ message: String) -> String {
        var result = ""
        var inQuote = false
        for character in message {
            if character == "\"" {
                if inQuote { result += placeholder }
                inQuote.toggle()
                result.append(character)
            } else if !inQuote {
                result.append(character)
            }
        }
        return result
    }
}

extension String {
    /// Every occurrence of `target` replaced, without Foundation.
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty, contains(target) else { return self }
        var result = ""
        var rest = self[...]
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        result += rest
        return result
    }
}
