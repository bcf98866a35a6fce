/// A small RFC 4180 reader that remembers where each record starts, so a bad record can be
/// reported as `line N: …` (the CSV packages in the local mirror do not report lines).
///
/// Quoted fields may hold the separator, line breaks and doubled quotes (`""`); CRLF, LF and CR
/// line ends are accepted; a leading UTF-8 byte-order mark is skipped; blank lines are skipped.
/// Lenient where exports are sloppy: a quote inside an unquoted field is kept as text, and text
/// after a closing quote is appended to the field. A quoted field still open at the end of the
/// file is reported as a problem on the line it started, and its record dropped.
public enum CSVReader {
    /// The separator of a file: whichever of `,`, `;` or tab occurs most often outside quotes
    /// in its first line (the header); `,` when none does.
    public static func detectSeparator(in text: String) -> Character {
        var counts: [Character: Int] = [",": 0, ";": 0, "\t": 0]
        var quoted = false
        for character in text {
            if character == "\"" {
                quoted.toggle()
            } else if !quoted {
                if character == "\n" || character == "\r\n" || character == "\r" { break }
                if counts[character] != nil { counts[character, default: 0] += 1 }
            }
        }
        var best: Character = ","
        for candidate: Character in [";", "\t"] where counts[candidate, default: 0] > counts[best, default: 0] {
            best = candidate
        }
        return best
    }

    /// The records of `text`, split at `separator`, with the problems met.
    public static func records(in text: String, separator: Character) -> (
        records: [CSVRecord], problems: [ImportProblem]
    ) {
        let separatorByte = separator.asciiValue ?? UInt8(ascii: ",")
        var bytes = Array(text.utf8)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        var records: [CSVRecord] = []
        var problems: [ImportProblem] = []
        var fields: [String] = []
        var field: [UInt8] = []
        var line = 1
        var recordLine = 1
        var index = 0
        var inQuotes = false
        var fieldWasQuoted = false
        let quote = UInt8(ascii: "\"")
        let cr = UInt8(ascii: "\r")
        let lf = UInt8(ascii: "\n")

        func endField() {
            fields.append(String(decoding: field, as: UTF8.self))
            field.removeAll(keepingCapacity: true)
            fieldWasQuoted = false
        }
        func endRecord() {
            endField()
            if !(fields.count == 1 && fields[0].isEmpty) {
                records.append(CSVRecord(line: recordLine, fields: fields))
            }
            fields.removeAll(keepingCapacity: true)
        }

        while index < bytes.count {
            let byte = bytes[index]
            if inQuotes {
                if byte == quote {
                    if index + 1 < bytes.count, bytes[index + 1] == quote {
                        field.append(quote)
                        index += 2
                        continue
                    }
                    inQuotes = false
                } else {
                    if byte == lf || (byte == cr && (index + 1 >= bytes.count || bytes[index + 1] != lf)) { line += 1 }
                    field.append(byte)
                }
                index += 1
                continue
            }
            switch byte {
            case quote where field.isEmpty && !fieldWasQuoted:
                inQuotes = true
                fieldWasQuoted = true
            case separatorByte:
                endField()
            case cr, lf:
                if byte == cr, index + 1 < bytes.count, bytes[index + 1] == lf { index += 1 }
                endRecord()
                line += 1
                recordLine = line
            default:
                field.append(byte)
            }
            index += 1
        }
        if inQuotes {
            problems.append(
                ImportProblem(line: recordLine, message: "a quoted field is not closed before the end of the file"))
        } else if !field.isEmpty || !fields.isEmpty {
            endRecord()
        }
        return (records, problems)
    }
}
