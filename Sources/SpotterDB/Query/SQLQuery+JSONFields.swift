/// Top-level fields of a JSON object column (a job's `payload`) in statements, spelled per
/// backend: `jsonb` operators on PostgreSQL, the JSON1 functions on SQLite.
extension SQLQuery.StringInterpolation {
    /// The text of the top-level `field` of the JSON object in `column` (SQL, spliced as written),
    /// NULL when the field is absent or null: `(column ->> 'field')` on PostgreSQL,
    /// `CAST(json_extract(column, '$.field') AS TEXT)` on SQLite. A number reads as its digits
    /// and a string as itself on both, so `{"user_id": 42}` and `{"user_id": "42"}` give `42`.
    public mutating func appendInterpolation(jsonField field: String, of column: String) {
        let name = Self.fieldName(field)
        pieces.append(
            .dialect(
                postgres: [.sql("(\(column) ->> '\(name)')")],
                sqlite: [.sql("CAST(json_extract(\(column), '$.\(name)') AS TEXT)")]))
    }

    /// The top-level `field` of the JSON object in `column` as an id of an input relation, so that
    /// the relation's index serves `id = …`: `CAST(column ->> 'field' AS spotter.<key>)` on
    /// PostgreSQL (a value that is no such id fails the statement), `json_extract(column,
    /// '$.field')` on SQLite (the id column's affinity converts it).
    public mutating func appendInterpolation(jsonField field: String, of column: String, as key: InputKey) {
        let name = Self.fieldName(field)
        pieces.append(
            .dialect(
                postgres: [.sql("CAST(\(column) ->> '\(name)' AS spotter.\(key.rawValue))")],
                sqlite: [.sql("json_extract(\(column), '$.\(name)')")]))
    }

    /// The elements of the top-level array `field` of the JSON object in `column`, as a `FROM`
    /// item named `alias` with one column `value` (no rows when the field is absent, null or not
    /// an array): `jsonb_array_elements_text(…) AS alias(value)` on PostgreSQL, `json_each(column,
    /// '$.field') AS alias` on SQLite. Read an element as text with `CAST(alias.value AS TEXT)`,
    /// which both backends spell the same way.
    public mutating func appendInterpolation(jsonElements field: String, of column: String, alias: String) {
        let name = Self.fieldName(field)
        let array = "\(column) -> '\(name)'"
        pieces.append(
            .dialect(
                postgres: [
                    .sql(
                        "jsonb_array_elements_text(CASE WHEN jsonb_typeof(\(array)) = 'array' THEN \(array) END) AS \(alias)(value)"
                    )
                ],
                sqlite: [
                    .sql(
                        "json_each(CASE WHEN json_type(\(column), '$.\(name)') = 'array' THEN \(column) END, '$.\(name)') AS \(alias)"
                    )
                ]))
    }

    /// A field name as spliced into SQL: lower_snake_case only, so it needs no quoting.
    private static func fieldName(_ field: String) -> String {
        precondition(
            !field.isEmpty && field.allSatisfy { ($0.isASCII && ($0.isLowercase || $0.isNumber)) || $0 == "_" },
            "JSON field names in statements are lower_snake_case")
        return field
    }
}
