import SpotterDB

/// Reasons as the JSON array text of a `reasons` column.
///
/// The shared `JSONText.strings` goes through `JSONSerialization` (about 20 µs a call, measured):
/// at ten lists per user that was most of `program_recommendations`' compute time. SpotterDB's
/// tag encoder, reached through `SQLValue.tags(_:).json`, writes the same compact JSON array in
/// well under a microsecond.
enum ReasonsJSON {
    /// `["next in Upper/Lower, week 3","legs rested 72 h"]` as a `.json` value.
    static func value(_ reasons: [String]) -> SQLValue {
        .json(SQLValue.tags(reasons).json ?? "[]")
    }
}
