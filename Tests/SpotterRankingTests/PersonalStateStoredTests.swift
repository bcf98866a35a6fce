import Foundation
import SpotterIDs
import SpotterRanking
import Testing

/// A personal state kept between nights (`PersonalState.stored()`, issue 34) reads back as the
/// same state: the same bytes again, the same candidates and scores, the same suggestion.
@Suite("Personal state: kept and read back, the same state")
struct PersonalStateStoredTests {
    static let utc = TimeZone(secondsFromGMT: 0)!

    static func member(seed: UInt64, level: Level?) -> MemberContext {
        Fixtures.member(
            profile: MemberProfile(level: level, equipment: Fixtures.gym),
            sessions: PersonalReplayTests.history(seed: seed))
    }

    @Test("twenty mixed histories: read back, each gives its bytes again and the same ranking and suggestion")
    func roundTrip() throws {
        let recommender = Fixtures.recommender()
        for seed in UInt64(1)...20 {
            let level: Level? = seed % 3 == 0 ? nil : (seed % 3 == 1 ? .beginner : .advanced)
            let member = Self.member(seed: seed, level: level)
            let replayed = recommender.personalState(for: member)
            let bytes = replayed.stored()
            let read = try PersonalState(
                stored: bytes, profileLevel: level, zone: member.timeZone ?? Self.utc, configuration: .init())
            #expect(read.stored() == bytes, "seed \(seed)")
            #expect(read.sessionCount == replayed.sessionCount && read.sessionCount > 100, "seed \(seed)")
            #expect(
                recommender.rankCandidates(for: member, personal: read)
                    == recommender.rankCandidates(for: member, personal: replayed), "seed \(seed)")
            #expect(
                recommender.dailySuggestion(for: member, personal: read)
                    == recommender.dailySuggestion(for: member, personal: replayed), "seed \(seed)")
        }
        let empty = PersonalState(profileLevel: nil, zone: Self.utc)
        let read = try PersonalState(stored: empty.stored(), profileLevel: nil, zone: Self.utc, configuration: .init())
        #expect(read.stored() == empty.stored() && read.sessionCount == 0)
    }

    /// A property added to the state but not to `stored()` would be lost between nights: its
    /// count is pinned here with the layout. Add the property to `stored()` and the reader, bump
    /// `PersonalState.replayVersion`, then this count.
    @Test("every stored property of the state is in the stored layout")
    func everyPropertyStored() throws {
        let state = Fixtures.recommender().personalState(for: Self.member(seed: 5, level: .advanced))
        // 43 stored, kindIndex rebuilt from the kinds; the configuration, zone and profile level
        // are supplied by the reader.
        let properties = Mirror(reflecting: state).children
        #expect(properties.count == 46)
        // Each kind's statistics: 15.
        let kinds = try #require(properties.first { $0.label == "kinds" }?.value as? [Any])
        let first = try #require(kinds.first)
        #expect(Mirror(reflecting: first).children.count == 15)
    }

    /// The replay's arithmetic and the layout, pinned: a change to either changes these bytes,
    /// and a state kept by the earlier Spotter must not be read as this one's.
    @Test("the stored bytes of a pinned history are pinned with the replay version")
    func pinnedBytes() {
        let state = Fixtures.recommender().personalState(for: Self.member(seed: 7, level: .intermediate))
        var hash = StableHash()
        hash.combine(bytes: state.stored())
        #expect(PersonalState.replayVersion == 1)
        #expect(String(hash.value, radix: 16) == Self.pinned, "bump PersonalState.replayVersion, then this pin")
    }

    static let pinned = "cd5ebb1b541db572"

    @Test("bytes cut short, left over, damaged or of another version are refused, never read as a state")
    func damagedBytesRefused() {
        let bytes = Fixtures.recommender().personalState(for: Self.member(seed: 3, level: .beginner)).stored()
        func refused(_ damaged: [UInt8]) -> Bool {
            (try? PersonalState(stored: damaged, profileLevel: .beginner, zone: Self.utc, configuration: .init()))
                == nil
        }
        for cut in [0, 1, bytes.count / 3, bytes.count / 2, bytes.count - 1] {
            #expect(refused(Array(bytes.prefix(cut))), "cut at \(cut) of \(bytes.count)")
        }
        #expect(refused(bytes + [0]))
        var otherVersion = bytes
        otherVersion[0] = UInt8(PersonalState.replayVersion + 1)
        #expect(refused(otherVersion))
        #expect(refused([UInt8](repeating: 0xff, count: 64)))
    }
}
