/// Operations whose statements differ between PostgreSQL and SQLite not only in spelling but in
/// what there is to do, named for what they do, so that no caller branches on the backend.
extension DatabaseSession {
    /// Serialises this transaction with every other transaction that takes the same `name`
    /// until it ends: `pg_advisory_xact_lock(hashtext(name))` on PostgreSQL. Nothing on SQLite,
    /// whose writers already hold the database lock (`BEGIN IMMEDIATE`) for the whole transaction.
    public func lockForTransaction(name: String) throws {
        guard backend == .postgres else { return }
        _ = try query("SELECT pg_advisory_xact_lock(hashtext(\(bind: name))) IS NULL AS locked")
    }

    /// Serialises this transaction with every other transaction that takes any of `names` in
    /// lock class `lockClass` (the two-key space, apart from single-key locks such as the
    /// migrator's): one lock per distinct `hashtext(name)`, taken in key order so that
    /// overlapping sets never deadlock; a hash collision only serialises two unrelated names.
    /// PostgreSQL only, as ``lockForTransaction(name:)``.
    public func lockForTransaction(lockClass: Int32, names: [String]) throws {
        guard backend == .postgres, !names.isEmpty else { return }
        var array = "{"
        for (index, name) in names.enumerated() {
            if index > 0 { array += "," }
            array += "\""
            for character in name {
                if character == "\"" || character == "\\" { array += "\\" }
                array.append(character)
            }
            array += "\""
        }
        array += "}"
        try execute(
            """
            SELECT pg_advisory_xact_lock(\(unescaped: String(lockClass)), k.key)
            FROM (SELECT DISTINCT hashtext(u) AS key FROM unnest(\(bind: array)::text[]) AS u ORDER BY 1) AS k
            """)
    }

    /// `count` new ids of `table`'s identity column `id`, reserved for this transaction: from the
    /// identity sequence on PostgreSQL (never reused, also across concurrent writers), after the
    /// highest id on SQLite (the caller holds the write lock). A sequence stepping by a block
    /// (`INCREMENT BY 1024`) reserves v … v + step − 1 with each `nextval` v, so a call makes
    /// ⌈count / step⌉ of them, in one statement; the step is read from the catalog.
    /// `table` is schema-qualified SQL (`spotter.facts`), spliced as written.
    public func reserveIDs(_ count: Int, of table: String) throws -> [Int64] {
        guard count > 0 else { return [] }
        guard backend == .postgres else {
            let highest =
                try query("SELECT coalesce(max(id), 0) AS id FROM \(unescaped: table)").first?.int64("id") ?? 0
            return (1...Int64(count)).map { highest + $0 }
        }
        let blocks = try query(
            """
            SELECT nextval(q.sequence) AS first, q.step
            FROM (SELECT seqrelid::regclass AS sequence, seqincrement AS step FROM pg_catalog.pg_sequence
                  WHERE seqrelid = pg_get_serial_sequence(\(bind: table), 'id')::regclass AND seqincrement > 0) AS q
            CROSS JOIN generate_series(1, (\(bind: count) + q.step - 1) / q.step)
            """
        ).map { (first: try $0.int64("first"), step: try $0.int64("step")) }
        let ids = Array(blocks.lazy.flatMap { $0.first..<($0.first + $0.step) }.prefix(count))
        guard ids.count == count else {
            throw DatabaseError(.server, "the \(table) id sequence does not step upward")
        }
        return ids
    }

    /// After rows were written with explicit ids: moves the identity sequence of each table's
    /// `id` past the highest id on PostgreSQL (SQLite's `INTEGER PRIMARY KEY` continues after the
    /// highest id by itself). `tables` are names in schema `spotter`.
    public func advanceIDs(pastExplicitIDsOf tables: [String]) throws {
        guard backend == .postgres else { return }
        for table in tables {
            _ = try query(
                """
                SELECT setval(pg_get_serial_sequence('spotter.\(unescaped: table)', 'id'), \
                coalesce((SELECT max(id) FROM spotter.\(unescaped: table)), 0) + 1, false)
                """)
        }
    }

    /// Refreshes the planner's statistics after a bulk write: `ANALYZE spotter.<table>` for each
    /// of `tables` on PostgreSQL, one `ANALYZE` of the whole database on SQLite.
    public func refreshStatistics(of tables: [String]) throws {
        guard backend == .postgres else {
            try execute("ANALYZE")
            return
        }
        for table in tables { try execute("ANALYZE spotter.\(table)") }
    }

    /// How many of the triggers `names` on table `spotter.<table>` exist and fire: PostgreSQL's
    /// `pg_trigger` (a disabled trigger does not count), SQLite's `sqlite_master` (whose triggers
    /// cannot be disabled). `table` is a name in schema `spotter`.
    public func enabledTriggers(_ names: [String], on table: String) throws -> Int {
        let postgres: SQLQuery = """
            SELECT count(*) AS n FROM pg_trigger t
            WHERE t.tgrelid = to_regclass(\(bind: "spotter." + table)) AND t.tgname \(oneOf: names) AND t.tgenabled <> 'D'
            """
        let sqlite: SQLQuery = """
            SELECT count(*) AS n FROM sqlite_master
            WHERE type = 'trigger' AND tbl_name = \(bind: table) AND name \(oneOf: names)
            """
        return try query("\(postgres: postgres, sqlite: sqlite)").first?.int("n") ?? 0
    }
}
