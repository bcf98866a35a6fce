/// Removes the `spotter.` schema qualifier from SQL for SQLite, which has no schemas.
///
/// Matches what the regex `\bspotter\.` followed by an identifier would, but skips string
/// literals, quoted identifiers and comments, so `'see spotter.jobs'` keeps its text.
enum SchemaQualifier {
    private static let prefix = Array("spotter.".utf8)

    static func strip(_ sql: String) -> String {
        guard sql.contains("spotter.") else { return sql }
        let bytes = Array(sql.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "`"):
                let end = closingQuote(byte, in: bytes, from: index + 1)
                output.append(contentsOf: bytes[index..<end])
                index = end
            case UInt8(ascii: "-") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "-"):
                var end = index
                while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
                output.append(contentsOf: bytes[index..<end])
                index = end
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*"):
                var end = index + 2
                while end + 1 < bytes.count, !(bytes[end] == UInt8(ascii: "*") && bytes[end + 1] == UInt8(ascii: "/")) {
                    end += 1
                }
                end = min(end + 2, bytes.count)
                output.append(contentsOf: bytes[index..<end])
                index = end
            case UInt8(ascii: "s") where isQualifier(at: index, in: bytes):
                index += prefix.count
            default:
                output.append(byte)
                index += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static func isQualifier(at index: Int, in bytes: [UInt8]) -> Bool {
        let end = index + prefix.count
        guard end < bytes.count, bytes[index..<end].elementsEqual(prefix) else { return false }
        if index > 0, isIdentifierByte(bytes[index - 1]) || bytes[index - 1] == UInt8(ascii: ".") { return false }
        let next = bytes[end]
        return isIdentifierByte(next) || next == UInt8(ascii: "\"")
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$") || byte >= 0x80
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
    }

    /// The index just past the quote closing the one opened before `start` (doubled quotes escape).
    private static func closingQuote(_ quote: UInt8, in bytes: [UInt8], from start: Int) -> Int {
        var index = start
        while index < bytes.count {
            if bytes[index] == quote {
                if index + 1 < bytes.count, bytes[index + 1] == quote {
                    index += 2
                    continue
                }
                return index + 1
            }
            index += 1
        }
        return bytes.count
    }
}
