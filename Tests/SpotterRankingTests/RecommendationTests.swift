import Foundation
import SpotterIDs
import SpotterRanking
import Testing

@Suite("Program recommendations")
struct RecommendationTests {
    /// Twelve programs in three categories, all beginner bodyweight, so only soft signals rank them.
    static let wide: TrainingLibrary = {
        let categories = ["home", "running", "mobility"]
        let goals = ["fat_loss", "endurance", "mobility"]
        let programs = (0..<12).map { i -> LibraryProgram in
            let id = Int64(100 + i)
            return Fixtures.program(
                ProgramID(id), "Program \(i)", goal: goals[i % 3], category: categories[i % 3], days: 3, weeks: 4,
                [Fixtures.workout(WorkoutID(id * 10), ProgramID(id), 1, "Workout \(i)", ["core"], minutes: 30)])
        }
        return TrainingLibrary(programs: programs, knownEquipment: Fixtures.equipment)
    }()

    @Test("top 10 by default, ranked, scores non-increasing")
    func topTen() {
        let list = Fixtures.recommender(Self.wide).recommendations(for: Fixtures.member())
        #expect(list.count == 10)
        #expect(list.map(\.rank) == Array(1...10))
        #expect(zip(list, list.dropFirst()).allSatisfy { $0.score >= $1.score })
        #expect(list.allSatisfy { !$0.reasons.isEmpty })
        #expect(Fixtures.recommender(Self.wide).recommendations(for: Fixtures.member(), limit: 3).count == 3)
        #expect(Fixtures.recommender(Self.wide).recommendations(for: Fixtures.member(), limit: 0).isEmpty)
    }

    @Test("hard filters: equipment and level")
    func hardFilters() {
        let beginnerHome = MemberProfile(
            goal: "strength", level: .beginner, equipment: [], daysPerWeek: 3, sessionMinutes: 45)
        let ids = Fixtures.recommender().recommendations(for: Fixtures.member(profile: beginnerHome)).map(\.programID)
        #expect(ids.sorted() == [3, 5, 6])
        let intermediateGym = Fixtures.recommender().recommendations(for: Fixtures.member()).map(\.programID)
        #expect(intermediateGym.sorted() == [1, 2, 3, 5, 6])
        #expect(
            Fixtures.recommender().recommendations(for: Fixtures.member(profile: nil)).map(\.programID).sorted() == [
                3, 5, 6,
            ])
    }

    @Test("goal, days and length fit put the matching program first, with reasons")
    func softFit() throws {
        let top = try #require(Fixtures.recommender().recommendations(for: Fixtures.member()).first)
        #expect(top.programID == 1)
        #expect(top.reasons.contains("matches your goal: strength"))
        #expect(top.reasons.contains("fits your 4 days a week"))
        #expect(top.reasons.contains("sessions up to 50 min"))
        #expect(top.reasons.contains("new to you"))
    }

    @Test("novelty: a completed program falls below a new one")
    func novelty() throws {
        let completed = Fixtures.member(
            enrollments: [Enrollment(programID: 1, startedAt: Fixtures.day(-60), status: "completed")])
        let list = Fixtures.recommender().recommendations(for: completed)
        let rank = try #require(list.first { $0.programID == 1 })
        #expect(rank.rank > 1)
        #expect(rank.reasons.contains("completed before: a repeat"))
    }

    @Test("variety: the same category is not stacked at the top")
    func variety() {
        let member = Fixtures.member(profile: MemberProfile(goal: "fat_loss", level: .beginner, equipment: []))
        let list = Fixtures.recommender(Self.wide).recommendations(for: member)
        let categories = list.prefix(4).compactMap { Self.wide.program(id: $0.programID)?.category }
        #expect(categories.first == "home")
        #expect(Set(categories).count == 3)
        #expect(list.contains { $0.reasons.contains("adds variety: running") })
        // Without the variety penalty the four fat-loss "home" programs would fill the top.
        var configuration = RankingConfiguration()
        configuration.programs.repeatedCategoryPenalty = 0
        let stacked = Fixtures.recommender(Self.wide, configuration: configuration).recommendations(for: member)
        #expect(stacked.prefix(4).allSatisfy { Self.wide.program(id: $0.programID)?.category == "home" })
    }

    @Test("what similar members completed lifts a program")
    func similarMembers() throws {
        let runner = MemberProfile(level: .beginner, equipment: [])
        let records = (1...20).map { id in
            SimilarUserRecord(
                userID: UserID(Int64(1000 + id)), profile: runner, completedProgramIDs: [110], enrolledProgramIDs: [])
        }
        let similar = SimilarUsersIndex(records: records)
        let member = Fixtures.member(profile: runner)
        let without = Fixtures.recommender(Self.wide).recommendations(for: member)
        let with = Fixtures.recommender(Self.wide, similar: similar).recommendations(for: member)
        #expect(without.first?.programID != 110)
        #expect(with.first?.programID == 110)
        #expect(with.first?.reasons.contains("popular with members like you") == true)
    }
}

@Suite("Similar users index")
struct SimilarUsersIndexTests {
    static let profile = MemberProfile(goal: "strength", level: .intermediate, equipment: Fixtures.gym)

    @Test("co-occurrence: members who took what I took also took X")
    func cooccurrence() {
        let records = [
            SimilarUserRecord(userID: 1, profile: nil, completedProgramIDs: [1, 4], enrolledProgramIDs: []),
            SimilarUserRecord(userID: 2, profile: nil, completedProgramIDs: [1, 4], enrolledProgramIDs: []),
            SimilarUserRecord(userID: 3, profile: nil, completedProgramIDs: [2, 5], enrolledProgramIDs: []),
        ]
        let index = SimilarUsersIndex(records: records)
        let member = Fixtures.member(
            99, profile: nil, enrollments: [Enrollment(programID: 1, startedAt: Fixtures.day(-9), status: "completed")])
        let scores = index.scores(for: member, library: Fixtures.library)
        let byID = Dictionary(uniqueKeysWithValues: zip(Fixtures.library.programs.map(\.id), scores))
        #expect(byID[4] == 1)
        #expect(byID[4]! > byID[5]!)
    }

    @Test("a member never counts for themselves, and record order does not matter")
    func leaveOneOut() {
        let me = SimilarUserRecord(userID: 7, profile: Self.profile, completedProgramIDs: [4], enrolledProgramIDs: [])
        let other = SimilarUserRecord(
            userID: 8, profile: Self.profile, completedProgramIDs: [2], enrolledProgramIDs: [1])
        let member = Fixtures.member(7, profile: Self.profile)
        let forward = SimilarUsersIndex(records: [me, other]).scores(for: member, library: Fixtures.library)
        let backward = SimilarUsersIndex(records: [other, me]).scores(for: member, library: Fixtures.library)
        #expect(forward == backward)
        let only = SimilarUsersIndex(records: [other]).scores(for: member, library: Fixtures.library)
        #expect(forward == only)
        #expect(SimilarUsersIndex.empty.scores(for: member, library: Fixtures.library).allSatisfy { $0 == 0 })
    }
}
