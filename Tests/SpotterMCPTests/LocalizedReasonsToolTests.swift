import Foundation
import MCP
import SpotterDB
import SpotterIDs
import SpotterJobs
import SpotterTestSupport
import Testing

@testable import SpotterMCP

/// The MCP tools answer reasons in the caller's language, from the codes stored beside the text.
@Suite("mcp reasons in the caller's language")
struct LocalizedReasonsToolTests {
    /// Trainer 1 (pt-BR) coaches 2 (en-GB); 3 is a pt-BR member. Rows as the nightly writes them.
    static func world(_ database: TestDatabase) async throws -> DatabaseConnection {
        let connection = try await database.connect()
        let directory = TestRepository.migrations(postgres: database.backend == .postgres)
        _ = try await Migrator(directory: directory).migrate(connection, logger: TestDatabase.logger)
        let json = database.backend == .postgres ? "::jsonb" : ""
        try await connection.withTransaction { session in
            for (id, name, role, locale) in [
                (1, "Rita", "trainer", "pt-BR"), (2, "Ann", "client", "en-GB"), (3, "Bia", "member", "pt-BR"),
            ] {
                try session.execute(
                    "INSERT INTO spotter.users (id, display_name, role, locale) VALUES ($1, $2, $3, $4)",
                    [.int(Int64(id)), .text(name), .text(role), .text(locale)])
            }
            try session.execute("INSERT INTO spotter.trainer_clients (trainer_id, client_id) VALUES (1, 2)")
            try session.execute(
                """
                INSERT INTO spotter.inactive_clients (trainer_id, client_id, days_inactive, tier, reason, reason_code,
                    local_date)
                VALUES (1, 2, 9, 7, 'no message and no workout for 9 days', $1\(json), '2026-11-25')
                """, [.text(#"{"code":"no_message_no_workout","days":9}"#)])
            try session.execute(
                """
                INSERT INTO spotter.daily_suggestions (user_id, local_date, workout_id, program_id, title, score, reasons,
                    reason_codes)
                VALUES (3, '2026-11-25', 101, 1, 'Push Day — Bodyweight Basics', 2.5, $1\(json), $2\(json))
                """,
                [
                    .text(#"["next in Bodyweight Basics, week 2", "legs rested over a week"]"#),
                    .text(
                        #"[{"code":"next_in_enrolled_program","program":"Bodyweight Basics","week":2},"#
                            + #"{"code":"muscles_rested_over_week","muscles":["legs"]}]"#),
                ])
        }
        return connection
    }

    static func text(_ tools: SpotterTools, _ name: String, _ arguments: [String: Value]) async throws -> String {
        let tool = try #require(ToolCatalog.tools.first { $0.name == name })
        return try await tools.call(
            name, ToolArguments(tool: name, values: arguments, allowed: ToolCatalog.argumentNames(of: tool))
        ).text
    }

    @Test("a pt-BR trainer reads an en-GB client's reason in Portuguese; a pt-BR member their suggestion")
    func portuguese() async throws {
        for database in try await TestDatabase.all() {
            defer { Task { await database.drop() } }
            let connection = try await Self.world(database)
            defer { Task { await connection.close() } }
            let trainer = SpotterTools(connection: connection, userID: 1)
            let inactive = try await InactiveClientsToolTests.call(trainer, "inactive_clients", ["days": 3])
            let client = try #require((inactive["clients"] as? [[String: Any]])?.first)
            #expect(client["reason"] as? String == "sem mensagem e sem treino há 9 dias", "\(database): \(client)")
            #expect((client["reason_code"] as? [String: Any])?["code"] as? String == "no_message_no_workout")
            #expect((inactive["reasons_locale"] as? [String: Any])?["language"] as? String == "pt-BR")
            let inactiveText = try await Self.text(trainer, "inactive_clients", ["days": 3])
            let inactiveLines = inactiveText.split(separator: "\n").map(String.init)
            #expect(
                inactiveLines.first == "1 aluno de Rita inativo há 3+ dias (mensagens e treinos):", "\(inactiveText)")
            #expect(
                inactiveLines.dropFirst().first?.hasPrefix("- Ann (usuário 2): ") == true
                    && inactiveText.hasSuffix("; sem mensagem e sem treino há 9 dias"), "\(database): \(inactiveText)")
            let overview = try await Self.text(trainer, "trainer_overview", [:])
            #expect(
                overview
                    == "Rita: 1 aluno (ativos: 1, em pausa: 0); precisam de atenção: 1.\n7 a 13 dias: 1\n"
                    + "- Ann (usuário 2): sem mensagem e sem treino há 9 dias", "\(database): \(overview)")
            let structured = try await InactiveClientsToolTests.call(trainer, "trainer_overview", [:])
            let labels = (structured["tiers"] as? [[String: Any]])?.compactMap { $0["label"] as? String }
            #expect(labels == ["14 dias ou mais, ou nunca", "7 a 13 dias", "3 a 6 dias"], "\(database): \(structured)")

            let member = SpotterTools(connection: connection, userID: 3)
            let answer = try await InactiveClientsToolTests.call(member, "daily_suggestion", ["client": 3])
            let suggestion = try #require(answer["suggestion"] as? [String: Any])
            #expect(
                suggestion["reasons"] as? [String]
                    == ["próximo treino de Bodyweight Basics, semana 2", "pernas descansadas há mais de uma semana"],
                "\(database): \(suggestion)")
            #expect((suggestion["reason_codes"] as? [Any])?.count == 2)

            // The text answers read in the caller's language too, dates in their format.
            let text = try await Self.text(member, "daily_suggestion", ["client": 3])
            #expect(
                text.hasPrefix(
                    "Bia, 25 de nov. de 2026: Push Day — Bodyweight Basics (pontuação 2,5) — próximo treino"),
                "\(database): \(text)")
            let none = try await Self.text(member, "daily_suggestion", ["client": 3, "date": "2026-11-26"])
            #expect(
                none == "Nenhuma sugestão para Bia em 26 de nov. de 2026: nada se encaixa, ou ainda não foi calculada.",
                "\(database): \(none)")
            let context = try await Self.text(member, "member_context", [:])
            #expect(context.hasPrefix("Bia (usuário 3, aluno)\n"), "\(database): \(context)")
            #expect(context.contains("\nSugestão para 25 de nov. de 2026: Push Day"), "\(database): \(context)")
            #expect(context.contains("\nNenhuma estatística de atividade calculada ainda."), "\(database): \(context)")
            let programs = try await Self.text(member, "recommended_programs", ["client": 3])
            #expect(programs == "Programas recomendados para Bia (0 no total):\nnenhum calculado ainda", "\(programs)")
            let english = try await Self.text(
                SpotterTools(connection: connection, userID: 2), "member_context", [:])
            #expect(english.hasPrefix("Ann (user 2, client)\nNo activity statistics computed yet."), "\(english)")
        }
    }
}
