import Foundation
import Synchronization

/// The words one locale writes dates with, read from the CLDR data the platform ships (ICU
/// through Foundation), folded (``TextFolding``): month names and abbreviations (format and
/// stand-alone forms, full and short: "nisan", "nis", "kwietnia", "kwi", "апреля", "апр"), the
/// words written with a month's number ("4月", "4월", "thg 4"), the day periods ("午後", "오후"), and the
/// literal words of its date patterns ("de", "г", "年"), so that every word of a date is known.
struct DateWords: Sendable {
    /// The ICU locale identifier ("tr", "zh_Hant").
    let locale: String
    /// Exact names and abbreviations → month (1–12); trailing dots are not part of a name.
    let monthByName: [String: Int]
    /// The full names of each month, for abbreviations the locale data does not list.
    let fullNames: [(month: Int, name: String)]
    /// Words written after a month's number ("4月", "4월") and before it ("thg 4").
    let wordsAfterMonthNumber: Set<String>
    let wordsBeforeMonthNumber: Set<String>
    /// Words for the morning and for the afternoon.
    let morning: Set<String>
    let afternoon: Set<String>
    /// The literal words of the locale's date-and-time patterns.
    let patternWords: Set<String>

    /// Words every date may hold: the ISO `T` and `Z`, `UTC`, and the English day periods.
    static let everywhere: Set<String> = ["t", "z", "utc", "gmt", "am", "pm", "a", "p", "m"]

    /// The month a word names: exactly (a listed name or abbreviation), or as an abbreviation
    /// of exactly one month's full name (at least 3 letters, the same first letter, the letters
    /// in order: "agt" for Agustus, "mrz" for März, "sept" for September).
    func month(_ word: String) -> (month: Int, exact: Bool)? {
        if let month = monthByName[word] { return (month, true) }
        guard word.count >= 3, let first = word.first else { return nil }
        var found: Int?
        for (month, name) in fullNames where name.first == first && Self.isAbbreviation(word, of: name) {
            if let found, found != month { return nil }
            found = month
        }
        return found.map { ($0, false) }
    }

    /// Whether a word the file holds is one of the locale's date words (or one every date may hold).
    func knows(_ word: String) -> Bool {
        Self.everywhere.contains(word) || monthByName[word] != nil || wordsAfterMonthNumber.contains(word)
            || wordsBeforeMonthNumber.contains(word)
            || morning.contains(word) || afternoon.contains(word) || patternWords.contains(word)
    }

    private static func isAbbreviation(_ word: String, of name: String) -> Bool {
        var rest = name[...]
        for character in word {
            guard let found = rest.firstIndex(of: character) else { return false }
            rest = rest[rest.index(after: found)...]
        }
        return true
    }

    /// Reads the locale's date words from ICU.
    init(locale identifier: String) {
        locale = identifier
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: identifier)
        var byName: [String: Int] = [:]
        var ambiguous: Set<String> = []
        var full: [(month: Int, name: String)] = []
        var wordsAfter: Set<String> = []
        var wordsBefore: Set<String> = []
        let forms: [(symbols: [String], isFull: Bool)] = [
            (formatter.monthSymbols, true), (formatter.standaloneMonthSymbols, true),
            (formatter.shortMonthSymbols, false), (formatter.shortStandaloneMonthSymbols, false),
        ]
        for (symbols, isFull) in forms {
            for (index, symbol) in symbols.prefix(12).enumerated() {
                let words = Self.words(of: symbol)
                if let digit = symbol.firstIndex(where: { $0.isASCII && $0.isNumber }) {
                    if symbol[..<digit].contains(where: \.isLetter) {
                        wordsBefore.formUnion(words)
                    } else {
                        wordsAfter.formUnion(words)
                    }
                    continue
                }
                guard words.count == 1, let name = words.first else { continue }
                if let other = byName[name], other != index + 1 { ambiguous.insert(name) }
                byName[name] = index + 1
                if isFull { full.append((index + 1, name)) }
            }
        }
        for name in ambiguous { byName[name] = nil }
        monthByName = byName
        fullNames = full
        wordsAfterMonthNumber = wordsAfter
        wordsBeforeMonthNumber = wordsBefore
        morning = Set(Self.words(of: formatter.amSymbol).filter { $0.count > 1 })
        afternoon = Set(Self.words(of: formatter.pmSymbol).filter { $0.count > 1 })
        var literal: Set<String> = []
        for template in ["yMMMdjmm", "yMMMMdjmm", "yMdjmm"] {
            let pattern = DateFormatter.dateFormat(fromTemplate: template, options: 0, locale: formatter.locale) ?? ""
            literal.formUnion(Self.literalWords(of: pattern))
        }
        patternWords = literal.subtracting(byName.keys)
    }

    /// The folded words (letters only) of `text`.
    static func words(of text: String) -> [String] {
        var words: [String] = []
        var current = ""
        for character in TextFolding.fold(text) {
            if character.isLetter {
                current.append(character)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// The words of an ICU date pattern that are written as they are: quoted text, and
    /// letters that are no pattern field (any letter outside A–Z and a–z: "年", "일").
    static func literalWords(of pattern: String) -> [String] {
        var literal = ""
        var quoted = false
        for character in pattern {
            if character == "'" {
                quoted.toggle()
                literal.append(" ")
            } else if quoted || !(character.isASCII && character.isLetter) {
                literal.append(character)
            } else {
                literal.append(" ")
            }
        }
        return words(of: literal)
    }

    // MARK: - Locales

    private static let built = Mutex<[String: DateWords]>([:])

    /// The locale's words, read from ICU once per process.
    static func of(_ identifier: String) -> DateWords {
        if let words = built.withLock({ $0[identifier] }) { return words }
        let words = DateWords(locale: identifier)
        built.withLock { $0[identifier] = words }
        return words
    }

    /// The languages Strong and Hevy ship, searched before the rest of ICU's locales (an
    /// order of search, not data: every locale's words come from ICU).
    static let appLanguages = [
        "de", "fr", "es", "it", "pt", "nl", "ru", "uk", "pl", "tr", "ja", "ko", "zh", "zh_Hant", "id", "ms", "vi",
        "th", "sv", "da", "nb", "fi", "cs", "ro", "hu", "el", "he", "ar",
    ]

    /// The locales searched, in rounds: English; the apps' languages; every other language
    /// (and script) ICU has data for. A round that reads every sampled date with every word
    /// known ends the search.
    static let searchRounds: [[String]] = {
        let languages = Locale.availableIdentifiers.filter { identifier in
            let parts = identifier.split(separator: "_")
            return parts.count == 1 || (parts.count == 2 && parts[1].count == 4)
        }
        let available = Set(languages)
        let apps = appLanguages.filter(available.contains)
        let rest = languages.filter { $0 != "en" && !apps.contains($0) }.sorted()
        return [["en"], apps, rest]
    }()
}
