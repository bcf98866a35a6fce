/// Month names and abbreviations in the languages exports are written in (English, German,
/// French, Spanish, Portuguese, Italian, Dutch), folded (lower case, no accents).
enum MonthNames {
    /// Full names per month (index 0 = January), every language.
    static let full: [[String]] = [
        ["january", "januar", "janvier", "enero", "janeiro", "gennaio", "januari", "janner"],
        ["february", "februar", "fevrier", "febrero", "fevereiro", "febbraio", "februari"],
        ["march", "marz", "mars", "marzo", "marco", "maart"],
        ["april", "avril", "abril", "aprile"],
        ["may", "mai", "mayo", "maio", "maggio", "mei"],
        ["june", "juni", "juin", "junio", "junho", "giugno"],
        ["july", "juli", "juillet", "julio", "julho", "luglio"],
        ["august", "aout", "agosto", "augustus"],
        ["september", "septembre", "septiembre", "setiembre", "setembro", "settembre"],
        ["october", "oktober", "octobre", "octubre", "outubro", "ottobre"],
        ["november", "novembre", "noviembre", "novembro"],
        ["december", "dezember", "decembre", "diciembre", "dezembro", "dicembre"],
    ]
    /// Abbreviations that are not a prefix of a full name ("mrz", "mrt").
    static let extra: [String: Int] = ["mrz": 3, "mrt": 3, "jan": 1, "sept": 9]

    /// The month (1–12) a word names, or nil. A word matches a full name, a listed
    /// abbreviation, or is a prefix (3 letters or more, a trailing dot ignored) of the full
    /// names of exactly one month ("sept." → 9, "juil" → 7, but "jui" → nil).
    static func month(_ word: String) -> Int? {
        var folded = TextFolding.fold(word)
        while folded.hasSuffix(".") { folded.removeLast() }
        guard folded.count >= 3 else { return nil }
        if let month = extra[folded] { return month }
        var found: Set<Int> = []
        for (index, names) in full.enumerated() where names.contains(where: { $0.hasPrefix(folded) }) {
            found.insert(index + 1)
        }
        return found.count == 1 ? found.first : nil
    }
}
