/// Small JSON texts written directly, for job results, payloads and JSON result columns. The one
/// string escaper of the project (``JSONStringArray``'s): Foundation's `JSONSerialization` bridges
/// every value through `NSDictionary`/`NSArray` on Linux (about 20 µs a call), which made the
/// per-job acknowledgement and the recommendation writes the workers' most expensive code.
public enum JSONText {
    /// `text` as a JSON string literal, with `"`, `\` and control characters escaped.
    public static func string(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 2)
        JSONStringArray.appendQuoted(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// An array of strings.
    public static func array(_ values: [String]) -> String {
        JSONStringArray.encode(values)
    }

    /// An array of booleans.
    public static func booleans(_ values: [Bool]) -> String {
        let length = 1 + values.reduce(0) { $0 + ($1 ? 5 : 6) } + (values.isEmpty ? 1 : 0)
        return String(unsafeUninitializedCapacity: length) { bytes in
            var end = 0
            func put(_ literal: StaticString) {
                for byte in UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount) {
                    bytes[end] = byte
                    end += 1
                }
            }
            put("[")
            for (position, value) in values.enumerated() {
                if position > 0 { put(",") }
                put(value ? "true" : "false")
            }
            put("]")
            return end
        }
    }

    /// An object from members whose values are already JSON texts, in the given order.
    public static func object(_ members: [(key: String, json: String)]) -> String {
        "{" + members.map { string($0.key) + ":" + $0.json }.joined(separator: ",") + "}"
    }
}
