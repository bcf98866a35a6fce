import CLibPQ
import SpotterCalendar

/// Text-format encoding of binds and decoding of result values for PostgreSQL.
enum PostgresValues {
    // Type OIDs (pg_type.h).
    static let bool: Oid = 16, int8: Oid = 20, int2: Oid = 21, int4: Oid = 23, text: Oid = 25, oid: Oid = 26
    static let json: Oid = 114, float4: Oid = 700, float8: Oid = 701, textArray: Oid = 1009
    static let varcharArray: Oid = 1015, timestamp: Oid = 1114, timestamptz: Oid = 1184, numeric: Oid = 1700
    static let jsonb: Oid = 3802

    /// The parameter type PostgreSQL is told for a bind (0: let the server infer it).
    static func type(of value: SQLValue) -> Oid {
        switch value {
        case .null, .text: 0
        case .int: int8
        case .double: float8
        case .bool: bool
        case .timestamp: timestamptz
        case .json: jsonb
        case .tags: textArray
        }
    }

    /// The text form of a bind, nil for NULL.
    static func text(of value: SQLValue) -> String? {
        switch value {
        case .null: nil
        case .text(let text), .json(let text): text
        case .int(let int): String(int)
        case .double(let double): text(of: double)
        case .bool(let bool): bool ? "true" : "false"
        case .timestamp(let date): TimestampFormat.format(date)
        case .tags(let tags): PostgresArrayLiteral.encode(tags)
        }
    }

    static func text(of double: Double) -> String {
        if double.isNaN { return "NaN" }
        if double.isInfinite { return double < 0 ? "-Infinity" : "Infinity" }
        return String(double)
    }

    /// Calls `body` with libpq's parameter arrays for `binds` (count, types, NUL-terminated values).
    static func withParameters<T>(
        _ binds: [SQLValue], sql: String,
        _ body: (Int32, UnsafePointer<Oid>?, UnsafePointer<UnsafePointer<CChar>?>?) throws -> T
    ) throws -> T {
        if binds.isEmpty { return try body(0, nil, nil) }
        let types = binds.map(type(of:))
        var storage: [CChar] = []
        var offsets: [Int?] = []
        offsets.reserveCapacity(binds.count)
        for (position, bind) in binds.enumerated() {
            guard let text = text(of: bind) else {
                offsets.append(nil)
                continue
            }
            offsets.append(storage.count)
            for byte in text.utf8 {
                if byte == 0 {
                    throw DatabaseError(
                        .misuse, "bind $\(position + 1) contains a NUL character, which PostgreSQL text cannot store",
                        sql: sql)
                }
                storage.append(CChar(bitPattern: byte))
            }
            storage.append(0)
        }
        return try storage.withUnsafeBufferPointer { buffer in
            let pointers: [UnsafePointer<CChar>?] = offsets.map { offset in offset.map { buffer.baseAddress! + $0 } }
            return try types.withUnsafeBufferPointer { typeBuffer in
                try pointers.withUnsafeBufferPointer { pointerBuffer in
                    try body(Int32(binds.count), typeBuffer.baseAddress, pointerBuffer.baseAddress)
                }
            }
        }
    }

    /// Decodes one text-format result value by its column type.
    static func decode(_ result: OpaquePointer, row: Int32, column: Int32, type: Oid) -> SQLValue {
        if PQgetisnull(result, row, column) != 0 { return .null }
        let length = Int(PQgetlength(result, row, column))
        let pointer = UnsafeRawPointer(PQgetvalue(result, row, column)!).assumingMemoryBound(to: UInt8.self)
        let bytes = UnsafeBufferPointer(start: pointer, count: length)
        switch type {
        case bool:
            return .bool(bytes.first == UInt8(ascii: "t"))
        case int8, int4, int2, oid:
            if let value = parseInt(bytes) { return .int(value) }
        case float8, float4, numeric:
            if let value = Double(String(decoding: bytes, as: UTF8.self)) { return .double(value) }
        case timestamptz, timestamp:
            if let value = TimestampFormat.parse(bytes: bytes) { return .timestamp(value) }
        case json, jsonb:
            return .json(String(decoding: bytes, as: UTF8.self))
        case textArray, varcharArray:
            if let value = PostgresArrayLiteral.decode(bytes: bytes) { return .tags(value) }
        default:
            break
        }
        return .text(String(decoding: bytes, as: UTF8.self))
    }

    /// A signed decimal integer, nil on anything else or overflow.
    static func parseInt(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        guard !bytes.isEmpty else { return nil }
        var index = 0
        let negative = bytes[0] == UInt8(ascii: "-")
        if negative || bytes[0] == UInt8(ascii: "+") { index = 1 }
        guard index < bytes.count else { return nil }
        var value: Int64 = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let digit = Int64(byte - UInt8(ascii: "0"))
            let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow2) =
                negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
            guard !overflow1, !overflow2 else { return nil }
            value = next
            index += 1
        }
        return value
    }

    /// Appends one value in COPY text format: `\N` for NULL, backslash, tab, newline and
    /// carriage return escaped. Writes straight into the buffer, without intermediate strings.
    static func appendCopyField(_ value: SQLValue, to buffer: inout [UInt8]) throws {
        switch value {
        case .null:
            buffer.append(UInt8(ascii: "\\"))
            buffer.append(UInt8(ascii: "N"))
        case .int(let int):
            appendDecimal(int, to: &buffer)
        case .bool(let bool):
            buffer.append(bool ? UInt8(ascii: "t") : UInt8(ascii: "f"))
        case .double(let double):
            buffer.append(contentsOf: text(of: double).utf8)
        case .timestamp(let date):
            TimestampFormat.append(date, to: &buffer)
        case .text(let text), .json(let text):
            try appendCopyEscaped(text, to: &buffer)
        case .tags(let tags):
            // The array literal, then COPY-escaped: each `\` of the literal doubles again.
            try appendCopyEscaped(PostgresArrayLiteral.encode(tags), to: &buffer)
        }
    }

    private static func appendCopyEscaped(_ text: String, to buffer: inout [UInt8]) throws {
        var text = text
        try text.withUTF8 { bytes in
            // Most values hold no byte to escape: they are copied whole.
            if !bytes.contains(where: { $0 == UInt8(ascii: "\\") || $0 <= UInt8(ascii: "\r") }) {
                buffer.append(contentsOf: bytes)
                return
            }
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "\\"):
                    buffer.append(UInt8(ascii: "\\"))
                    buffer.append(UInt8(ascii: "\\"))
                case UInt8(ascii: "\t"):
                    buffer.append(UInt8(ascii: "\\"))
                    buffer.append(UInt8(ascii: "t"))
                case UInt8(ascii: "\n"):
                    buffer.append(UInt8(ascii: "\\"))
                    buffer.append(UInt8(ascii: "n"))
                case UInt8(ascii: "\r"):
                    buffer.append(UInt8(ascii: "\\"))
                    buffer.append(UInt8(ascii: "r"))
                case 0:
                    throw DatabaseError(
                        .misuse, "a COPY value contains a NUL character, which PostgreSQL text cannot store")
                default:
                    buffer.append(byte)
                }
            }
        }
    }

    private static func appendDecimal(_ value: Int64, to buffer: inout [UInt8]) {
        if value < 0 { buffer.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits:
            (
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
            ) =
                (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { storage in
            repeat {
                storage[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            for index in stride(from: count - 1, through: 0, by: -1) { buffer.append(storage[index]) }
        }
    }
}
