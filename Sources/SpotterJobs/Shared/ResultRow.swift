public import SpotterIDs

/// One row of a result table, its columns spelled once: a `Codable` value whose coding keys are
/// the table's columns (written with ``ResultWriter`` through `EncodedRows`, read back by name
/// with `Row.decode`). `computed_at` (the server's default) and `as_of` (stamped by
/// ``ResultWriter/replace(_:subjects:asOf:table:in:)``) are not properties: a reader that wants
/// them reads them by name next to the record.
public protocol ResultRow: Codable, Sendable {
    /// The table, in the `spotter` schema.
    static var table: String { get }
    /// The column that says whose row it is (`user_id`, `trainer_id`): a subject's rows are
    /// replaced together.
    static var subjectColumn: String { get }
    /// This row's subject: the value of ``subjectColumn``.
    var subject: UserID { get }
}
