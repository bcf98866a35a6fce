import Foundation
import SpotterIDs
import SpotterRanking
import Testing

@Suite("Program recommendations: what's under way, honest reasons")
struct ProgramRecommendationReasonTests {
    @Test("the program a member is enrolled in now is never the first recommendation")
    func activeNeverFirst() throws {
        // A perfect fit, under way: it is listed, below something new.
        let profile = MemberProfile(
            goal: "strength", level: .intermediate, equipment: Fixtures.gym, daysPerWeek: 4, sessionMinutes: 60)
        let member = Fixtures.member(
            profile: profile, enrollments: [Enrollment(programID: 1, startedAt: Fixtures.day(-20), status: "active")],
            sessions: [Fixtures.session(101, day: -2)])
        let ranked = Fixtures.recommender().recommendations(for: member)
        #expect(ranked.first?.programID != 1, "\(ranked)")
        let current = try #require(ranked.first { $0.programID == 1 })
        #expect(current.reasons.contains("you're doing it now"))
        // When it is the only program that fits, it is still listed.
        let only = Fixtures.recommender(
            TrainingLibrary(programs: [Fixtures.upperLower], knownEquipment: Fixtures.equipment))
        #expect(only.recommendations(for: member).map(\.programID) == [1])
    }

    @Test("'popular with members like you' only when members like you took it")
    func popularNeedsSupport() {
        let runner = MemberProfile(level: .beginner, equipment: [])
        func reasons(takers: Int) -> [String] {
            let records = (0..<takers).map {
                SimilarUserRecord(
                    userID: UserID(Int64(1000 + $0)), profile: runner, completedProgramIDs: [3], enrolledProgramIDs: [])
            }
            let recommender = Fixtures.recommender(similar: SimilarUsersIndex(records: records))
            return recommender.recommendations(for: Fixtures.member(profile: runner)).first { $0.programID == 3 }?
                .reasons ?? []
        }
        // One member is no signal (the score is scaled to 1 all the same); three are.
        #expect(!reasons(takers: 1).contains("popular with members like you"))
        #expect(!reasons(takers: 2).contains("popular with members like you"))
        #expect(reasons(takers: 3).contains("popular with members like you"))
        // Without a profile nobody is "like you".
        let records = (0..<10).map {
            SimilarUserRecord(
                userID: UserID(Int64(1000 + $0)), profile: nil, completedProgramIDs: [3], enrolledProgramIDs: [])
        }
        let anonymous = Fixtures.recommender(similar: SimilarUsersIndex(records: records))
            .recommendations(for: Fixtures.member(profile: nil))
        #expect(anonymous.allSatisfy { !$0.reasons.contains("popular with members like you") })
    }

    @Test("nothing fits is explained by the ranking's own filter")
    func nothingFitsFromTheRanking() {
        let member = Fixtures.member(profile: MemberProfile(level: .beginner, equipment: []))
        let hard = TrainingLibrary(programs: [Fixtures.upperLower, Fixtures.ppl], knownEquipment: Fixtures.equipment)
        let recommender = Fixtures.recommender(hard)
        #expect(recommender.recommendations(for: member).isEmpty)
        #expect(
            recommender.programsNothingFitsReason(for: member)
                == "nothing fits: of 2 programs, 2 need equipment you don't have, 2 are above your level; "
                + "no equipment listed: bodyweight only")
        // Where the ranking lists programs, the explanation counts none as filtered for that reason.
        let fits = Fixtures.recommender()
        #expect(!fits.recommendations(for: member).isEmpty)
    }
}
