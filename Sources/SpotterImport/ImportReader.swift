#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads an export in any of the ``ImportFormat``s.
public enum ImportReader {
    /// The longest line an export may hold, in bytes (1 MiB): a set is a few hundred bytes, so a
    /// longer line is no export of a training log, and reading it would take minutes.
    public static let maxLineBytes = 1 << 20

    /// Parses `text` as `format`. A NUL character (which no text column can store, and which
    /// failed the whole file's write) is taken out first.
    public static func parse(_ text: String, format: ImportFormat, options: ImportOptions) -> ParsedLog {
        let text = text.utf8.contains(0) ? withoutNUL(text) : text
        return switch format {
        case .strong: StrongParser.parse(text, options: options)
        case .hevy: HevyParser.parse(text, options: options)
        case .fitbod: FitbodParser.parse(text, options: options)
        case .jsonl: JSONLinesParser.parse(text, options: options)
        }
    }

    /// The 1-based number of the first line of `text` longer than ``maxLineBytes``, or nil;
    /// one pass of `memchr`, so a 100 MB line is refused in well under a second.
    public static func overlongLine(in text: String) -> Int? {
        var text = text
        return text.withUTF8 { buffer -> Int? in
            guard let base = buffer.baseAddress else { return nil }
            var start = 0
            var line = 1
            while start < buffer.count {
                let rest = buffer.count - start
                let end: Int
                if let found = memchr(base + start, 0x0A, rest) {
                    end = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                } else {
                    end = buffer.count
                }
                if end - start > maxLineBytes {
                    // Old Mac line ends (CR only) are lines too.
                    var piece = start
                    while piece < end {
                        let found = memchr(base + piece, 0x0D, end - piece)
                        let pieceEnd = found.map { base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) } ?? end
                        if pieceEnd - piece > maxLineBytes { return line }
                        piece = pieceEnd + 1
                        line += 1
                    }
                    line -= 1
                }
                start = end + 1
                line += 1
            }
            return nil
        }
    }

    /// `text` without NUL characters.
    static func withoutNUL(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: text.unicodeScalars.lazy.filter { $0 != "\u{0}" })
        return String(scalars)
    }
}
