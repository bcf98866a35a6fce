import SpotterIDs

extension SimilarUsersIndex {
    /// The index laid out as arrays in the library's program order, built once per recommender
    /// so a member's scores cost O(programs × (3 + the member's programs)) array reads.
    struct Aligned: Sendable {
        let index: SimilarUsersIndex
        let programCount: Int
        let denseByID: [ProgramID: Int]
        /// Per segment key: members, and weight taken per library program.
        let segments: [String: (members: Double, weights: [Double])]
        /// Row-major programCount × programCount co-occurrence counts.
        let cooccurrence: [Double]
        let programMembers: [Double]

        init(_ index: SimilarUsersIndex, library: TrainingLibrary) {
            self.index = index
            let ids = library.programs.map(\.id)
            let count = ids.count
            programCount = count
            denseByID = library.programIndexByID
            var segments: [String: (members: Double, weights: [Double])] = [:]
            for (key, segment) in index.segments {
                segments[key] = (segment.members, ids.map { segment.weights[$0] ?? 0 })
            }
            self.segments = segments
            var cooccurrence = Array(repeating: 0.0, count: count * count)
            for (a, idA) in ids.enumerated() {
                guard let row = index.cooccurrence[idA] else { continue }
                for (b, idB) in ids.enumerated() { cooccurrence[a * count + b] = row[idB] ?? 0 }
            }
            self.cooccurrence = cooccurrence
            programMembers = ids.map { index.programMembers[$0] ?? 0 }
        }

        func scores(for member: MemberContext) -> [Double] {
            var raw = Array(repeating: 0.0, count: programCount)
            guard index.userCount > 0, programCount > 0 else { return raw }
            let own = index.indexed[member.userID]
            // Leave-one-out: what the member themself contributed, per library program.
            var ownWeight = Array(repeating: 0.0, count: programCount)
            for program in own?.programs ?? [] {
                if let dense = denseByID[program.id] { ownWeight[dense] = program.weight }
            }
            for (key, weight) in SimilarUsersIndex.keys(member.profile) {
                guard let segment = segments[key] else { continue }
                let isOwn = own?.keys.contains(key) ?? false
                let members = segment.members - (isOwn ? 1 : 0)
                guard members > 0 else { continue }
                for p in 0..<programCount {
                    let taken = segment.weights[p] - (isOwn ? ownWeight[p] : 0)
                    raw[p] += weight * max(0, taken) / members
                }
            }
            let mine = Set(member.enrollments.compactMap { denseByID[$0.programID] }).sorted()
            for a in mine {
                let aOwn = ownWeight[a] > 0
                let aMembers = programMembers[a] - (aOwn ? 1 : 0)
                guard aMembers > 0 else { continue }
                for p in 0..<programCount where p != a {
                    let pOwn = ownWeight[p] > 0
                    let together = cooccurrence[a * programCount + p] - (aOwn && pOwn ? 1 : 0)
                    let pMembers = programMembers[p] - (pOwn ? 1 : 0)
                    if together > 0 && pMembers > 0 { raw[p] += together / (aMembers * pMembers).squareRoot() }
                }
            }
            let top = raw.max() ?? 0
            return top > 0 ? raw.map { $0 / top } : raw
        }

        /// Per program (library order), how many members of the member's own segment (same goal,
        /// level and equipment or not; the member left out) took it, completed 1, enrolled 0.5.
        /// All 0 without a profile: nobody is "like" a member we know nothing about.
        func support(for member: MemberContext) -> [Double] {
            var counts = Array(repeating: 0.0, count: programCount)
            guard member.profile != nil, let key = SimilarUsersIndex.keys(member.profile).first?.key,
                let segment = segments[key]
            else { return counts }
            let own = index.indexed[member.userID]
            let isOwn = own?.keys.contains(key) ?? false
            var ownWeight = Array(repeating: 0.0, count: programCount)
            for program in own?.programs ?? [] {
                if let dense = denseByID[program.id] { ownWeight[dense] = program.weight }
            }
            for p in 0..<programCount { counts[p] = max(0, segment.weights[p] - (isOwn ? ownWeight[p] : 0)) }
            return counts
        }
    }
}
