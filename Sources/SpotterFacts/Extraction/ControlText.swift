/// Message text with terminal control taken out before extraction: escape sequences (7-bit
/// `ESC …` and their 8-bit C1 forms: CSI, OSC, DCS, SOS, PM, APC, each with its parameters and
/// payload), the other C0 and C1 control characters and DEL. Controls that break a line
/// (`\r`, vertical tab, form feed, NEL, U+2028, U+2029) become `\n`, which ends a sentence as a
/// newline does; a tab becomes a space. Left in, a sequence's parameters read as words
/// (`ESC(B` as "B", `CSI 2K` as "2K") and a line break that is not `\n` glued two sentences into
/// one, which made facts such as "Knee hurts and".
enum ControlText {
    /// `text` without control characters or escape sequences (see the type).
    static func cleaned(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index].value
            index += 1
            switch scalar {
            case 0x1B:
                index = skipEscape(scalars, from: index)
            case 0x9B:
                index = skipCSI(scalars, from: index)
            case 0x90, 0x98, 0x9D, 0x9E, 0x9F:
                index = skipString(scalars, from: index)
            case 0x0D:
                if index < scalars.count, scalars[index] == "\n" { index += 1 }
                out.append("\n")
            case 0x0A, 0x0B, 0x0C, 0x85, 0x2028, 0x2029:
                out.append("\n")
            case 0x09:
                out.append(" ")
            case 0x00..<0x20, 0x7F, 0x80..<0xA0:
                break
            default:
                out.append(scalars[index - 1])
            }
        }
        return String(out)
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return (value < 0x20 && value != 0x0A) || (0x7F..<0xA0).contains(value) || value == 0x2028 || value == 0x2029
    }

    /// After ESC: a CSI (`[`), a string (`]`, `P`, `X`, `^`, `_`), or intermediates (0x20–0x2F)
    /// and one final character (`(B`, `#8`, `c`).
    private static func skipEscape(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        guard start < scalars.count else { return start }
        switch scalars[start] {
        case "[": return skipCSI(scalars, from: start + 1)
        case "]", "P", "X", "^", "_": return skipString(scalars, from: start + 1)
        default:
            var index = start
            while index < scalars.count, (0x20...0x2F).contains(scalars[index].value) { index += 1 }
            return index < scalars.count && (0x30...0x7E).contains(scalars[index].value) ? index + 1 : index
        }
    }

    /// Parameters (0x30–0x3F), intermediates (0x20–0x2F) and a final character (0x40–0x7E).
    private static func skipCSI(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        var index = start
        while index < scalars.count, (0x20...0x3F).contains(scalars[index].value) { index += 1 }
        return index < scalars.count && (0x40...0x7E).contains(scalars[index].value) ? index + 1 : index
    }

    /// A control string's payload, to BEL, ST (`ESC \` or U+009C) or a line's end (a string
    /// left open does not swallow the rest of the message).
    private static func skipString(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        var index = start
        while index < scalars.count {
            switch scalars[index].value {
            case 0x07, 0x9C: return index + 1
            case 0x0A: return index
            case 0x1B: return index + 1 < scalars.count && scalars[index + 1] == "\\" ? index + 2 : index + 1
            default: index += 1
            }
        }
        return index
    }
}
