import SpotterCalendar

/// PostgreSQL's one-dimensional text array literal (`{"a","b c"}`), as bound for `text[]` and
/// returned for `text[]`/`varchar[]` columns.
enum PostgresArrayLiteral: StringListText {
    /// Every element quoted, `"` and `\` escaped, so commas, braces, spaces and the word NULL
    /// survive.
    static func encode(_ elements: [String]) -> String {
        var bytes: [UInt8] = [UInt8(ascii: "{")]
        for (position, element) in elements.enumerated() {
            if position > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(UInt8(ascii: "\""))
            for byte in element.utf8 {
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { bytes.append(UInt8(ascii: "\\")) }
                bytes.append(byte)
            }
            bytes.append(UInt8(ascii: "\""))
        }
        bytes.append(UInt8(ascii: "}"))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Decodes an array literal; nested dimensions are flattened and NULL elements dropped.
    /// Nil when the text is not an array literal.
    static func decode(bytes: UnsafeBufferPointer<UInt8>) -> [String]? {
        var scanner = ByteScanner(bytes: bytes)
        scanner.skipSpaces()
        if scanner.current == UInt8(ascii: "[") {
            // Dimension decoration such as `[0:2]={…}`.
            while let byte = scanner.current, byte != UInt8(ascii: "=") { scanner.index += 1 }
            guard scanner.consume(UInt8(ascii: "=")) else { return nil }
        }
        guard scanner.consume(UInt8(ascii: "{")) else { return nil }
        var elements: [String] = []
        var depth = 1
        var element: [UInt8] = []
        while depth > 0 {
            scanner.skipSpaces()
            guard let byte = scanner.current else { return nil }
            switch byte {
            case UInt8(ascii: "{"):
                depth += 1
                scanner.index += 1
            case UInt8(ascii: "}"):
                depth -= 1
                scanner.index += 1
            case UInt8(ascii: ","):
                scanner.index += 1
            case UInt8(ascii: "\""):
                scanner.index += 1
                element.removeAll(keepingCapacity: true)
                while true {
                    guard var next = scanner.current else { return nil }
                    scanner.index += 1
                    if next == UInt8(ascii: "\"") { break }
                    if next == UInt8(ascii: "\\") {
                        guard let escaped = scanner.current else { return nil }
                        scanner.index += 1
                        next = escaped
                    }
                    element.append(next)
                }
                elements.append(String(decoding: element, as: UTF8.self))
            default:
                element.removeAll(keepingCapacity: true)
                var escapedAny = false
                var trailingSpaces = 0
                while let next = scanner.current, next != UInt8(ascii: ","), next != UInt8(ascii: "}") {
                    scanner.index += 1
                    if next == UInt8(ascii: "\\") {
                        guard let escaped = scanner.current else { return nil }
                        scanner.index += 1
                        element.append(escaped)
                        escapedAny = true
                        trailingSpaces = 0
                    } else {
                        element.append(next)
                        trailingSpaces = next == UInt8(ascii: " ") ? trailingSpaces + 1 : 0
                    }
                }
                element.removeLast(trailingSpaces)
                let isNull =
                    !escapedAny && element.count == 4
                    && element.map { $0 | 0x20 } == Array("null".utf8)
                if !isNull { elements.append(String(decoding: element, as: UTF8.self)) }
            }
        }
        return scanner.atEndAfterSpaces ? elements : nil
    }
}
