extension MuscleGroups {
    /// The coarse groups the personal model and the evaluation compare sessions by: finer names
    /// fold into them (biceps, triceps, forearms → arms; upper and lower back, lats, traps →
    /// back; hips, adductors → glutes; abs, obliques → core), so a library that says "arms" and
    /// an import that says "biceps" speak of the same thing.
    public static let coarseNames: [String] = [
        "chest", "back", "shoulders", "arms", "core", "quads", "hamstrings", "glutes", "calves", "cardio", "mobility",
    ]

    private static let coarseIndex: [String: Int] = {
        var index: [String: Int] = [:]
        for (i, name) in coarseNames.enumerated() { index[name] = i }
        let folds: [String: String] = [
            "biceps": "arms", "triceps": "arms", "forearms": "arms", "forearm": "arms", "upper_back": "back",
            "lower_back": "back", "lats": "back", "traps": "back", "trapezius": "back", "middle_back": "back",
            "hips": "glutes", "adductors": "glutes", "abductors": "glutes", "abs": "core", "abdominals": "core",
            "obliques": "core", "delts": "shoulders", "calf": "calves", "quadriceps": "quads",
            "hamstring": "hamstrings",
            "glute": "glutes", "pecs": "chest",
        ]
        for (fine, coarse) in folds { index[fine] = index[coarse] }
        return index
    }()

    /// The coarse group of a muscle group name, or nil when unknown ("full_body" has several:
    /// see ``coarseMask(of:)``).
    static func coarseName(of name: String) -> String? {
        coarseIndex[normalized(name)].map { coarseNames[$0] }
    }

    /// The coarse groups of a list of muscle group names as a bit set (bit i = `coarseNames[i]`).
    public static func coarseMask(of names: [String]) -> UInt16 {
        var mask: UInt16 = 0
        for name in names { mask |= coarseMask(ofName: name) }
        return mask
    }

    /// The coarse groups of one muscle group name (see ``coarseMask(of:)``).
    static func coarseMask(ofName raw: String) -> UInt16 {
        let name = normalized(raw)
        if name == "full_body" { return fullBodyCoarseMask }
        if let index = coarseIndex[name] { return 1 << UInt16(index) }
        var mask: UInt16 = 0
        if let groups = Vocabulary.muscleGroups(for: name) {
            // A product word for several groups ("legs", "push", "upper body").
            for group in groups { if let index = coarseIndex[group] { mask |= 1 << UInt16(index) } }
        }
        return mask
    }

    /// The coarse index of one name, or nil.
    static func coarseIndex(of name: String) -> Int? { coarseIndex[normalized(name)] }

    /// Every strength group: chest, back, shoulders, arms, core, quads, hamstrings, glutes.
    static let fullBodyCoarseMask: UInt16 = 0b0000_1111_1111

    /// The names of a coarse mask, in ``coarseNames`` order.
    public static func names(ofMask mask: UInt16) -> [String] {
        coarseNames.indices.filter { mask & (1 << UInt16($0)) != 0 }.map { coarseNames[$0] }
    }

    /// |a ∩ b| / |a ∪ b|; 0 when both are empty.
    public static func jaccard(_ a: UInt16, _ b: UInt16) -> Double {
        let union = (a | b).nonzeroBitCount
        return union == 0 ? 0 : Double((a & b).nonzeroBitCount) / Double(union)
    }
}
