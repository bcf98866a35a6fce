import Foundation
import Logging
import SpotterCatalog
import SpotterDB
import SpotterIDs
import SpotterJobs
import SpotterQueue
import SpotterRendering

/// Runs the demo's batch through the real queue and handlers and renders what it computed.
enum DemoBatch {
    static func run(
        connection: DatabaseConnection, configuration: DatabaseConfiguration, catalog: JobCatalog, logger: Logger
    ) async throws -> String {
        let status = try await NightlyRunner.run(
            zone: nil, localDate: nil, asOf: Date(), concurrency: 2, configuration: configuration, catalog: catalog,
            logger: logger)
        var text = NightlyRunner.render(status)
        text += try await connection.withSession { session in
            var sections: [String] = []
            sections.append(section("Streaks and this week's row", try AnalyticsDemo.render(in: session)))
            sections.append(
                section("Today's suggestion and recommended programs", try RecommendationsDemo.render(in: session)))
            sections.append(section("What people said about themselves (facts)", try FactsDemo.render(in: session)))
            sections.append(section("Chat context of a trainer", try chatContext(role: "trainer", in: session)))
            sections.append(
                section(
                    "Chat context of a pt-BR member",
                    try chatContext(role: "member", locale: "u.locale = 'pt-BR'", in: session)))
            sections.append(
                section(
                    "Chat context of an English-speaking member",
                    try chatContext(role: "member", locale: "u.locale LIKE 'en-%'", in: session)))
            return sections.joined()
        }
        return text
    }

    static func section(_ title: String, _ body: String) -> String {
        "\n== \(title) " + String(repeating: "=", count: max(0, 70 - title.count)) + "\n\n" + body
    }

    /// The prompt-ready context of the first active user of a role who has results (and whose
    /// locale meets `locale`, a condition on `u`), its reasons in that user's language.
    static func chatContext(role: String, locale: String = "true", in session: DatabaseSession) throws -> String {
        let rows = try session.query(
            """
            SELECT u.id FROM spotter.users u
            WHERE u.role = \(bind: role) AND u.status = 'active'
              AND EXISTS (SELECT 1 FROM spotter.profile_stats p WHERE p.user_id = u.id)
              AND EXISTS (SELECT 1 FROM spotter.daily_suggestions d WHERE d.user_id = u.id OR u.role = 'trainer')
              AND \(unescaped: locale)
            ORDER BY (SELECT count(*) FROM spotter.inactive_clients ic WHERE ic.trainer_id = u.id) DESC, u.id
            LIMIT 1
            """)
        guard let id = try rows.first?.id("id", as: UserID.self),
            let document = try ChatContext.document(user: id, in: session)
        else { return "(no \(role) with results)\n" }
        return "$ spotter context \(id)\n" + (try ChatContext.render(document: document))
    }
}
