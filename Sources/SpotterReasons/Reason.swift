/// One reason as data: a code and its named arguments (`{"code": "next_in_enrolled_program",
/// "program": "Bodyweight HIIT", "week": 4}`). Spotter stores it beside the English text, renders it
/// in a reader's language (``ReasonCatalog``), and an app may render it with its own strings.
public struct Reason: Sendable, Hashable {
    /// What the reason says.
    public var code: ReasonCode
    /// Its arguments by name, as the catalog declares them for `code`.
    public var arguments: [String: ReasonValue]

    /// A reason with its arguments.
    public init(_ code: ReasonCode, _ arguments: [String: ReasonValue] = [:]) {
        self.code = code
        self.arguments = arguments
    }

    /// The text in the catalog's reference English (`en-GB`): what the result tables' text
    /// columns hold and what dashboards show.
    public var text: String { ReasonCatalog.standard.text(of: self, in: ReasonCatalog.standard.referenceLanguage) }
}

/// One argument of a reason. Its JSON form is plain: a string, a number, an array of strings, or a
/// nested reason object; the catalog's declared kind says how to read and render it.
public indirect enum ReasonValue: Sendable, Hashable {
    /// Words shown as they are (a program or workout title, a catalog problem).
    case text(String)
    /// A whole number: locale digits, and it chooses plural forms.
    case count(Int)
    /// A number with one decimal ("3.4", "3,4").
    case decimal(Double)
    /// A local date, `YYYY-MM-DD`, shown in the reader's date format (kinds `day` and `date`), or a
    /// local wall time, `YYYY-MM-DDTHH:MM`, shown as date and time (kind `time`).
    case date(String)
    /// A weekday by its English name in lower case ("monday"), shown in the reader's language.
    case weekday(String)
    /// One term of a vocabulary ("chest", "strength"), shown in the reader's language.
    case term(String)
    /// Several terms ("chest", "shoulders"), shown as a list ("chest and shoulders").
    case terms([String])
    /// A body part and its side ("knee", "left").
    case bodyPart(part: String, side: String?)
    /// A reason inside another ("waits: chest trained 20 h ago").
    case reason(Reason)
}
