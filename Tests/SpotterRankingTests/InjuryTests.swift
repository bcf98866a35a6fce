import Foundation
import SpotterIDs
import SpotterRanking
import Testing

@Suite("Health facts reach the daily suggestion")
struct InjuryTests {
    static func fact(
        _ slot: String, _ content: String, day: Int, polarity: String = "positive", temporal: String = "current",
        subject: String = "self"
    ) -> HealthFact {
        HealthFact(
            subject: subject, slot: slot, content: content, polarity: polarity, temporal: temporal,
            mentionedAt: Fixtures.day(day, 9))
    }

    static let lowerBody = ["quads", "hamstrings", "glutes", "calves", "hips", "cardio", "full_body"]

    @Test("the body part → muscle group map: one place, each part loads what it should and nothing else")
    func map() throws {
        let knee = try #require(BodyParts.part(named: "Knees"))
        #expect(knee.name == "knee" && knee.region == "lower-body")
        for group in Self.lowerBody { #expect(BodyParts.loads([group], knee), "\(group)") }
        for group in ["chest", "back", "shoulders", "arms", "biceps", "mobility"] {
            #expect(!BodyParts.loads([group], knee), "\(group)")
        }
        let shoulder = try #require(BodyParts.part(named: "rotator"))
        #expect(BodyParts.loads(["chest"], shoulder) && BodyParts.loads(["triceps"], shoulder))
        #expect(!BodyParts.loads(["quads", "calves"], shoulder))
        let back = try #require(BodyParts.part(named: "lumbar"))
        #expect(BodyParts.loads(["lower_back"], back) && !BodyParts.loads(["biceps"], back))
        #expect(BodyParts.part(named: "ankl")?.name == "ankle")  // the facts pipeline's stem
        #expect(BodyParts.part(named: "piano") == nil)
        for part in BodyParts.parts.values {
            #expect(!part.groups.isEmpty)
            #expect(!BodyParts.loads(["mobility"], part), "\(part.name)")
            #expect(BodyParts.loads(["full_body"], part), "\(part.name)")
        }
    }

    @Test("the latest fact about a part decides; others' facts, past ones and fine ones do not keep it")
    func currentInjuries() {
        let pain = Self.fact("knee-left", "Has pain in their left knee when they jump", day: -5)
        #expect(Injuries.current([pain]).map(\.part.name) == ["knee"])
        #expect(Injuries.current([pain]).first?.side == "left")
        #expect(Injuries.current([pain]).first?.noun == "pain")
        // "No more pain in their knee" (no side, even with positive polarity) lifts it.
        let fine = Self.fact("knee", "No more pain in their knee", day: -2)
        #expect(Injuries.current([pain, fine]).isEmpty)
        #expect(Injuries.current([fine, pain].reversed()).isEmpty)
        // A later pain comes back.
        #expect(
            Injuries.current([pain, fine, Self.fact("knee", "Tweaked their knee again", day: -1)]).first?.noun
                == "tweak")
        #expect(Injuries.current([Self.fact("knee", "Knee feels fine now", day: -1, polarity: "negative")]).isEmpty)
        // Someone else's surgery, a past injury and a fact naming no body part keep nothing unloaded.
        #expect(Injuries.current([Self.fact("knee-surgery", "Dad had knee surgery", day: -3, subject: "dad")]).isEmpty)
        #expect(Injuries.current([Self.fact("back", "Hurt their back years ago", day: -3, temporal: "past")]).isEmpty)
        #expect(Injuries.current([Self.fact("asthma", "Has asthma", day: -3)]).isEmpty)
        #expect(
            Injuries.current([Self.fact("knee-left", "Left knee is still bothering them", day: -1)]).first?.noun
                == "pain")
        // Surgery and recovery read as such.
        #expect(
            Injuries.current([Self.fact("shoulder-surgery", "Recovering from shoulder surgery", day: -3)]).first?.noun
                == "surgery")
        // One side fine, the other still hurts.
        let both = [
            Self.fact("knee-left", "Left knee hurts", day: -4), Self.fact("knee-right", "Right knee hurts", day: -4),
            Self.fact("knee-left", "Left knee is fine", day: -1),
        ]
        #expect(Injuries.current(both).map { $0.side } == ["right"])
    }

    @Test("a fact that names several parts keeps each out; words that do not join them keep them apart")
    func joinedParts() {
        func parts(_ content: String, slot: String = "", polarity: String = "positive") -> [String] {
            Injuries.current([Self.fact(slot, content, day: -1, polarity: polarity)]).map(\.part.name)
        }
        #expect(parts("Feet and back hurt") == ["back", "foot"])
        #expect(parts("Sprained their wrist and elbow") == ["elbow", "wrist"])
        #expect(parts("Back hurts and so does their hip") == ["back", "hip"])
        #expect(parts("Neck, shoulders and back are stiff and painful") == ["back", "neck", "shoulder"])
        #expect(parts("Left knee and right hip hurt", slot: "knee-left").sorted() == ["hip", "knee"])
        #expect(
            Injuries.current([Self.fact("", "Left knee and right hip hurt", day: -1)]).map { $0.side ?? "-" }
                == ["right", "left"])
        // Not joined: another clause, a reason, a place.
        #expect(parts("Knee hurts when they bend to touch their toes") == ["knee"])
        // What the extraction writes for a part that does not work or is "not great" is a problem,
        // not praise.
        #expect(parts("Lower back: not great", slot: "lower-back") == ["back"])
        #expect(parts("Knee: can't bend", slot: "knee") == ["knee"])
        #expect(parts("Knees feel great") == [])
        // Healing is not healed: "getting better" still keeps the part out, "feels better" lifts it.
        #expect(parts("Arm is gradually getting better") == ["elbow"])
        #expect(parts("Arm: still healing", slot: "arm") == ["elbow"])
        #expect(parts("Arm feels better now") == [])
        // An injury they have had, with nothing said of now, is over; said with now, it holds.
        #expect(parts("Has broken their arm before") == [])
        #expect(parts("Once broke their elbow in a trampoline accident") == [])
        #expect(parts("Broke their wrist before and it hurts again") == ["wrist"])
        #expect(parts("Broke their ankle before the race") == ["ankle"])
        #expect(parts("Hurt their shoulder while holding their son in their arms") == ["shoulder"])
        #expect(parts("Broke their wrist once") == [])
        #expect(parts("Has had knee problems in the past and a knee brace helped them") == [])
        #expect(parts("Used to hike in sneakers and their feet were killing them") == [])
        #expect(parts("Once their knee heals they will run", slot: "knee") == ["knee"])
        // Less is not gone; a wound keeps its part out.
        #expect(parts("Arm doesn't hurt as much as it did") == ["elbow"])
        #expect(parts("Arm doesn't hurt anymore") == [])
        #expect(parts("Wrist is not better") == ["wrist"])
        #expect(parts("Knee still isn't fine") == ["knee"])
        #expect(parts("Knee feels so much better") == [])
        #expect(parts("Hand: stitches", slot: "hand") == ["wrist"])
        #expect(Injuries.current([Self.fact("heel", "Heel: blisters", day: -1)]).map(\.noun) == ["wound"])
        // A part in treatment, a condition that names its part, a muscle for its part.
        #expect(parts("Knee: in physical therapy", slot: "knee") == ["knee"])
        #expect(parts("Neck: whiplash", slot: "neck") == ["neck"])
        #expect(parts("Wrist: carpal tunnel", slot: "wrist") == ["wrist"])
        #expect(parts("Strained their lat") == ["back"])
        #expect(parts("Tweaked their delt benching") == ["shoulder"])
        #expect(
            Injuries.current([Self.fact("neck", "Neck: whiplash", day: -1)]).map(\.noun) == ["whiplash"])
        #expect(
            Injuries.current([Self.fact("knee", "Knee: in physical therapy", day: -1)]).map(\.noun) == ["treatment"])
        // A fine fact lifts only the part it names first.
        let both = Self.fact("", "Knee and hip hurt", day: -3)
        #expect(
            Injuries.current([both, Self.fact("", "Knee and hip are fine now", day: -1)]).map(\.part.name) == ["hip"])
    }

    @Test("knee pain: no lower-body work today, and the reasons say why")
    func kneePain() throws {
        let recommender = Fixtures.recommender()
        var member = Fixtures.member(sessions: Fixtures.warmHistory)
        member.healthFacts = [Self.fact("knee", "Has knee pain", day: -1)]
        let outcome = recommender.dailySuggestion(for: member)
        let suggestion = try #require(outcome.suggestion)
        let workout = try #require(Fixtures.library.workout(id: suggestion.workoutID))
        #expect(Set(workout.primaryMuscles).isDisjoint(with: Self.lowerBody), "\(workout.title)")
        #expect(
            suggestion.reasons.contains("knee pain mentioned on 9 Mar: no lower-body work today"),
            "\(suggestion.reasons)")
        for candidate in recommender.rankWorkouts(for: member) {
            let muscles = try #require(Fixtures.library.workout(id: candidate.workoutID)).primaryMuscles
            #expect(Set(muscles).isDisjoint(with: Self.lowerBody))
            #expect(
                HardConstraintAudit.violations(
                    workoutID: candidate.workoutID, member: member, library: Fixtures.library
                ).isEmpty)
        }
        // A later fact says it is fine: legs are back.
        member.healthFacts.append(Self.fact("knee", "Knee is fine now", day: 0, polarity: "negative"))
        member.now = Fixtures.day(0, 12)
        #expect(recommender.rankWorkouts(for: member).contains { $0.workoutID == 102 })
    }

    @Test("nothing fits an injury: a rest or mobility note, never a row that ignores it")
    func nothingFits() throws {
        let library = Fixtures.library([
            Fixtures.workout(1, 9, 1, "Squats", ["quads", "glutes"]),
            Fixtures.workout(2, 9, 2, "Burpees", ["full_body"]),
        ])
        var member = Fixtures.member(sessions: Fixtures.warmHistory)
        member.healthFacts = [Self.fact("ankle-left", "Sprained their left ankle", day: -2)]
        let reason = try #require(Fixtures.recommender(library).dailySuggestion(for: member).nothingFitsReason)
        #expect(reason.contains("left ankle sprain mentioned on 8 Mar: no lower-body work today"), "\(reason)")
        #expect(reason.contains("rest or gentle mobility today"))
        #expect(reason.contains("2 load an injured body part"))
        // Someone's own sessions that load the part are left out too.
        let sessions = (1...6).map {
            PastSession(
                workoutID: nil, startedAt: Fixtures.day(-2 * $0, 18), durationMinutes: 50, title: "Legs",
                work: [MuscleWork(group: "quads", sets: 10, load: 8)])
        }
        member.sessions = sessions
        #expect(Fixtures.recommender(library).dailySuggestion(for: member).suggestion == nil)
    }
}

@Suite("Health facts' words are searched as Foundation searches them")
struct SearchedTextTests {
    @Test("the byte search of ASCII text answers as String.contains does, and other text goes to Foundation")
    func sameAnswers() {
        let texts = [
            "knee pain", "no more pain in the left knee", "shoulder is fine now", "pain-free", "", "a", "no ",
            "tore my acl as a kid", "hurt", "knee hurts after runs\r\nno squats", "   ", "sore", "painpain",
            "café knee pain", "knee pai\u{0301}n", "cafe\u{0301} pain", "knee swo\u{0308}llen", "ｐａｉｎ", "doesn’t hurt",
            "no\u{00A0}squats", "ache\u{0327}", "über pain",
        ]
        let words = [
            "pain", "hurt", "no ", "fine", "no more", "pain-free", "as a kid", "sore", "knee", "a", "n", "ain",
            "doesn't hurt", "swollen", "pain pain", "café", "é", "\u{0301}", "ache", "squats", "",
        ]
        var asciiTexts = 0
        for text in texts {
            let searched = SearchedText(text)
            if text.utf8.allSatisfy({ $0 < 0x80 }) { asciiTexts += 1 }
            for word in words {
                #expect(searched.contains(word) == text.contains(word), "\"\(text)\" contains \"\(word)\"")
            }
        }
        #expect(asciiTexts > 5 && asciiTexts < texts.count, "both paths are exercised")
        #expect(SearchedText("left knee pain").contains("pain"))
        #expect(!SearchedText("left knee").contains("pain"))
        #expect(!SearchedText("pai").contains("pain"))
    }
}
