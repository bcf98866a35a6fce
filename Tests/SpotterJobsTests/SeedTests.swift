import Foundation
import Logging
import SpotterDB
import SpotterIDs
import SpotterSeed
import SpotterTestSupport
import Testing

/// One generated dataset shared by the pure tests (generation is deterministic, so sharing is safe).
private enum Fixture {
    static let configuration = SeedConfiguration(users: 1_500, seed: 7)
    static let chunk = SeedGenerator(configuration: configuration).chunk(users: 0..<configuration.users)
    static var now: Date { configuration.now }

    static func rows(_ table: String) -> [[SQLValue]] {
        chunk.table(table)?.rows ?? []
    }
}

private func int(_ value: SQLValue) -> Int64? {
    if case .int(let number) = value { return number }
    return nil
}

private func text(_ value: SQLValue) -> String? {
    if case .text(let string) = value { return string }
    return nil
}

private func date(_ value: SQLValue) -> Date? {
    if case .timestamp(let instant) = value { return instant }
    return nil
}

private func tags(_ value: SQLValue) -> [String]? {
    if case .tags(let list) = value { return list }
    return nil
}

@Suite("Seed generation")
struct SeedGenerationTests {
    @Test("the same configuration generates identical chunks")
    func sameConfigurationSameRows() {
        let configuration = SeedConfiguration(users: 200, seed: 42)
        let first = SeedGenerator(configuration: configuration).chunk(users: 0..<200)
        let second = SeedGenerator(configuration: configuration).chunk(users: 0..<200)
        #expect(first.tables.map(\.name) == second.tables.map(\.name))
        for (a, b) in zip(first.tables, second.tables) {
            #expect(a.rows == b.rows, "table \(a.name) differs between runs")
        }
        let otherSeed = SeedGenerator(configuration: SeedConfiguration(users: 200, seed: 43)).chunk(users: 0..<200)
        #expect(otherSeed.table("users")?.rows != first.table("users")?.rows)
    }

    @Test("chunking does not change any row", arguments: [100, 137])
    func chunkingInvariant(split: Int) {
        let generator = SeedGenerator(configuration: SeedConfiguration(users: 200, seed: 42))
        let whole = generator.chunk(users: 0..<200)
        let parts = [generator.chunk(users: 0..<split), generator.chunk(users: split..<200)]
        for table in whole.tables {
            let joined = parts.flatMap { $0.table(table.name)?.rows ?? [] }
            #expect(joined == table.rows, "table \(table.name) differs when split at \(split)")
            #expect(!table.rows.isEmpty, "table \(table.name) is empty")
        }
    }

    @Test("ids are unique across the whole dataset")
    func uniqueIDs() {
        for table in ["users", "enrollments", "workout_sessions", "conversations", "messages", "check_ins"] {
            let ids = Fixture.rows(table).compactMap { int($0[0]) }
            #expect(Set(ids).count == ids.count, "duplicate ids in \(table)")
            #expect(ids.count == Fixture.rows(table).count)
        }
        let users = Fixture.rows("users").compactMap { int($0[0]) }
        #expect(users == Array(1...Int64(Fixture.configuration.users)))
    }
}

@Suite("Seed catalog")
struct SeedCatalogTests {
    @Test("at least 150 exercises and 24 programs, every workout's exercises exist")
    func sizesAndReferences() {
        #expect(SeedCatalog.exercises.count >= 150)
        #expect(SeedCatalog.programs.count >= 24)
        #expect(Set(SeedCatalog.exercises.map(\.slug)).count == SeedCatalog.exercises.count)
        #expect(Set(SeedCatalog.exercises.map(\.name)).count == SeedCatalog.exercises.count)
        let exerciseIDs = Set(SeedCatalog.exercises.map(\.id))
        for program in SeedCatalog.programs {
            #expect(!program.workouts.isEmpty, "\(program.title) has no workouts")
            #expect(program.workouts.map(\.position) == Array(1...program.workouts.count))
            for workout in program.workouts {
                #expect(!workout.exercises.isEmpty)
                #expect((1...5).contains(workout.intensity))
                #expect(workout.estimatedMinutes > 0)
                #expect(!workout.primaryMuscles.isEmpty)
                for line in workout.exercises {
                    #expect(
                        exerciseIDs.contains(line.exerciseID), "\(program.title)/\(workout.title): unknown \(line.slug)"
                    )
                    #expect(line.sets >= 1)
                }
            }
        }
        let workoutIDs = SeedCatalog.programs.flatMap(\.workouts).map(\.id)
        #expect(Set(workoutIDs).count == workoutIDs.count)
    }

    @Test("every category at several levels, every level and goal covered")
    func coverage() {
        let categories = ["full_body", "upper_lower", "push_pull_legs", "home", "bodyweight", "running", "mobility"]
        for category in categories {
            let levels = Set(SeedCatalog.programs.filter { $0.category == category }.map(\.level))
            #expect(levels.count >= 2, "\(category) has levels \(levels)")
        }
        #expect(Set(SeedCatalog.programs.map(\.category)) == Set(categories))
        #expect(Set(SeedCatalog.programs.map(\.level)) == ["beginner", "intermediate", "advanced"])
        #expect(Set(SeedCatalog.exercises.map(\.level)) == ["beginner", "intermediate", "advanced"])
        let goals: Set = ["strength", "hypertrophy", "fat_loss", "endurance", "mobility", "general_fitness"]
        #expect(Set(SeedCatalog.programs.map(\.goal)) == goals)
    }

    @Test("equipment: workout = union of its exercises, program = union of its workouts")
    func equipmentConsistency() {
        let known: Set = [
            "barbell", "dumbbell", "kettlebell", "bench", "rack", "pullup_bar", "cable", "machine", "bands",
            "treadmill", "mat", "box", "rower", "bike",
        ]
        let byID = Dictionary(uniqueKeysWithValues: SeedCatalog.exercises.map { ($0.id, $0) })
        for exercise in SeedCatalog.exercises {
            #expect(Set(exercise.equipment).isSubset(of: known), "\(exercise.name): \(exercise.equipment)")
        }
        for program in SeedCatalog.programs {
            for workout in program.workouts {
                let union = Set(workout.exercises.flatMap { byID[$0.exerciseID]?.equipment ?? [] })
                #expect(Set(workout.equipment) == union)
            }
            #expect(Set(program.equipment) == Set(program.workouts.flatMap(\.equipment)))
        }
        #expect(SeedCatalog.programs.contains { $0.equipment.isEmpty && $0.category == "bodyweight" })
        let tables = SeedCatalog.tables
        #expect(tables.map(\.name) == ["exercises", "programs", "program_workouts", "workout_exercises"])
        #expect(tables[0].rows.count == SeedCatalog.exercises.count)
    }
}

@Suite("Seed people and activity")
struct SeedPeopleTests {
    @Test("zones cover every continent and the far offsets; every zone is valid except the deliberate one")
    func zones() throws {
        var continents: Set<String> = []
        var offsets: Set<Int> = []
        for row in Fixture.rows("users") {
            let zone = try #require(text(row[3]))
            if zone == "Mars/Olympus" { continue }
            let timeZone = try #require(TimeZone(identifier: zone), "invalid zone \(zone)")
            continents.insert(String(zone.prefix { $0 != "/" }))
            offsets.insert(timeZone.secondsFromGMT(for: Fixture.now) / 3600)
            let locale = try #require(text(row[4]))
            #expect(
                locale == "xx-INVALID"
                    || ["en-US", "en-GB", "pt-BR", "de-DE", "es-ES"].contains(String(locale.prefix(5))),
                "locale \(locale)")
        }
        #expect(continents.isSuperset(of: ["America", "Europe", "Africa", "Asia", "Australia", "Pacific"]))
        #expect(offsets.contains(-11) || offsets.contains(13) || offsets.contains(14))
        let invalid = Fixture.rows("users").filter { text($0[3]) == "Mars/Olympus" || text($0[4]) == "xx-INVALID" }
        #expect(invalid.count <= Fixture.configuration.users / 100)
    }

    @Test("roles: a few trainers with 20–30 clients each; statuses and profiles in proportion")
    func rolesAndProfiles() throws {
        let users = Fixture.rows("users")
        let roles = Dictionary(grouping: users, by: { text($0[2]) ?? "" }).mapValues(\.count)
        let trainers = roles["trainer"] ?? 0
        #expect((30...75).contains(trainers), "trainers: \(trainers) of \(users.count)")
        #expect((roles["member"] ?? 0) > 0)
        let links = Fixture.rows("trainer_clients")
        let perTrainer = Dictionary(grouping: links, by: { int($0[0]) ?? 0 }).mapValues(\.count)
        #expect(perTrainer.count == trainers)
        #expect(perTrainer.values.allSatisfy { (20...30).contains($0) })
        #expect(links.count == roles["client"])
        let statuses = Dictionary(grouping: users, by: { text($0[5]) ?? "" }).mapValues(\.count)
        #expect(Double(statuses["paused"] ?? 0) / Double(users.count) > 0.02)
        #expect(Double(statuses["deactivated"] ?? 0) / Double(users.count) > 0.01)
        let profiles = Fixture.rows("profiles")
        let share = Double(profiles.count) / Double(users.count)
        #expect((0.85...0.95).contains(share))
        for profile in profiles {
            #expect((2...6).contains(int(profile[4]) ?? 0))
            #expect((20...90).contains(int(profile[5]) ?? 0))
        }
        #expect(profiles.contains { tags($0[3]) == [] })
    }

    @Test("nothing happens after now, and accounts exist before their activity")
    func nothingAfterNow() throws {
        let now = Fixture.now
        var created: [Int64: Date] = [:]
        for row in Fixture.rows("users") { created[int(row[0])!] = date(row[6])! }
        for row in Fixture.rows("workout_sessions") {
            let start = try #require(date(row[3]))
            let minutes = try #require(int(row[4]))
            #expect(start.addingTimeInterval(TimeInterval(minutes * 60)) <= now)
            #expect(start > created[int(row[1])!]!)
            #expect(start >= now.addingTimeInterval(-Double(Fixture.configuration.historyDays + 2) * 86_400))
        }
        for row in Fixture.rows("enrollments") {
            let start = try #require(date(row[3]))
            #expect(start <= now && start > created[int(row[1])!]!)
            if let done = date(row[5]) { #expect(done >= start && done <= now) }
        }
        for row in Fixture.rows("messages") {
            let sent = try #require(date(row[4]))
            #expect(sent <= now)
            if let deleted = date(row[5]) { #expect(deleted >= sent && deleted <= now) }
        }
        for row in Fixture.rows("check_ins") { #expect(date(row[5])! <= now) }
        for row in Fixture.rows("trainer_clients") { #expect(date(row[2])! <= now) }
    }

    @Test("sessions start at local-looking times: 05:00–23:30 on five-minute marks, some at exactly 23:30")
    func sessionsLookLocal() throws {
        var zones: [Int64: TimeZone] = [:]
        for row in Fixture.rows("users") {
            if let zone = TimeZone(identifier: text(row[3])!) { zones[int(row[0])!] = zone }
        }
        var calendar = Calendar(identifier: .gregorian)
        var lateEdge = 0
        var mornings = 0
        var evenings = 0
        for row in Fixture.rows("workout_sessions") {
            guard let zone = zones[int(row[1])!] else { continue }
            calendar.timeZone = zone
            let parts = calendar.dateComponents([.hour, .minute], from: date(row[3])!)
            let minute = parts.hour! * 60 + parts.minute!
            #expect((5 * 60...23 * 60 + 30).contains(minute), "session at \(parts.hour!):\(parts.minute!) local")
            #expect(minute % 5 == 0)
            if minute == 23 * 60 + 30 { lateEdge += 1 }
            if minute < 9 * 60 { mornings += 1 }
            if minute >= 17 * 60 { evenings += 1 }
        }
        #expect(lateEdge > 0)
        #expect(mornings > 1_000 && evenings > 1_000)
    }

    @Test("each enrollment's workouts are done in program order; at most one active enrollment")
    func programOrder() throws {
        let workouts = Dictionary(
            uniqueKeysWithValues: SeedCatalog.programs.flatMap(\.workouts).map { ($0.id, $0) })
        let programs = Dictionary(uniqueKeysWithValues: SeedCatalog.programs.map { ($0.id, $0) })
        let enrollments = Dictionary(grouping: Fixture.rows("enrollments"), by: { int($0[1])! })
        let sessions = Dictionary(grouping: Fixture.rows("workout_sessions"), by: { int($0[1])! })
        var checked = 0
        for (user, list) in enrollments {
            #expect(list.filter { text($0[4]) == "active" }.count <= 1)
            // Enrollment starts and sessions in time order; a start resets that program's position.
            let starts = list.map { (date($0[3])!, int($0[2])!) }
            var next: [Int64: Int] = [:]
            var events: [(Date, Int64?, Int64?)] = starts.map { ($0.0, $0.1, nil) }
            events += (sessions[user] ?? []).map { (date($0[3])!, nil, int($0[2])) }
            events.sort { $0.0 != $1.0 ? $0.0 < $1.0 : ($0.1 != nil && $1.1 == nil) }
            for (_, started, workoutID) in events {
                if let started { next[started] = 1; continue }
                guard let workoutID, let workout = workouts[workoutID], let expected = next[workout.programID] else {
                    continue
                }
                #expect(
                    workout.position == expected, "user \(user) did position \(workout.position), expected \(expected)")
                next[workout.programID] = workout.position % programs[workout.programID]!.workouts.count + 1
                checked += 1
            }
        }
        #expect(checked > 5_000)
        let statuses = Set(Fixture.rows("enrollments").compactMap { text($0[4]) })
        #expect(statuses == ["active", "completed", "abandoned"])
        let withSessions = Set(Fixture.rows("workout_sessions").compactMap { int($0[1]) })
        #expect(withSessions.count < Fixture.configuration.users)
        #expect(Fixture.rows("workout_sessions").contains { $0[2] == .null })
    }

    @Test("check-ins for about half of the users, values 1–5, a few recent low-energy ones")
    func checkIns() {
        let rows = Fixture.rows("check_ins")
        let people = Set(rows.compactMap { int($0[1]) })
        let share = Double(people.count) / Double(Fixture.configuration.users)
        #expect((0.35...0.6).contains(share))
        #expect(rows.allSatisfy { row in (2...4).allSatisfy { (1...5).contains(int(row[$0]) ?? 0) } })
        let recent = Fixture.now.addingTimeInterval(-2 * 86_400)
        #expect(rows.contains { (int($0[2]) ?? 5) <= 2 && date($0[5])! >= recent })
    }
}

@Suite("Seed conversations")
struct SeedConversationTests {
    @Test("every client has a trainer conversation; messages alternate, increase in time and come from its two sides")
    func structure() throws {
        let conversations = Fixture.rows("conversations")
        let links = Dictionary(uniqueKeysWithValues: Fixture.rows("trainer_clients").map { (int($0[1])!, int($0[0])!) })
        let trainerConversations = conversations.filter { text($0[3]) == "trainer" }
        #expect(trainerConversations.count == links.count)
        for conversation in trainerConversations {
            #expect(int(conversation[2]) == links[int(conversation[1])!])
        }
        let assistants = conversations.filter { text($0[3]) == "assistant" }
        #expect(assistants.count > conversations.count / 4)
        #expect(assistants.allSatisfy { $0[2] == .null })

        let owners = Dictionary(
            uniqueKeysWithValues: conversations.map { (int($0[0])!, (int($0[1])!, int($0[2]) ?? 0)) })
        let byConversation = Dictionary(grouping: Fixture.rows("messages"), by: { int($0[1])! })
        for (id, messages) in byConversation {
            let (owner, counterpart) = try #require(owners[id])
            #expect(messages.count <= 40)
            let ordered = messages.sorted { int($0[0])! < int($1[0])! }
            for (earlier, later) in zip(ordered, ordered.dropFirst()) {
                #expect(date(earlier[4])! < date(later[4])!)
            }
            #expect(ordered.allSatisfy { [owner, counterpart].contains(int($0[2])!) })
            let clientTurns = ordered.filter { int($0[2]) == owner }.count
            #expect(abs(clientTurns - (ordered.count - clientTurns)) <= 3)
        }
        #expect(Fixture.rows("messages").contains { $0[5] != .null })
    }

    @Test("some clients are silent for 3, 7 and 14+ days, some never wrote")
    func silence() {
        let now = Fixture.now
        let clients = Set(Fixture.rows("trainer_clients").compactMap { int($0[1]) })
        var last: [Int64: Date] = [:]
        for row in Fixture.rows("messages") where clients.contains(int(row[2])!) {
            let sent = date(row[4])!
            last[int(row[2])!] = max(last[int(row[2])!] ?? sent, sent)
        }
        let days = last.values.map { Int(now.timeIntervalSince($0) / 86_400) }
        #expect(days.contains { (3..<7).contains($0) })
        #expect(days.contains { (7..<14).contains($0) })
        #expect(days.contains { $0 >= 14 })
        #expect(days.contains { $0 < 3 })
        #expect(last.count < clients.count)
    }

    @Test("client messages mention injuries, recoveries, goals, diets, family, habits, questions, in several languages")
    func topics() {
        let owners = Set(Fixture.rows("users").compactMap { int($0[0]) })
        let bodies = Fixture.rows("messages").filter { owners.contains(int($0[2])!) }.compactMap {
            text($0[3])?.lowercased()
        }
        let expectations: [(String, [String])] = [
            ("injury with side", ["my left knee", "my right knee", "my left shoulder", "my right shoulder"]),
            ("back pain", ["lower back"]),
            ("negation", ["doesn't hurt anymore", "no more pain", "is fine now", "pain in my"]),
            ("goal", ["i want to", "my goal is"]),
            ("diet", ["vegetarian", "vegan", "lactose"]),
            ("past habit", ["i used to"]),
            ("family, third person", ["my wife", "my husband", "my partner", "my son", "my daughter"]),
            ("schedule", ["mornings", "evenings", "night shifts"]),
            ("likes", ["i love", "i enjoy", "i like"]),
            ("dislikes", ["i never liked", "i hate", "not for me"]),
            ("question", ["?"]),
            ("small talk", ["thanks", "hi!", "see you tomorrow"]),
            ("foreign", ["obrigado", "danke", "gracias", "bom dia", "buenos días", "guten morgen", "até amanhã"]),
        ]
        for (label, needles) in expectations {
            #expect(bodies.contains { body in needles.contains { body.contains($0) } }, "no \(label) message")
        }
        #expect(Set(bodies).count > bodies.count / 10)
    }
}

/// Seeding real databases: byte-for-byte the same twice, and the same rows on both backends.
@Suite("Seeder", .serialized)
struct SeederTests {
    static let tables = [
        "users", "trainer_clients", "profiles", "exercises", "programs", "program_workouts", "workout_exercises",
        "enrollments", "workout_sessions", "session_sets", "conversations", "messages", "check_ins",
    ]

    /// Applies `sql/<backend>/*.sql`, found relative to this file.
    static func migrate(_ connection: DatabaseConnection) async throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let directory = root.appendingPathComponent("sql").appendingPathComponent(connection.backend.rawValue)
        _ = try await Migrator(directory: directory).migrate(connection, logger: TestDatabase.logger)
    }

    /// Every table's rows ordered by the first two columns (each table's key starts there).
    static func dump(_ connection: DatabaseConnection) async throws -> [String: [[SQLValue]]] {
        var result: [String: [[SQLValue]]] = [:]
        for table in tables {
            result[table] = try await connection.query("SELECT * FROM spotter.\(table) ORDER BY 1, 2").map(\.values)
        }
        return result
    }

    static func seeded(_ backend: DatabaseBackend, users: Int) async throws -> ([String: [[SQLValue]]], SeedReport) {
        try await TestDatabase.withConnection(backend) { connection, _ in
            try await migrate(connection)
            let configuration = SeedConfiguration(users: users, seed: 11, chunkSize: 100)
            let report = try await Seeder.seed(
                into: connection, configuration: configuration, logger: TestDatabase.logger)
            return (try await dump(connection), report)
        }
    }

    @Test("seeding SQLite twice gives identical tables")
    func sqliteTwice() async throws {
        let (first, report) = try await Self.seeded(.sqlite, users: 300)
        let (second, _) = try await Self.seeded(.sqlite, users: 300)
        for table in Self.tables {
            #expect(first[table] == second[table], "table \(table) differs")
            #expect(!(first[table] ?? []).isEmpty, "table \(table) is empty")
        }
        let generated = SeedGenerator(configuration: SeedConfiguration(users: 300, seed: 11)).chunk(users: 0..<300)
        for table in generated.tables {
            #expect(first[table.name]?.count == table.rows.count, "row count of \(table.name)")
        }
        #expect(report.rowsPerTable.first { $0.table == "messages" }?.rows == first["messages"]?.count)
        #expect(report.table().contains("workout_sessions"))
    }

    @Test("seeding PostgreSQL writes the same rows, resets sequences and refuses a second seed")
    func postgres() async throws {
        try await TestDatabase.withConnection(.postgres) { connection, _ in
            try await Self.migrate(connection)
            let configuration = SeedConfiguration(users: 300, seed: 11, chunkSize: 100)
            let report = try await Seeder.seed(
                into: connection, configuration: configuration, logger: TestDatabase.logger)
            let generated = SeedGenerator(configuration: configuration).chunk(users: 0..<300)
            for table in generated.tables {
                #expect(report.rowsPerTable.first { $0.table == table.name }?.rows == table.rows.count)
                let count = try await connection.query("SELECT count(*) AS n FROM spotter.\(table.name)")[0].int("n")
                #expect(count == table.rows.count, "row count of \(table.name)")
            }
            let rows = try await connection.query(
                "SELECT id, equipment, created_at FROM spotter.users u JOIN spotter.profiles p ON p.user_id = u.id "
                    + "ORDER BY id LIMIT 1")
            let first = try #require(generated.table("users")?.rows.first { $0[0] == rows[0]["id"] })
            #expect(try rows[0].date("created_at") == { if case .timestamp(let d) = first[6] { d } else { nil } }())
            let inserted = try await connection.query(
                "INSERT INTO spotter.workout_sessions (user_id, started_at, duration_minutes) VALUES (1, now(), 30) RETURNING id"
            )
            #expect(try inserted[0].int64("id") > 1_000)
            await #expect(throws: SeedError.self) {
                _ = try await Seeder.seed(into: connection, configuration: configuration, logger: TestDatabase.logger)
            }
        }
    }
}
