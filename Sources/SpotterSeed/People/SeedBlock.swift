/// Users are laid out in fixed blocks of 25 ids. Most full blocks are a "studio": one trainer
/// with 20–24 clients, the rest members; other blocks hold members only. A block is drawn from
/// `(seed, block index)` alone, so any user's role and trainer are known without generating
/// anyone else.
struct SeedBlock {
    /// Users per block.
    static let size = 25
    /// Share of full blocks that are studios.
    static let studioShare = 0.9

    /// Offset (0..<size) of the trainer, nil for a members-only block.
    let trainerOffset: Int?
    /// Offsets of the trainer's clients.
    let clientOffsets: Set<Int>
    /// Index into ``SeedZones/all`` of the studio's zone (where most of its clients live).
    let zoneIndex: Int

    init(seed: UInt64, index: Int, userCount: Int) {
        var random = SeedRandom(seed: seed, key: UInt64(index), stream: SeedStream.block.rawValue)
        zoneIndex = random.weightedIndex(SeedZones.weights)
        let isFull = (index + 1) * Self.size <= userCount
        guard isFull, random.chance(Self.studioShare) else {
            trainerOffset = nil
            clientOffsets = []
            return
        }
        let trainer = random.below(Self.size)
        var others = (0..<Self.size).filter { $0 != trainer }
        random.shuffle(&others)
        trainerOffset = trainer
        clientOffsets = Set(others.prefix(random.int(in: 20...24)))
    }
}
