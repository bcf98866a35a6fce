/// Small JSON texts built by hand. Foundation's `JSONSerialization` bridges every value through
/// `NSDictionary`/`NSArray` on Linux, which made the per-job acknowledgement path the worker's
/// most expensive code; these helpers write the same JSON directly.
enum JSONText {
    /// `text` as a JSON string literal, with `"`, `\` and control characters escaped.
    static func string(_ text: String) -> String {
        var out = "\""
        out.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// An object from members whose values are already JSON texts, in the given order.
    static func object(_ members: [(key: String, json: String)]) -> String {
        "{" + members.map { string($0.key) + ":" + $0.json }.joined(separator: ",") + "}"
    }

    /// An array of strings.
    static func array(_ values: [String]) -> String {
        "[" + values.map(string).joined(separator: ",") + "]"
    }
}
