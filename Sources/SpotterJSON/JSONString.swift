/// JSON string literals written by hand (the reason codes, the catalog's values, id lists bound to
/// SQLite, JSON log lines), spelled once.
public enum JSONString {
    /// `text` as a JSON string literal: quotes and backslashes escaped, `\n`, `\r` and `\t` as
    /// their short escapes, and every other scalar `escaping` names (by default those below
    /// U+0020, which JSON forbids raw) as `\uXXXX` with lowercase hex digits.
    public static func quoted(
        _ text: String, escaping: (Unicode.Scalar) -> Bool = { $0.value < 0x20 }
    ) -> String {
        // Nearly every text (reason arguments, catalog values, ids) is printable ASCII with
        // nothing to escape: copied whole, not scalar by scalar.
        if text.utf8.allSatisfy({ byte in
            byte >= 0x20 && byte < 0x7F && byte != 0x22 && byte != 0x5C && !escaping(Unicode.Scalar(byte))
        }) {
            return "\"" + text + "\""
        }
        var out = "\""
        out.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where escaping(scalar):
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
