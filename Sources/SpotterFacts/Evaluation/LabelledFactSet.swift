/// The labelled set shipped with the module, written before the rules were tuned.
///
/// Each line of ``LabelledFactSet/lines`` is `tag | text | facts`, where facts is a `;`-separated
/// list of `subject category polarity temporal` (polarity `+` or `-`), optionally followed by
/// `= what the fact says` ("self health + current = Left knee hurts when running"), and is
/// empty when the line should yield nothing. Lines starting with `#` are comments. Where the
/// content is given, a match also needs the extracted content to say it (``TokenMatch``).
///
/// Labelling guide (the same rules the extractor is judged by):
/// - A fact is about the speaker (`self`) or a person the speaker names with "my"; that
///   person's canonical relation is the subject (mom/mum → mother, dad → father,
///   children → kids) and the category is `relationship`. "My wife and I …" is about `self`.
/// - Questions, greetings, thanks, small talk, requests, conditionals ("if …"), transient
///   moods and logistics ("I'll be late"), and statements about the world or about people not
///   named with "my" yield nothing. Non-English lines yield nothing.
/// - Categories for `self` follow ``FactCategory``. A hedge about oneself ("I think my knee
///   is injured") keeps the inner fact's category; `belief` is a value the speaker commits to
///   ("I believe in…", "I'm convinced…", religion). An opinion of the moment ("I think carbs are
///   the enemy", "I'm sure…", "I feel like…") yields nothing: on real conversations it is almost
///   never what a reader records about the speaker.
/// - Polarity is grammatical negation, except that a dislike or an inability is negative.
/// - Temporal: cessation ("used to", "no longer", "not … anymore", "quit", "stopped") and
///   completed events are `past` with the former state's polarity; wants, plans, goals and
///   "training for" are `intended`; otherwise `current`. Experiences are always `past`.
public enum LabelledFactSet {
    /// Parses ``lines`` into labelled utterances; a malformed line stops the program, since
    /// the set is a compile-time constant that the tests load on every run.
    public static func load() -> [LabelledUtterance] {
        parse(lines)
    }

    /// Parses labelled lines in the format above.
    public static func parse(_ text: String) -> [LabelledUtterance] {
        var set: [LabelledUtterance] = []
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let line = rawLine.trimmingSpaces()
            if line.isEmpty || line.hasPrefix("#") { continue }
            let columns = line.split(separator: "|", maxSplits: 2, omittingEmptySubsequences: false)
            precondition(columns.count == 3, "labelled line needs 3 columns: \(line)")
            let facts = columns[2].split(separator: ";").compactMap { parseFact($0, line: line) }
            set.append(
                LabelledUtterance(
                    tag: String(columns[0].trimmingSpaces()),
                    text: String(columns[1].trimmingSpaces()),
                    expected: facts
                ))
        }
        return set
    }

    private static func parseFact(_ whole: Substring, line: Substring) -> ExpectedFact? {
        let halves = whole.split(separator: "=", maxSplits: 1)
        let text = halves.first ?? whole
        let content = halves.count == 2 ? String(halves[1].trimmingSpaces()) : nil
        let parts = text.split(separator: " ")
        if parts.isEmpty { return nil }
        precondition(parts.count == 4, "labelled fact needs 4 fields: \(line)")
        guard let category = FactCategory(rawValue: String(parts[1])),
            let temporal = FactTemporal(rawValue: String(parts[3])),
            parts[2] == "+" || parts[2] == "-"
        else { preconditionFailure("bad labelled fact: \(line)") }
        return ExpectedFact(
            subject: String(parts[0]), category: category,
            polarity: parts[2] == "+" ? .positive : .negative, temporal: temporal, content: content)
    }
}

extension Substring {
    fileprivate func trimmingSpaces() -> Substring {
        var slice = self[...]
        while let first = slice.first, first == " " || first == "\t" { slice = slice.dropFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice = slice.dropLast() }
        return slice
    }
}
