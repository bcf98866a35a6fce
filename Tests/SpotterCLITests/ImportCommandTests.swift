import Foundation
import SpotterDB
import SpotterIDs
import SpotterTestSupport
import Testing

/// Issue 13 item 1: `spotter import` writes whole sessions and their sets, idempotently, on both
/// backends; bad lines are reported and their sessions left out whole.
@Suite("spotter import")
struct ImportCommandTests {
    /// A Strong export with Chinese headers (written for this test).
    static let strong = """
        日期,锻炼名称,时长,运动名称,设置顺序,重量,次,距离,秒,备注,锻炼备注,RPE
        2024-03-04 18:00:00,"Push A",1小时5分钟,"Bench Press (Barbell)",W,40,10,0,0,"",,
        2024-03-04 18:00:00,"Push A",1小时5分钟,"Bench Press (Barbell)",1,80,5,0,0,"felt good, fast",,8
        2024-03-04 18:00:00,"Push A",1小时5分钟,"Zercher Hold Thing",1,60,0,0,30,,,
        2024-03-06 07:30:00,"Pull A",48分钟,"Chin Up",1,0,8,0,0,,"周三",
        2024-03-06 07:30:00,"Pull A",48分钟,"T Bar Row",1,50,10,0,0,,,

        """
    /// The same export a week later: one more session.
    static let strongLater =
        strong + """
            2024-03-11 18:00:00,"Legs",55分钟,"Squat (Barbell)",1,100,5,0,0,,,

            """
    /// A Hevy export in German month names with weights in pounds (written for this test).
    static let hevy = """
        title,start_time,end_time,description,exercise_title,superset_id,exercise_notes,set_index,set_type,weight_lbs,reps,distance_km,duration_seconds,rpe
        "Oberkörper, schwer","3. März 2025, 18:05","3. März 2025, 19:20","",Bench Press (Barbell),,,0,warmup,95,10,,,
        "Oberkörper, schwer","3. März 2025, 18:05","3. März 2025, 19:20","",Bench Press (Barbell),,,1,normal,185,5,,,8

        """

    static func write(_ text: String, name: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "spotter-import-\(UUID().uuidString)-\(name)")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    static func prepared(_ backend: DatabaseBackend) async throws -> TestDatabase {
        let database = try await TestDatabase.make(backend)
        let migrate = try await SpotterCommand.run(["migrate", "--database", database.databaseArgument])
        #expect(migrate.status == 0, "\(migrate)")
        let seed = try await SpotterCommand.run(["seed", "--users", "2", "--database", database.databaseArgument])
        #expect(seed.status == 0, "\(seed)")
        return database
    }

    /// Every imported session and set of `user`, as text lines, for before/after comparisons.
    static func snapshot(_ connection: DatabaseConnection, user: UserID) async throws -> [String] {
        let sessions = try await connection.query(
            """
            SELECT id, started_at, duration_minutes, title, source, source_key FROM spotter.workout_sessions
            WHERE user_id = $1 AND source IS NOT NULL ORDER BY id
            """, [SQLValue(user)])
        var lines: [String] = []
        for row in sessions {
            let id = try row.int64("id")
            lines.append(
                "\(id) \(try row.date("started_at").timeIntervalSince1970) \(try row.int("duration_minutes")) "
                    + "\(try row.optionalString("title") ?? "-") \(try row.string("source")) \(try row.string("source_key"))"
            )
            let sets = try await connection.query(
                """
                SELECT set_order, exercise_name, exercise_id, muscle_groups, weight_kg, reps, rpe, seconds, is_warmup
                FROM spotter.session_sets WHERE session_id = $1 ORDER BY set_order
                """, [.int(id)])
            for set in sets {
                lines.append(
                    "  \(try set.int("set_order")) \(try set.string("exercise_name")) "
                        + "\(try set.optionalInt64("exercise_id").map(String.init) ?? "-") "
                        + "\(try set.tags("muscle_groups")) \(try set.optionalDouble("weight_kg").map { "\($0)" } ?? "-") "
                        + "\(try set.optionalInt("reps").map(String.init) ?? "-") \(try set.optionalDouble("rpe").map { "\($0)" } ?? "-") "
                        + "\(try set.optionalInt("seconds").map(String.init) ?? "-") \(try set.bool("is_warmup"))")
            }
        }
        return lines
    }

    @Test(
        "Strong and Hevy exports become sessions with their sets; re-importing changes nothing, a longer file adds only what is new",
        arguments: DatabaseBackend.allCases)
    func importAndReimport(backend: DatabaseBackend) async throws {
        let database = try await Self.prepared(backend)
        defer { Task { await database.drop() } }
        let connection = try await database.connect()
        defer { Task { await connection.close() } }
        let strong = try Self.write(Self.strong, name: "strong.csv")
        let arguments = [
            "import", "strong", strong, "--user", "1", "--zone", "Europe/Berlin", "--database",
            database.databaseArgument,
        ]

        let first = try await SpotterCommand.run(arguments)
        #expect(first.status == 0, "\(first)")
        #expect(first.stdout.contains("imported 2 sessions, 5 sets (1 warm-up); 0 lines skipped"), "\(first)")
        #expect(
            first.stdout.contains(
                "2 not in the catalog: T Bar Row (back, biceps); Zercher Hold Thing (muscles unknown)"), "\(first)")
        let snapshot = try await Self.snapshot(connection, user: 1)
        #expect(snapshot.count == 7, "\(snapshot)")
        let bench = try await connection.query("SELECT id FROM spotter.exercises WHERE name = 'Barbell Bench Press'")
        let benchID = try #require(bench.first).int64("id")
        #expect(
            snapshot[1].hasSuffix(
                " 1 Bench Press (Barbell) \(benchID) [\"chest\", \"triceps\", \"shoulders\"] 40.0 10 - - true"),
            "\(snapshot)")
        #expect(
            snapshot[2].hasSuffix(
                " 2 Bench Press (Barbell) \(benchID) [\"chest\", \"triceps\", \"shoulders\"] 80.0 5 8.0 - false"),
            "\(snapshot)")
        #expect(snapshot[3].contains(" 3 Zercher Hold Thing - [] 60.0 - - 30 false"), "\(snapshot)")
        let start = try await connection.query(
            "SELECT started_at, duration_minutes, title FROM spotter.workout_sessions WHERE source_key = '2024-03-04T18:00:00|Push A'"
        )
        #expect(try start.first?.date("started_at") == ISO8601DateFormatter().date(from: "2024-03-04T17:00:00Z"))
        #expect(try start.first?.int("duration_minutes") == 65)
        #expect(try start.first?.string("title") == "Push A")

        let again = try await SpotterCommand.run(arguments)
        #expect(again.status == 0, "\(again)")
        #expect(
            again.stdout.contains("imported 0 sessions, 0 sets (0 warm-up); 2 sessions already imported"), "\(again)")
        #expect(try await Self.snapshot(connection, user: 1) == snapshot, "re-importing changed nothing")

        let later = try Self.write(Self.strongLater, name: "strong-later.csv")
        var laterArguments = arguments
        laterArguments[2] = later
        let more = try await SpotterCommand.run(laterArguments)
        #expect(more.status == 0, "\(more)")
        #expect(more.stdout.contains("imported 1 sessions, 1 sets (0 warm-up); 2 sessions already imported"), "\(more)")
        let grown = try await Self.snapshot(connection, user: 1)
        #expect(Array(grown.prefix(snapshot.count)) == snapshot)
        #expect(grown.count == snapshot.count + 2)

        let hevy = try Self.write(Self.hevy, name: "hevy.csv")
        let pounds = try await SpotterCommand.run([
            "import", "hevy", hevy, "--user", "1", "--zone", "UTC", "--database", database.databaseArgument,
        ])
        #expect(pounds.status == 0, "\(pounds)")
        #expect(pounds.stdout.contains("imported 1 sessions, 2 sets (1 warm-up)"), "\(pounds)")
        let hevyRows = try await connection.query(
            """
            SELECT s.title, s.duration_minutes, ss.weight_kg FROM spotter.workout_sessions s
            JOIN spotter.session_sets ss ON ss.session_id = s.id WHERE s.source = 'hevy' ORDER BY ss.set_order
            """)
        #expect(try hevyRows.map { try $0.double("weight_kg") } == [43.091, 83.915])
        #expect(try hevyRows.first?.string("title") == "Oberkörper, schwer")
        #expect(try hevyRows.first?.int("duration_minutes") == 75)
    }

    @Test(
        "a bad line is reported as 'line N:', its session is left out whole, the rest imported; fixed, it imports",
        arguments: DatabaseBackend.allCases)
    func badLines(backend: DatabaseBackend) async throws {
        let database = try await Self.prepared(backend)
        defer { Task { await database.drop() } }
        let connection = try await database.connect()
        defer { Task { await connection.close() } }
        let broken = Self.strong.replacingOccurrences(of: "T Bar Row\",1,50,", with: "T Bar Row\",1,fifty,")
        let file = try Self.write(broken, name: "broken.csv")
        let arguments = [
            "import", "strong", file, "--user", "2", "--zone", "UTC", "--database", database.databaseArgument,
        ]
        let run = try await SpotterCommand.run(arguments)
        #expect(run.status == 1, "\(run)")
        #expect(run.stderr.contains("line 6: weight 'fifty' is not a number"), "\(run)")
        #expect(
            run.stdout.contains(
                "imported 1 sessions, 3 sets (1 warm-up); 1 line skipped (1 sessions with them left out whole, 1 sets)"),
            "\(run)")
        let keys = try await connection.query(
            "SELECT source_key FROM spotter.workout_sessions WHERE user_id = 2 AND source = 'strong'")
        #expect(
            try keys.map { try $0.string("source_key") } == ["2024-03-04T18:00:00|Push A"],
            "no half of 'Pull A' was written")

        try Self.strong.write(toFile: file, atomically: true, encoding: .utf8)
        let fixed = try await SpotterCommand.run(arguments)
        #expect(fixed.status == 0, "\(fixed)")
        #expect(
            fixed.stdout.contains("imported 1 sessions, 2 sets (0 warm-up); 1 sessions already imported"), "\(fixed)")
    }

    @Test(
        "the user must exist (or --create-user); times default to the user's zone", arguments: DatabaseBackend.allCases)
    func users(backend: DatabaseBackend) async throws {
        let database = try await Self.prepared(backend)
        defer { Task { await database.drop() } }
        let connection = try await database.connect()
        defer { Task { await connection.close() } }
        let file = try Self.write(Self.strong, name: "strong.csv")
        let missing = try await SpotterCommand.run([
            "import", "strong", file, "--user", "777", "--database", database.databaseArgument,
        ])
        #expect(missing.status == 2, "\(missing)")
        #expect(missing.stderr.contains("no user 777 in spotter.users"), "\(missing)")
        let none = try await connection.query("SELECT count(*) AS n FROM spotter.workout_sessions WHERE user_id = 777")
        #expect(try none.first?.int("n") == 0)

        let dry = try await SpotterCommand.run([
            "import", "strong", file, "--user", "1", "--dry-run", "--database", database.databaseArgument,
        ])
        #expect(dry.status == 0, "\(dry)")
        #expect(dry.stdout.contains("dry run: would import up to 2 sessions, 5 sets (1 warm-up)"), "\(dry)")
        let untouched = try await connection.query(
            "SELECT count(*) AS n FROM spotter.workout_sessions WHERE source IS NOT NULL")
        #expect(try untouched.first?.int("n") == 0, "a dry run writes nothing")

        let created = try await SpotterCommand.run([
            "import", "strong", file, "--user", "777", "--create-user", "Imported Lifter", "--database",
            database.databaseArgument,
        ])
        #expect(created.status == 0, "\(created)")
        #expect(created.stdout.contains("times in UTC"), "\(created)")
        try await connection.execute("UPDATE spotter.users SET time_zone = 'America/New_York' WHERE id = 777")
        try await connection.execute("DELETE FROM spotter.workout_sessions WHERE user_id = 777")
        let zoned = try await SpotterCommand.run([
            "import", "strong", file, "--user", "777", "--database", database.databaseArgument,
        ])
        #expect(zoned.status == 0, "\(zoned)")
        #expect(zoned.stdout.contains("times in America/New_York"), "\(zoned)")
        let start = try await connection.query(
            "SELECT started_at FROM spotter.workout_sessions WHERE user_id = 777 AND title = 'Push A'")
        #expect(try start.first?.date("started_at") == ISO8601DateFormatter().date(from: "2024-03-04T23:00:00Z"))
        let sets = try await connection.query(
            "SELECT count(*) AS n FROM spotter.session_sets ss JOIN spotter.workout_sessions s ON s.id = ss.session_id WHERE s.user_id = 777"
        )
        #expect(
            try sets.first?.int("n") == 5,
            "deleting the sessions removed their sets (ON DELETE CASCADE) before the re-import")
    }

    /// Issue 35, item 7: one NUL in one title failed the whole file's write (PostgreSQL), a
    /// year 0044 became 2044 and 1e308 became Infinity; a 100 MB line ran for minutes.
    @Test(
        "hostile lines cost their session only; an overlong line is refused at once",
        arguments: DatabaseBackend.allCases)
    func hostileLines(backend: DatabaseBackend) async throws {
        let database = try await Self.prepared(backend)
        defer { Task { await database.drop() } }
        let lines = [
            #"{"session": "a", "started_at": "2025-01-01T10:00:00Z", "title": "Leg\u0000 Day", "exercise": "Squat", "reps": 5}"#,
            #"{"session": "b", "started_at": "-0044-01-02T10:00:00Z", "exercise": "Squat", "reps": 5}"#,
            #"{"session": "c", "started_at": "2025-01-03T10:00:00Z", "exercise": "Squat", "weight_kg": 1e308}"#,
            #"{"session": "d", "started_at": "2025-01-04T10:00:00Z", "exercise": "Squat", "reps": 5}"#,
        ]
        let file = try Self.write(lines.joined(separator: "\n") + "\n", name: "hostile.jsonl")
        let output = try await SpotterCommand.run([
            "import", "jsonl", file, "--user", "1", "--database", database.databaseArgument,
        ])
        #expect(output.status == 1, "\(output)")
        #expect(
            output.stderr.contains("line 2: started_at '-0044-01-02T10:00:00Z' is not a date and time"), "\(output)")
        #expect(output.stderr.contains("line 3: weight_kg"), "\(output)")
        let connection = try await database.connect()
        let rows = try await connection.query(
            """
            SELECT title, CAST(started_at AS text) AS started FROM spotter.workout_sessions
            WHERE user_id = 1 AND source = 'jsonl' ORDER BY started_at
            """)
        await connection.close()
        #expect(try rows.map { try $0.optionalString("title") ?? "" } == ["Leg Day", ""], "\(rows)")

        let long = try Self.write(
            "{}\n" + String(repeating: "x", count: 100 * 1_048_576) + "\n", name: "long.jsonl")
        let started = ContinuousClock.now
        let refused = try await SpotterCommand.run([
            "import", "jsonl", long, "--user", "1", "--database", database.databaseArgument,
        ])
        #expect(ContinuousClock.now - started < .seconds(30))
        #expect(refused.status == 2, "\(refused.stderr.prefix(300))")
        #expect(refused.stderr.contains("line 2 is longer than 1 MiB"), "\(refused.stderr.prefix(300))")
        #expect(refused.stderr.split(separator: "\n").count == 1, "\(refused.stderr.prefix(300))")
        try? FileManager.default.removeItem(atPath: long)
    }

    /// A Fitbod export (written for this test): untitled, one row per set, UTC offsets.
    static let fitbod = """
        Date,Exercise,Reps,Weight(kg),Duration(s),Distance(m),Incline,Resistance,isWarmup,Note,multiplier
        2025-03-10 19:05:00 +0000,Back Squat,5,100.0,0.0,0.0,0.0,0.0,false,,1.0
        2025-03-10 18:40:00 +0000,Back Squat,8,60.0,0.0,0.0,0.0,0.0,true,,1.0
        2025-03-10 07:00:00 +0000,Running,0,0.0,1500.0,4000.0,1.0,0.0,false,,1.0
        2025-03-08 10:02:51 +0000,Dumbbell Bench Press,10,25.0,0.0,0.0,0.0,0.0,false,,2.0

        """

    @Test(
        "Fitbod: untitled sessions split at gaps over 3 hours, warm-ups and muscle groups as the other formats",
        arguments: DatabaseBackend.allCases)
    func fitbod(backend: DatabaseBackend) async throws {
        let database = try await Self.prepared(backend)
        defer { Task { await database.drop() } }
        let file = try Self.write(Self.fitbod, name: "fitbod.csv")
        let output = try await SpotterCommand.run([
            "import", "fitbod", file, "--user", "1", "--zone", "Europe/Berlin", "--database", database.databaseArgument,
        ])
        #expect(output.status == 0, "\(output)")
        #expect(output.stdout.contains("imported 3 sessions, 4 sets (1 warm-up)"), "\(output)")
        let connection = try await database.connect()
        defer { Task { await connection.close() } }
        let snapshot = try await Self.snapshot(connection, user: 1)
        let sessions = snapshot.filter { !$0.hasPrefix(" ") }
        #expect(sessions.count == 3, "\(snapshot)")
        #expect(sessions.allSatisfy { $0.contains(" - fitbod ") }, "no title: \(snapshot)")
        #expect(
            sessions.map { $0.split(separator: " ").last.map(String.init) ?? "" } == [
                "2025-03-08T10:02:51|", "2025-03-10T07:00:00|", "2025-03-10T18:40:00|",
            ])
        let squats = snapshot.filter { $0.contains("Back Squat") }
        #expect(squats.count == 2)
        #expect(squats.allSatisfy { $0.contains("quads") }, "\(squats)")
        #expect(squats.first?.hasSuffix("true") == true, "the warm-up first: \(squats)")
    }

    @Test("a file whose dates no locale reads: one line on stderr, nothing imported, exit 2")
    func unreadableDates() async throws {
        let database = try await Self.prepared(.sqlite)
        defer { Task { await database.drop() } }
        var lines = [
            "title,start_time,end_time,description,exercise_title,superset_id,exercise_notes,set_index,set_type,weight_kg,reps,distance_km,duration_seconds,rpe"
        ]
        for day in 1...28 { lines.append("Push,\"\(day) Qzx 2026, 13:05\",,,Bench Press (Barbell),,,0,normal,80,5,,,") }
        let file = try Self.write(lines.joined(separator: "\n") + "\n", name: "unreadable.csv")
        let output = try await SpotterCommand.run([
            "import", "hevy", file, "--user", "1", "--database", database.databaseArgument,
        ])
        #expect(output.status == 2, "\(output)")
        let problems = output.stderr.split(separator: "\n").filter { $0.contains("line ") }
        #expect(problems.count == 1, "\(output.stderr.prefix(500))")
        #expect(problems.first?.contains("Qzx 2026, 13:05") == true, "\(output.stderr.prefix(500))")
    }
}
