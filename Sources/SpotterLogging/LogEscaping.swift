import SpotterJSON

/// Control characters in logged values, made visible so that no value (a job kind, an error
/// message, a payload field) can break a log line in two or forge a line of its own.
public enum LogEscaping {
    /// `text` with every control character written as an escape: `\n`, `\r`, `\t`, and `\u{XX}`
    /// for the rest of C0, DEL, C1 and the Unicode line and paragraph separators. Text without
    /// control characters is returned as it is.
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar) else {
                out.append(scalar)
                continue
            }
            switch scalar {
            case "\n": out.append(contentsOf: #"\n"#.unicodeScalars)
            case "\r": out.append(contentsOf: #"\r"#.unicodeScalars)
            case "\t": out.append(contentsOf: #"\t"#.unicodeScalars)
            default: out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16))}".unicodeScalars)
            }
        }
        return String(out)
    }

    /// True for the characters ``escaped(_:)`` rewrites.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029
    }

    /// `text` as a JSON string literal. Every character below U+0020, DEL, C1 and U+2028/U+2029
    /// is written as `\uXXXX` (or its short escape), so the literal never spans lines, whatever
    /// a reader does with the Unicode separators.
    public static func jsonString(_ text: String) -> String {
        JSONString.quoted(text, escaping: needsEscape)
    }
}
