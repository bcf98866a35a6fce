/// The export formats `spotter import` reads; the raw value is also the `source` written on
/// each session (`workout_sessions.source`).
public enum ImportFormat: String, Sendable, Hashable, CaseIterable {
    /// Strong's CSV export (any language, `,` or `;`).
    case strong
    /// Hevy's CSV export.
    case hevy
    /// Fitbod's CSV export (one row per set, no workout names).
    case fitbod
    /// Spotter's JSON Lines: one object per set (docs/importing.md).
    case jsonl
}
