/// One of the five fields of a cron expression: its name, range and accepted names.
struct CronField {
    /// The field's name in error messages.
    let name: String
    /// The smallest allowed value.
    let lower: Int
    /// The largest allowed value.
    let upper: Int
    /// Accepted names, mapped to their values (`jan` → 1, `sun` → 0).
    let names: [String: Int]
    /// How to describe the names in an error (`jan–dec`).
    let namesHint: String

    static let minute = CronField(name: "minute", lower: 0, upper: 59, names: [:], namesHint: "")
    static let hour = CronField(name: "hour", lower: 0, upper: 23, names: [:], namesHint: "")
    static let dayOfMonth = CronField(name: "day-of-month", lower: 1, upper: 31, names: [:], namesHint: "")
    static let month = CronField(
        name: "month", lower: 1, upper: 12,
        names: Dictionary(
            uniqueKeysWithValues: ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
                .enumerated().map { ($1, $0 + 1) }),
        namesHint: "jan–dec")
    static let dayOfWeek = CronField(
        name: "day-of-week", lower: 0, upper: 7,
        names: Dictionary(
            uniqueKeysWithValues: ["sun", "mon", "tue", "wed", "thu", "fri", "sat"].enumerated().map { ($1, $0) }),
        namesHint: "sun–sat")

    /// The end of `*` and `a/n`: day-of-week stops at 6 so that 7 (Sunday again) is not
    /// added by a step.
    var openUpper: Int { name == "day-of-week" ? 6 : upper }

    /// Parses the field's text into a bit set of matching values.
    func parse(_ text: String) throws(CatalogError) -> UInt64 {
        var bits: UInt64 = 0
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard !item.isEmpty else { throw failure("has an empty list item in \"\(text)\"") }
            bits |= try parseItem(String(item))
        }
        return bits
    }

    /// One list item: `*`, `n`, `a-b`, each optionally `/step`.
    private func parseItem(_ item: String) throws(CatalogError) -> UInt64 {
        let parts = item.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count <= 2 else { throw failure("\"\(item)\" has more than one step") }
        let rangeText = String(parts[0])
        var step = 1
        if parts.count == 2 {
            guard let value = Int(parts[1]), parts[1].allSatisfy(\.isNumber) else {
                throw failure("step \"\(parts[1])\" in \"\(item)\" is not a number")
            }
            guard value >= 1 else { throw failure("step \(value) in \"\(item)\" must be at least 1") }
            guard value <= upper - lower else {
                throw failure("step \(value) in \"\(item)\" is larger than the field's range \(lower)–\(upper)")
            }
            step = value
        }
        let start: Int
        let end: Int
        if rangeText == "*" {
            (start, end) = (lower, openUpper)
        } else if let dash = rangeText.firstIndex(of: "-") {
            start = try value(String(rangeText[..<dash]))
            end = try value(String(rangeText[rangeText.index(after: dash)...]))
            guard start <= end else {
                throw failure(
                    "range \(rangeText) is backwards (write it as two ranges to wrap around, e.g. \(start)-\(upper),\(lower)-\(end))"
                )
            }
        } else {
            start = try value(rangeText)
            end = parts.count == 2 ? openUpper : start
        }
        var bits: UInt64 = 0
        for value in stride(from: start, through: end, by: step) { bits |= 1 << UInt64(value) }
        return bits
    }

    /// One value: a number in range, or a name.
    private func value(_ text: String) throws(CatalogError) -> Int {
        if let named = names[text.lowercased()] { return named }
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(text) else {
            let namesPart = namesHint.isEmpty ? "" : " or a name (\(namesHint))"
            throw failure("\"\(text)\" is not a number\(namesPart)")
        }
        guard (lower...upper).contains(number) else {
            throw CatalogError(file: "", message: "\(name) \(number) is out of range \(lower)–\(upper)")
        }
        return number
    }

    private func failure(_ message: String) -> CatalogError {
        CatalogError(file: "", message: "\(name) \(message)")
    }

    /// The values in `bits`, comma-separated, for messages.
    func listText(_ bits: UInt64) -> String {
        (lower...upper).filter { bits & (1 << UInt64($0)) != 0 }.map(String.init).joined(separator: ",")
    }
}
