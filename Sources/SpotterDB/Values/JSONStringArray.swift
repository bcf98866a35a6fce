import SpotterCalendar

/// A JSON array of strings: how tags are stored on SQLite.
enum JSONStringArray: StringListText {
    /// Compact JSON; non-ASCII kept as UTF-8, control characters escaped. Measured first and
    /// written once into the string's own storage: a row's label list is encoded per row.
    static func encode(_ elements: [String]) -> String {
        let length = elements.reduce(elements.isEmpty ? 2 : 1 + elements.count) { $0 + quotedLength($1) }
        return String(unsafeUninitializedCapacity: length) { bytes in
            var end = 0
            bytes[end] = UInt8(ascii: "[")
            end += 1
            for (position, element) in elements.enumerated() {
                if position > 0 {
                    bytes[end] = UInt8(ascii: ",")
                    end += 1
                }
                writeQuoted(element) { byte in
                    bytes[end] = byte
                    end += 1
                }
            }
            bytes[end] = UInt8(ascii: "]")
            return end + 1
        }
    }

    static func appendQuoted(_ string: String, to bytes: inout [UInt8]) {
        writeQuoted(string) { bytes.append($0) }
    }

    /// The UTF-8 length of `string` as a quoted JSON string (``writeQuoted(_:_:)``).
    private static func quotedLength(_ string: String) -> Int {
        var length = 2
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
                length += 2
            case 0..<0x20: length += 6
            default: length += 1
            }
        }
        return length
    }

    /// Writes `string` quoted, byte by byte, with `"`, `\` and control characters escaped.
    private static func writeQuoted(_ string: String, _ write: (UInt8) -> Void) {
        write(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                write(UInt8(ascii: "\\"))
                write(byte)
            case UInt8(ascii: "\n"):
                write(UInt8(ascii: "\\"))
                write(UInt8(ascii: "n"))
            case UInt8(ascii: "\r"):
                write(UInt8(ascii: "\\"))
                write(UInt8(ascii: "r"))
            case UInt8(ascii: "\t"):
                write(UInt8(ascii: "\\"))
                write(UInt8(ascii: "t"))
            case 0..<0x20:
                for escape in "\\u00".utf8 { write(escape) }
                write(hexDigit(byte >> 4))
                write(hexDigit(byte & 0xF))
            default: write(byte)
            }
        }
        write(UInt8(ascii: "\""))
    }

    /// The lower-case hex digit of `nibble` (0…15).
    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }

    /// Nil unless the text is a JSON array whose elements are all strings.
    static func decode(bytes: UnsafeBufferPointer<UInt8>) -> [String]? {
        var scanner = ByteScanner(bytes: bytes)
        scanner.skipSpaces()
        guard scanner.consume(UInt8(ascii: "[")) else { return nil }
        var elements: [String] = []
        scanner.skipSpaces()
        if scanner.consume(UInt8(ascii: "]")) { return scanner.atEndAfterSpaces ? elements : nil }
        while true {
            scanner.skipSpaces()
            guard let element = string(&scanner) else { return nil }
            elements.append(element)
            scanner.skipSpaces()
            if scanner.consume(UInt8(ascii: "]")) { break }
            guard scanner.consume(UInt8(ascii: ",")) else { return nil }
        }
        return scanner.atEndAfterSpaces ? elements : nil
    }

    private static func string(_ scanner: inout ByteScanner) -> String? {
        guard scanner.consume(UInt8(ascii: "\"")) else { return nil }
        var bytes: [UInt8] = []
        while let byte = scanner.current {
            scanner.index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: bytes, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard let escaped = scanner.current else { return nil }
                scanner.index += 1
                switch escaped {
                case UInt8(ascii: "n"): bytes.append(UInt8(ascii: "\n"))
                case UInt8(ascii: "r"): bytes.append(UInt8(ascii: "\r"))
                case UInt8(ascii: "t"): bytes.append(UInt8(ascii: "\t"))
                case UInt8(ascii: "b"): bytes.append(0x08)
                case UInt8(ascii: "f"): bytes.append(0x0C)
                case UInt8(ascii: "u"):
                    guard var scalar = hex4(&scanner) else { return nil }
                    if (0xD800..<0xDC00).contains(scalar) {
                        guard scanner.consume(UInt8(ascii: "\\")), scanner.consume(UInt8(ascii: "u")),
                            let low = hex4(&scanner), (0xDC00..<0xE000).contains(low)
                        else { return nil }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let unicode = Unicode.Scalar(scalar) else { return nil }
                    bytes.append(contentsOf: Array(String(Character(unicode)).utf8))
                default: bytes.append(escaped)  // \" \\ \/
                }
            default:
                bytes.append(byte)
            }
        }
        return nil
    }

    private static func hex4(_ scanner: inout ByteScanner) -> UInt32? {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = scanner.current else { return nil }
            scanner.index += 1
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }
}
