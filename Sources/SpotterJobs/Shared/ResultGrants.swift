public import SpotterQueue

/// The role grants of the kinds' result tables and views, derived from their declarations:
/// `spotter migrate --roles` runs `sql/postgres/optional/roles.sql` (the roles, the inputs, the
/// queue and the shared views), then these statements, so a new kind's tables are granted
/// without a list kept by hand.
public enum ResultGrants {
    /// `GRANT` statements for every declared result table and view (PostgreSQL).
    ///
    /// - `spotter_worker` reads and writes every result table and reads every view;
    /// - `spotter_reader` reads the readable tables (``ResultTable/readable``) and every view.
    public static func statements(for kinds: [KindDeclaration] = SpotterHandlers.declarations) -> [String] {
        let tables = kinds.flatMap(\.resultTables)
        let views = kinds.flatMap(\.views)
        func names(_ list: [String]) -> String { list.map { "spotter.\($0)" }.joined(separator: ", ") }
        var statements: [String] = []
        if !tables.isEmpty {
            statements.append(
                "GRANT SELECT, INSERT, UPDATE, DELETE ON \(names(tables.map(\.name))) TO spotter_worker")
        }
        let readable = tables.filter(\.readable).map(\.name)
        if !readable.isEmpty { statements.append("GRANT SELECT ON \(names(readable)) TO spotter_reader") }
        if !views.isEmpty { statements.append("GRANT SELECT ON \(names(views)) TO spotter_worker, spotter_reader") }
        return statements
    }
}
