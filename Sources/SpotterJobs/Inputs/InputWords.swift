public import SpotterDB
import SpotterRanking

/// `spotter check-inputs`, the words: every muscle, equipment and goal word in the input
/// relations that ``Vocabulary`` does not know, one problem per column and word with the rows
/// that hold it, what Spotter does with them, and the fix. One grouped query per column
/// (`unnest` on PostgreSQL, `json_each` on SQLite); levels are an enumeration of the contract,
/// which ``InputCheck`` checks.
public enum InputWords {
    /// What a column's words name.
    enum Kind: Sendable {
        case muscle, equipment, goal

        var label: String {
            switch self {
            case .muscle: "muscle word"
            case .equipment: "equipment word"
            case .goal: "goal"
            }
        }
    }

    /// One column whose words are checked.
    struct Column: Sendable {
        var relation: String
        var column: String
        var kind: Kind
        /// A tag set (text[] / JSON array) rather than one text value.
        var tags: Bool
        /// What Spotter does with a row holding an unknown word.
        var consequence: String
    }

    static let columns: [Column] = [
        Column(
            relation: "program_workouts", column: "primary_muscles", kind: .muscle, tags: true,
            consequence: "such a workout is kept from every injured person (it may load any body part)"),
        Column(
            relation: "session_sets", column: "muscle_groups", kind: .muscle, tags: true,
            consequence: "those sets count for no muscle group (recovery, the person's own split)"),
        Column(
            relation: "programs", column: "equipment", kind: .equipment, tags: true,
            consequence: "such a program is never recommended and its workouts never suggested"),
        Column(
            relation: "profiles", column: "equipment", kind: .equipment, tags: true,
            consequence: "ignored: those people get nothing that needs it"),
        Column(
            relation: "programs", column: "goal", kind: .goal, tags: false,
            consequence: "it matches only the same word in a profile's goal"),
        Column(
            relation: "profiles", column: "goal", kind: .goal, tags: false,
            consequence: "it matches only the same word in a program's goal"),
    ]

    /// The unknown words, in column order, most rows first; at most `limit` words a column (then
    /// one line saying how many more). `knownEquipment` is the kinds' declared `known_equipment`
    /// when there is one; otherwise the known equipment is Spotter's words and the tags of
    /// `spotter.exercises`, as the shards read it.
    public static func problems(
        in session: DatabaseSession, knownEquipment: Set<String>? = nil, limit: Int = 20
    ) throws -> [InputProblem] {
        var equipment = Set(Vocabulary.equipment)
        if let knownEquipment {
            equipment = Set(knownEquipment.map(Vocabulary.equipmentTag))
        } else if try InputCheck.columnReadable("exercises", "equipment", tags: true, in: session) {
            for (word, _) in try counts(relation: "exercises", column: "equipment", tags: true, in: session) {
                equipment.insert(Vocabulary.equipmentTag(word))
            }
        }
        var problems: [InputProblem] = []
        for column in columns
        where try InputCheck.columnReadable(column.relation, column.column, tags: column.tags, in: session) {
            let unknown = try counts(relation: column.relation, column: column.column, tags: column.tags, in: session)
                .filter { word, _ in
                    switch column.kind {
                    case .muscle: !Vocabulary.unknownMuscles([word]).isEmpty
                    case .equipment:
                        !Vocabulary.equipmentTag(word).isEmpty && !equipment.contains(Vocabulary.equipmentTag(word))
                    case .goal: !Vocabulary.key(word).isEmpty && Vocabulary.goal(word) == nil
                    }
                }
                .sorted { ($1.rows, $0.word) < ($0.rows, $1.word) }
            for (word, rows) in unknown.prefix(limit) {
                problems.append(
                    InputProblem(
                        relation: "spotter.\(column.relation)",
                        problem: "\(rows == 1 ? "1 row has" : "\(rows) rows have") the \(column.kind.label) "
                            + "\"\(word.prefix(60))\" in \(column.column), which Spotter does not know: "
                            + column.consequence,
                        fix: fix(column, word: String(word.prefix(60)))))
            }
            if unknown.count > limit {
                problems.append(
                    InputProblem(
                        relation: "spotter.\(column.relation)",
                        problem: "\(unknown.count - limit) more unknown \(column.kind.label)s in \(column.column)",
                        fix: "map them as above"))
            }
        }
        return problems
    }

    static func fix(_ column: Column, word: String) -> String {
        let words: String
        switch column.kind {
        case .muscle: words = "a muscle word of Spotter's (legs, full body, push, pull, upper body, core, quads, …)"
        case .equipment: words = "an equipment word of Spotter's (dumbbell, barbell, bench, bands, …)"
        case .goal: words = "one of \(Vocabulary.goals.joined(separator: ", "))"
        }
        let how =
            column.tags
            ? "`array_replace(…, '\(word)', '…') AS \(column.column)`"
            : "`CASE … WHEN '\(word)' THEN '…' END AS \(column.column)`"
        return "map it to \(words) in the view, e.g. \(how); docs/vocabulary.md lists them"
    }

    /// Each distinct word of a column with the rows holding it (a tag list's text that is not a
    /// JSON array holds none on SQLite).
    static func counts(
        relation: String, column: String, tags: Bool, in session: DatabaseSession
    ) throws -> [(word: String, rows: Int64)] {
        let sql: SQLQuery =
            tags
            ? """
            SELECT CAST(u.value AS text) AS word, count(*) AS n
            FROM spotter.\(unescaped: relation) AS t CROSS JOIN \(elementsOf: "t.\(column)", as: "u", skippingInvalid: true)
            WHERE u.value IS NOT NULL GROUP BY u.value
            """
            : """
            SELECT CAST(\(unescaped: column) AS text) AS word, count(*) AS n FROM spotter.\(unescaped: relation)
            WHERE \(unescaped: column) IS NOT NULL GROUP BY \(unescaped: column)
            """
        return try session.query(sql).map { (try $0.string("word"), try $0.int64("n")) }
    }
}
