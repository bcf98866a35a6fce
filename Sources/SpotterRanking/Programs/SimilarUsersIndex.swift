public import SpotterIDs

/// One member as the similar-users index sees them: profile features and the programs they took.
public struct SimilarUserRecord: Sendable, Hashable {
    /// The member.
    public var userID: UserID
    /// Their profile, if any (goal, level and whether they have equipment are used).
    public var profile: MemberProfile?
    /// Programs they completed (weight 1).
    public var completedProgramIDs: [ProgramID]
    /// Programs they enrolled in without completing (weight 0.5).
    public var enrolledProgramIDs: [ProgramID]

    /// Creates a record.
    public init(
        userID: UserID, profile: MemberProfile?, completedProgramIDs: [ProgramID], enrolledProgramIDs: [ProgramID]
    ) {
        self.userID = userID
        self.profile = profile
        self.completedProgramIDs = completedProgramIDs
        self.enrolledProgramIDs = enrolledProgramIDs
    }
}

/// "Programs that members similar to this one completed", built once per run or shard from many
/// members and shared. Two signals: members with the same profile features (goal, level,
/// equipment or not), and members whose programs overlap this member's (co-occurrence). A member
/// who is in the index never counts for themselves (leave-one-out). Deterministic.
public struct SimilarUsersIndex: Sendable {
    /// An index with no members: every score is 0.
    public static let empty = SimilarUsersIndex(records: [])

    /// How many distinct members were indexed.
    public let userCount: Int
    let segments: [String: Segment]
    let cooccurrence: [ProgramID: [ProgramID: Double]]
    let programMembers: [ProgramID: Double]
    let indexed: [UserID: Indexed]

    struct Segment: Sendable {
        var members = 0.0
        var weights: [ProgramID: Double] = [:]
    }

    struct Indexed: Sendable {
        let keys: [String]
        let programs: [(id: ProgramID, weight: Double)]
    }

    /// Segment keys of a profile, most specific first, with their weights.
    static func keys(_ profile: MemberProfile?) -> [(key: String, weight: Double)] {
        guard let profile else { return [("*", 0.25)] }
        let goal = profile.goal.map { Vocabulary.goal($0) ?? MuscleGroups.normalized($0) } ?? "-"
        let level = (profile.level ?? .beginner).rawValue
        let equipped = profile.equipment.subtracting(["none", ""]).isEmpty ? "bodyweight" : "equipped"
        return [("\(goal)|\(level)|\(equipped)", 1), ("\(goal)", 0.5), ("*", 0.25)]
    }

    /// The weighted programs of a record: completed 1, otherwise enrolled 0.5; sorted by id.
    private static func programs(_ record: SimilarUserRecord) -> [(id: ProgramID, weight: Double)] {
        var weights: [ProgramID: Double] = [:]
        for id in record.enrolledProgramIDs { weights[id] = max(weights[id] ?? 0, 0.5) }
        for id in record.completedProgramIDs { weights[id] = 1 }
        return weights.keys.sorted().map { ($0, weights[$0]!) }
    }

    /// Builds the index; O(records × programs per record²). A repeated user id keeps its first record.
    public init(records: [SimilarUserRecord]) {
        var segments: [String: Segment] = [:]
        var cooccurrence: [ProgramID: [ProgramID: Double]] = [:]
        var programMembers: [ProgramID: Double] = [:]
        var indexed: [UserID: Indexed] = [:]
        for record in records.enumerated().sorted(by: {
            ($0.element.userID, $0.offset) < ($1.element.userID, $1.offset)
        })
        .map(\.element) where indexed[record.userID] == nil {
            let programs = Self.programs(record)
            let keys = Self.keys(record.profile).map(\.key)
            indexed[record.userID] = Indexed(keys: keys, programs: programs)
            for key in keys {
                segments[key, default: Segment()].members += 1
                for program in programs { segments[key]!.weights[program.id, default: 0] += program.weight }
            }
            for a in programs {
                programMembers[a.id, default: 0] += 1
                for b in programs where b.id != a.id { cooccurrence[a.id, default: [:]][b.id, default: 0] += 1 }
            }
        }
        userCount = indexed.count
        self.segments = segments
        self.cooccurrence = cooccurrence
        self.programMembers = programMembers
        self.indexed = indexed
    }

    /// Per program of `library` (in its order), 0…1: how strongly members similar to `member`
    /// took it, scaled so the best is 1 (all 0 when nothing is known). For one-off use: it
    /// aligns the index to the library on every call, which ``Recommender`` does once.
    public func scores(for member: MemberContext, library: TrainingLibrary) -> [Double] {
        Aligned(self, library: library).scores(for: member)
    }
}
