import Foundation
import SpotterDB
import SpotterFacts
import SpotterIDs
import SpotterJobs
import SpotterRanking
import SpotterRendering
import SpotterTestSupport
import Testing

/// Issue 31's end-to-end check, as a product runs Spotter: pairs of members with the same
/// program and history, arranged so that the next workout in program order loads the body part a
/// probe message names; one of each pair wrote the probe the day before, the other a message about
/// something else; then one nightly batch. Every injured twin must be kept off the loading
/// workout; every twin whose message restricts nothing must get what the other twin got.
@Suite("Injured and uninjured twins through one nightly")
struct InjuryTwinTests {
    /// Parts a Push Day (chest, arms) loads; the rest are loaded by Legs Day (quads, glutes).
    static let upperBody: Set<String> = ["shoulder", "elbow", "wrist", "chest", "neck"]
    /// Who asks the questions probes answer ("How's your ankle?").
    static let coach = UserID(999)

    @Test(
        "every injured twin is protected, every other twin's suggestion is unchanged",
        arguments: DatabaseBackend.allCases)
    func twins(backend: DatabaseBackend) async throws {
        let file = RecommendationHarness.repository.appendingPathComponent("eval/injury-probes.jsonl")
        let probes = try InjuryProbes.parse(String(contentsOf: file, encoding: .utf8)).filter { $0.days_later == nil }
        #expect(probes.count >= 40)
        try await RecommendationHarness.with(backend) { harness in
            var pairs: [(probe: InjuryProbes.Probe, injured: UserID, twin: UserID, loading: WorkoutID)] = []
            try await harness.user(Self.coach)
            for (index, probe) in probes.enumerated() {
                let upper = probe.protects.contains { Self.upperBody.contains($0) }
                // Core Day last → Push Day is next; Push Day last → Legs Day is next.
                let (last, loading): (WorkoutID, WorkoutID) = upper ? (103, 101) : (101, 102)
                let injured = UserID(1_000 + 2 * Int64(index))
                let twin = UserID(1_001 + 2 * Int64(index))
                for (user, text) in [
                    (injured, probe.text), (twin, "Busy week at work, looking forward to the weekend"),
                ] {
                    try await harness.user(user)
                    try await harness.profile(
                        user, goal: "general_fitness", level: "beginner", equipment: [], minutes: 45)
                    try await harness.enroll(user, program: 1, daysAgo: 20)
                    try await harness.session(user, workout: last, daysAgo: 3)
                    let conversation = user.integer! * 10
                    try await harness.connection.execute(
                        "INSERT INTO spotter.conversations (id, user_id, kind) VALUES ($1, $2, 'assistant')",
                        [.int(conversation), SQLValue(user)])
                    // The coach's question the probe answers ("How's your ankle?"), a minute before.
                    if let asked = probe.asked {
                        try await harness.connection.execute(
                            """
                            INSERT INTO spotter.messages (id, conversation_id, sender_id, body, sent_at)
                            VALUES ($1, $2, $3, $4, $5)
                            """,
                            [
                                .int(conversation * 10 - 1), .int(conversation), SQLValue(Self.coach), .text(asked),
                                .timestamp(RecommendationHarness.instant(daysAgo: 1).addingTimeInterval(-60)),
                            ])
                    }
                    try await harness.connection.execute(
                        """
                        INSERT INTO spotter.messages (id, conversation_id, sender_id, body, sent_at)
                        VALUES ($1, $2, $3, $4, $5)
                        """,
                        [
                            .int(conversation * 10), .int(conversation), SQLValue(user), .text(text),
                            .timestamp(RecommendationHarness.instant(daysAgo: 1)),
                        ])
                }
                pairs.append((probe, injured, twin, loading))
            }
            let batch = try await harness.connection.withSession { session in
                try NightlyBatch.plan(
                    zone: "UTC", localDate: RecommendationHarness.today,
                    asOf: RecommendationHarness.instant(daysAgo: 0), in: session)
            }
            try await batch.drain(on: harness.connection, catalog: harness.catalog)
            var failures: [String] = []
            for pair in pairs {
                let twin = try await harness.suggestions(pair.twin).first
                let injured = try await harness.suggestions(pair.injured).first
                #expect(twin?.workout == pair.loading, "the uninjured twin's next workout: \(String(describing: twin))")
                if pair.probe.protects.isEmpty {
                    if injured?.workout != twin?.workout {
                        failures.append("moved without an injury: \(pair.probe.text) → \(String(describing: injured))")
                    }
                } else if injured?.workout == pair.loading {
                    failures.append("not protected: \(pair.probe.text) → \(String(describing: injured))")
                }
            }
            #expect(failures.isEmpty, "\(failures.count) of \(pairs.count) twins: \(failures.joined(separator: "\n"))")
        }
    }

    @Test("every body part a fact can name keeps its work out of the suggestion (the two vocabularies meet)")
    func partsMeet() {
        // A jaw or a headache loads no training; every other part a fact's slot can name must map.
        for part in BodyPart.all where !["jaw", "head"].contains(part.name) {
            let words = part.name.split(separator: "-").map(String.init) + part.words
            #expect(words.contains { BodyParts.part(named: $0) != nil }, "\(part.name) maps to no part")
        }
    }
}
