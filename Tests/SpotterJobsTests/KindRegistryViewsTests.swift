import Foundation
import SpotterDB
import SpotterJobs
import SpotterQueue
import Testing

/// The per-kind SQL views against the kinds' declarations: `result_freshness` has one branch per
/// kind that writes results, each over one of that kind's result tables, and `chat_context`
/// reads every readable result table and reads nothing that is neither an input relation nor a
/// declared result table or view. A kind added without its branch, or a branch left for a kind
/// that is gone, fails here on both backends.
@Suite("Kind registry: the per-kind views")
struct KindRegistryViewsTests {
    /// The kinds of `result_freshness`: (kind, table) per `UNION ALL` branch, from the view's
    /// definition (each branch reads its table as `r`).
    static func freshnessBranches(_ definition: String) -> [(kind: String, table: String)] {
        definition.components(separatedBy: "UNION ALL").compactMap { branch in
            guard let kind = branch.firstMatch(of: /SELECT\s+'([a-z_]+)'/)?.1,
                let table = branch.firstMatch(of: /FROM\s+(?:spotter\.)?([a-z_]+)\s+r\b/)?.1
            else { return nil }
            return (String(kind), String(table))
        }
    }

    /// What is wrong with `result_freshness`'s `definition` for `declarations`: a kind that
    /// writes results without a branch, a branch naming no declared kind, or a branch over a
    /// table that is not its kind's. Empty when they agree.
    static func freshnessProblems(_ definition: String, _ declarations: [KindDeclaration]) -> [String] {
        let branches = freshnessBranches(definition)
        let tables = Dictionary(uniqueKeysWithValues: declarations.map { ($0.name, Set($0.resultTables.map(\.name))) })
        var problems: [String] = []
        for kind in declarations where !kind.resultTables.isEmpty && !branches.contains(where: { $0.kind == kind.name })
        {
            problems.append("result_freshness has no branch for kind \(kind.name)")
        }
        for branch in branches {
            guard let own = tables[branch.kind] else {
                problems.append("result_freshness names kind \(branch.kind), which is not declared")
                continue
            }
            if !own.contains(branch.table) {
                problems.append(
                    "result_freshness reads \(branch.table) for \(branch.kind), not one of its result tables")
            }
        }
        return problems
    }

    /// The relations `definition` reads (`FROM`/`JOIN` a name that is not a function call).
    static func relationsRead(_ definition: String) -> Set<String> {
        Set(definition.matches(of: /(?:FROM|JOIN)\s+(?:spotter\.)?([a-z_][a-z0-9_]*)\b(?!\s*\()/).map { String($0.1) })
    }

    /// What is wrong with `chat_context`'s `definition` for `declarations`: a readable result
    /// table it does not read, or a relation it reads that is neither an input relation nor a
    /// declared result table or view.
    static func chatContextProblems(_ definition: String, _ declarations: [KindDeclaration]) -> [String] {
        let read = relationsRead(definition)
        var problems: [String] = []
        for table in declarations.flatMap(\.resultTables) where table.readable && !read.contains(table.name) {
            problems.append("chat_context does not read result table \(table.name)")
        }
        let known = Set(InputContract.names)
            .union(declarations.flatMap(\.resultTables).map(\.name))
            .union(declarations.flatMap(\.views))
        for relation in read.subtracting(known).sorted() {
            problems.append("chat_context reads \(relation), which is no input relation and no kind's table or view")
        }
        return problems
    }

    /// The definition of view `name` as the database keeps it.
    static func definition(of name: String, in connection: DatabaseConnection, _ backend: DatabaseBackend)
        async throws -> String
    {
        let rows: [Row]
        switch backend {
        case .postgres:
            rows = try await connection.query(
                "SELECT pg_get_viewdef(CAST(\(bind: "spotter." + name) AS regclass), true) AS sql")
        case .sqlite:
            rows = try await connection.query(
                "SELECT sql FROM sqlite_master WHERE type = 'view' AND name = \(bind: name)")
        }
        return try #require(try rows.first?.optionalString("sql"), "no view \(name)")
    }

    @Test("result_freshness has one branch per kind that writes results", arguments: DatabaseBackend.allCases)
    func freshnessMatchesKinds(backend: DatabaseBackend) async throws {
        try await AnalyticsHarness.with(backend) { harness in
            let definition = try await Self.definition(of: "result_freshness", in: harness.connection, backend)
            #expect(Self.freshnessBranches(definition).count >= 6, "\(definition)")
            #expect(Self.freshnessProblems(definition, SpotterHandlers.declarations) == [])
        }
    }

    @Test("chat_context reads every readable result table and nothing undeclared", arguments: DatabaseBackend.allCases)
    func chatContextMatchesKinds(backend: DatabaseBackend) async throws {
        try await AnalyticsHarness.with(backend) { harness in
            let definition = try await Self.definition(of: "chat_context", in: harness.connection, backend)
            #expect(Self.relationsRead(definition).contains("users"), "\(definition)")
            #expect(Self.chatContextProblems(definition, SpotterHandlers.declarations) == [])
        }
    }

    @Test("the checks fail for a kind without its branch and for a branch without its kind")
    func checksCanFail() async throws {
        try await AnalyticsHarness.with(.sqlite) { harness in
            let freshness = try await Self.definition(of: "result_freshness", in: harness.connection, .sqlite)
            let context = try await Self.definition(of: "chat_context", in: harness.connection, .sqlite)
            var declarations = SpotterHandlers.declarations
            declarations.append(
                KindDeclaration(
                    name: "weekly_digest", resultTables: [ResultTable("weekly_digests", pruning: .people(["user_id"]))])
            )
            #expect(
                Self.freshnessProblems(freshness, declarations) == [
                    "result_freshness has no branch for kind weekly_digest"
                ])
            #expect(
                Self.chatContextProblems(context, declarations) == [
                    "chat_context does not read result table weekly_digests"
                ])
            let withoutProfiles = SpotterHandlers.declarations.filter { $0.name != ProfileStatsHandler.name }
            #expect(
                Self.freshnessProblems(freshness, withoutProfiles)
                    == ["result_freshness names kind profile_stats, which is not declared"])
            #expect(
                Self.chatContextProblems(context, withoutProfiles)
                    == ["chat_context reads profile_stats, which is no input relation and no kind's table or view"])
        }
    }
}
