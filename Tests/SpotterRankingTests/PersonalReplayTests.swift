import Foundation
import SpotterIDs
import SpotterRanking
import Testing

/// The personal state a mixed history replays to, pinned number for number: the nightly's
/// daily suggestion and the evaluation both rest on it, so a faster replay must reach exactly
/// the same weights, signal rewards and candidate scores.
@Suite("Personal replay: the same history gives the same state, bit for bit")
struct PersonalReplayTests {
    static let utc = TimeZone(secondsFromGMT: 0)!

    /// What a title's sessions train (sets, load per group); nil: different groups each time
    /// (a title that names nothing in particular).
    static let titles: [(title: String, work: [(String, Double)]?)] = [
        ("Push", [("chest", 8), ("triceps", 4), ("shoulders", 3)]),
        ("Pull", [("back", 8), ("biceps", 4)]),
        ("Legs", [("quads", 8), ("hamstrings", 4), ("glutes", 3), ("calves", 2)]),
        ("Chest & Tris", [("chest", 9), ("triceps", 5)]),
        ("chest/triceps", [("chest", 7), ("triceps", 6)]),
        ("Back and Bis", [("back", 9), ("biceps", 5)]),
        ("Leg Day", [("quads", 9), ("glutes", 5)]),
        ("Upper", [("chest", 5), ("back", 5), ("shoulders", 4), ("arms", 3)]),
        ("Lower", [("quads", 6), ("hamstrings", 5), ("glutes", 4)]),
        ("Arms", [("biceps", 6), ("triceps", 6)]),
        ("Shoulders", [("shoulders", 9)]),
        ("Core blast", [("abs", 6), ("obliques", 4)]),
        ("Push 2", [("chest", 6), ("shoulders", 6)]),
        ("Run", [("cardio", 4)]),
        ("Yoga", [("mobility", 3)]),
        ("Glutes & Hams", [("glutes", 7), ("hamstrings", 7)]),
        ("Afternoon workout", nil),
        ("Morning Workout", nil),
        ("Deadlift day", [("back", 5), ("hamstrings", 5), ("glutes", 4)]),
        ("Full body", [("full_body", 6)]),
    ]
    static let groups = [
        "chest", "triceps", "back", "biceps", "shoulders", "quads", "hamstrings", "glutes", "calves", "abs",
        "cardio", "mobility", "legs",
    ]
    static let workouts: [WorkoutID] = [101, 102, 103, 104, 201, 202, 301, 302, 303, 401, 402, 403, 501, 601]

    /// About 400 days before 2024-03-10: library workouts (with and without sets), the first
    /// twelve titles early on, then a break, then the other titles and a few of the first,
    /// unnamed sessions with and without sets, sometimes two a day.
    static func history(seed: UInt64) -> [PastSession] {
        var random = SplitMix64(seed: seed)
        func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &random) < p }
        func work(_ template: [(String, Double)]) -> [MuscleWork] {
            template.map { group, sets in
                let noisy = sets + Double(Int.random(in: -2...2, using: &random))
                return MuscleWork(group: group, sets: max(1, noisy), load: max(1, noisy) * 0.8)
            }
        }
        func randomWork() -> [MuscleWork] {
            (0..<Int.random(in: 1...3, using: &random)).map { _ in
                let sets = Double(Int.random(in: 2...10, using: &random))
                return MuscleWork(group: groups.randomElement(using: &random)!, sets: sets, load: sets * 0.7)
            }
        }
        var sessions: [PastSession] = []
        for day in -400 ... -1 {
            let early = day < -300
            if !early && day < -230 && !chance(0.1) { continue }  // the break
            guard chance(0.6) else { continue }
            for _ in 0..<(chance(0.1) ? 2 : 1) {
                let start = Fixtures.day(
                    day, Int.random(in: 6...21, using: &random), minute: Int.random(in: 0..<60, using: &random))
                let minutes = Int.random(in: 20...90, using: &random)
                let roll = Double.random(in: 0..<1, using: &random)
                if roll < 0.25 {
                    let id = workouts.randomElement(using: &random)!
                    let muscles = Fixtures.library.workout(id: id)!.primaryMuscles
                    let sets = chance(0.5) ? work(muscles.map { ($0, 5) }) : []
                    sessions.append(PastSession(workoutID: id, startedAt: start, durationMinutes: minutes, work: sets))
                } else if roll < 0.75 {
                    let pool = early ? Array(0..<12) : Array(12..<titles.count) + [0, 1, 2]
                    let title = titles[pool.randomElement(using: &random)!]
                    sessions.append(
                        PastSession(
                            workoutID: nil, startedAt: start, durationMinutes: minutes, title: title.title,
                            work: title.work.map(work) ?? randomWork()))
                } else if roll < 0.9 {
                    sessions.append(
                        PastSession(workoutID: nil, startedAt: start, durationMinutes: minutes, work: randomWork()))
                } else {
                    sessions.append(PastSession(workoutID: nil, startedAt: start, durationMinutes: minutes))
                }
            }
        }
        return sessions
    }

    /// The state's weights and signal rewards, every digit (a Double's description round-trips).
    static func fingerprint(_ state: PersonalState) -> String {
        "\(state.sessionCount) w " + state.weights.map { "\($0)" }.joined(separator: ",") + " r "
            + state.signalRewards.map { "\($0)" }.joined(separator: ",")
    }

    @Test("a mixed history of 20 titles, library workouts and unnamed sessions replays to the pinned state")
    func pinnedState() {
        let sessions = Self.history(seed: 7)
        let member = Fixtures.member(
            profile: MemberProfile(level: .intermediate, equipment: Fixtures.gym), sessions: sessions)
        let recommender = Fixtures.recommender()
        var appended = PersonalState(profileLevel: .intermediate, zone: Self.utc)
        var checkpoints: [String] = []
        for (i, session) in sessions.sorted(by: PersonalState.ordered).enumerated() {
            appended.append(session, library: Fixtures.library)
            if i == 99 || i == 149 { checkpoints.append(Self.fingerprint(appended)) }
        }
        let replayed = recommender.personalState(for: member)
        checkpoints.append(Self.fingerprint(replayed))
        #expect(Self.fingerprint(appended) == Self.fingerprint(replayed))
        let ranked = recommender.rankCandidates(for: member, personal: replayed)
        checkpoints.append(ranked.prefix(8).map { "\($0.kind)=\($0.score)" }.joined(separator: ";"))
        #expect(checkpoints == Self.pinned, "\(checkpoints)")
    }

    /// What the replay gave before it was made allocation-light (issue 34), printed by the test.
    static let pinned: [String] = [
        "100 w 0.5496727219470059,0.2924566121084651,0.18202875164892415,0.6037670545459886,-1.995538715955332,-0.13602014292440945,0.3186546283052834,-1.0,2.0,0.5,0.8099362317152466"
            + " r 5.870636777824459,2.901209135809435,4.472248586267463,2.5441322380871068,3.3399129271447414,1.312161573289661,3.383397133244734",
        "150 w 0.47881184439373037,0.29447691862166453,0.22117242668746906,0.5883966129053223,-1.9900803007278698,0.421939133831838,0.34877492143872874,-1.0,2.0,0.5,0.8970209996494785"
            + " r 6.940128950063299,6.24578998929596,7.636602434732361,5.233380881836006,3.2556812738669065,2.5159704830582688,4.49326167186396",
        "217 w 0.48475620824724186,0.23165002235106327,0.3383526913269349,0.5932372325445072,-1.9892223761628807,0.369211222239837,0.2264912439425072,-1.0,2.0,0.5,0.9104185836370066"
            + " r 4.135685518988862,3.9108147663902972,4.126593629144109,4.271873664831126,3.4386428772337445,1.96546216758226,4.397947798374344",
        "workout 104=0.6660539744375138;workout 301=0.42634342754604754;workout 101=0.3391480899981818;full body=0.33344269703295315;cardio=0.27967746595139914;yoga=0.26320780843838876;workout 501=0.24994201967784588;workout 103=0.19083013595051718",
    ]
}
