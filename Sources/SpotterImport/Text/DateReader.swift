import Foundation

/// Reads one column of an export's dates in the locale they are written in, found from a
/// sample of the column: the locale whose ICU date words (``DateWords``) read the most of the
/// sampled values with the fewest words left unknown. Locales are searched in rounds (English;
/// the apps' languages; every other locale ICU has), and a round in which one locale reads
/// every sampled value with every word known ends the search, so an English file costs one
/// locale and a Turkish one a few dozen.
struct DateReader {
    /// The locale's words the dates are read with.
    let words: DateWords
    private var known: [String: LocalDateTime?] = [:]
    private var instants: [String: (date: LocalDateTime, instant: Date)?] = [:]

    /// Sampled values at most (spread over the column).
    static let sampleSize = 120

    init(words: DateWords) { self.words = words }

    /// The date `text` names; a value read before is not read again (a session's rows repeat it).
    mutating func date(_ text: String) -> LocalDateTime? {
        if let date = known[text] { return date }
        let date = LocalDateTime.read(text, words: words).date
        known[text] = .some(date)
        return date
    }

    /// The date `text` names and the instant it is in `zone` (the same zone for every value of
    /// a file); nil when either is none. Both are worked out once per distinct value.
    mutating func instant(_ text: String, in zone: TimeZone) -> (date: LocalDateTime, instant: Date)? {
        if let known = instants[text] { return known }
        let found = date(text).flatMap { date in date.instant(in: zone).map { (date, $0) } }
        instants[text] = .some(found)
        return found
    }

    /// What the search found.
    enum Search {
        /// The dates are read with this reader.
        case found(DateReader)
        /// No locale reads the column: the one problem that says so, on the line of a value.
        case unreadable(ImportProblem)
    }

    /// Finds the locale of `values` (a column's non-empty values with their lines); `column`
    /// names the column in the problem. Fewer than half the sampled values read in the best
    /// locale is a file whose dates cannot be read.
    static func find(_ values: [(line: Int, text: String)], column: String) -> Search {
        let sample = Self.sample(values)
        guard !sample.isEmpty else { return .found(DateReader(words: .of("en"))) }
        let sampleWords = Set(sample.flatMap { DateWords.words(of: $0.text) }).subtracting(DateWords.everywhere)
        struct Score {
            var words: DateWords
            var read: Int
            var unknown: Int
            func beats(_ other: Score) -> Bool {
                read != other.read ? read > other.read : unknown < other.unknown
            }
        }
        var best: Score?
        var tried: [String] = []
        var searched = 0
        for (round, locales) in DateWords.searchRounds.enumerated() {
            // Without words, the numbers alone decide: no other locale reads them differently.
            if round > 0 && sampleWords.isEmpty { break }
            for locale in locales {
                let words = DateWords.of(locale)
                searched += 1
                if round > 0, !sampleWords.contains(where: { words.knows($0) || words.month($0) != nil }) { continue }
                var score = Score(words: words, read: 0, unknown: 0)
                for value in sample {
                    let (date, unknown) = LocalDateTime.read(value.text, words: words)
                    if date != nil { score.read += 1 }
                    score.unknown += unknown
                }
                if score.read > 0 { tried.append(locale) }
                if best.map(score.beats) ?? true { best = score }
            }
            if let best, best.read == sample.count, best.unknown == 0 { break }
        }
        guard let best, best.read * 2 >= sample.count, best.read > 0 else {
            let unread =
                best.flatMap { best in
                    sample.first { LocalDateTime.read($0.text, words: best.words).date == nil }
                } ?? sample[0]
            let names = tried.isEmpty ? "none reads any" : tried.prefix(10).joined(separator: ", ")
            let more = tried.count > 10 ? " and \(tried.count - 10) more" : ""
            return .unreadable(
                ImportProblem(
                    line: unread.line,
                    message: "\(column) '\(unread.text)' is not a date and time in any locale tried "
                        + "(\(searched) ICU locales searched; \(names)\(more)); the file's dates cannot be read, "
                        + "nothing was imported"))
        }
        return .found(DateReader(words: best.words))
    }

    /// Up to ``sampleSize`` distinct non-empty values, spread over the column.
    static func sample(_ values: [(line: Int, text: String)]) -> [(line: Int, text: String)] {
        var seen: Set<String> = []
        var distinct: [(line: Int, text: String)] = []
        for value in values {
            let text = value.text.trimmingCharacters(in: .whitespacesAndNewlines)
            if !text.isEmpty, seen.insert(text).inserted { distinct.append((value.line, text)) }
        }
        guard distinct.count > sampleSize else { return distinct }
        let step = Double(distinct.count) / Double(sampleSize)
        return (0..<sampleSize).map { distinct[Int(Double($0) * step)] }
    }
}
