import SpotterJobs
import SpotterReasons
import Testing

/// A shard renders each distinct reason once; what it writes is what rendering every reason anew gives.
@Suite("Rendered reasons")
struct RenderedReasonsTests {
    static let span = ReasonValue.reason(Reason(.logSpanWeeks, ["weeks": .count(3)]))
    static let lists: [[Reason]] = [
        [
            Reason(.nextInEnrolledProgram, ["program": .text("Bodyweight \"HIIT\"\n"), "week": .count(4)]),
            Reason(.musclesRestedHours, ["muscles": .terms(["legs"]), "hours": .count(72)]),
        ],
        [],
        [Reason(.noMessage, ["days": .count(1)])],
        [
            Reason(.musclesRestedHours, ["muscles": .terms(["legs"]), "hours": .count(72)]),
            Reason(.musclesRestedOverWeek, ["muscles": .terms(["chest", "shoulders"])]),
            Reason(.noMessage, ["days": .count(12)]),
        ],
        [Reason(.noMessage, ["days": .count(1)]), Reason(.noMessage, ["days": .count(1)])],
        // Equal as reasons (Swift compares strings canonically, and 0 equals -0), different to
        // the byte: each is written as it renders.
        [Reason(.ownSessionDoneTimes, ["session": .text("Caf\u{E9} legs"), "count": .count(3)])],
        [Reason(.ownSessionDoneTimes, ["session": .text("Cafe\u{301} legs"), "count": .count(3)])],
        // The same with one argument, and a reason with none among them.
        [Reason(.fromProgram, ["program": .text("Caf\u{E9} Strength")]), Reason(.popularWithSimilarMembers)],
        [Reason(.fromProgram, ["program": .text("Cafe\u{301} Strength")]), Reason(.popularWithSimilarMembers)],
        [Reason(.logSpanWeeks, ["weeks": .decimal(0)])],
        [Reason(.logSpanWeeks, ["weeks": .decimal(-0.0)])],
        [Reason(.levelInferred, ["span": span, "per_week": .decimal(0), "level": .term("intermediate")])],
        [Reason(.levelInferred, ["span": span, "per_week": .decimal(-0.0), "level": .term("intermediate")])],
        [
            Reason(.nextInEnrolledProgram, ["program": .text("Bodyweight \"HIIT\"\n"), "week": .count(5)]),
            Reason(.musclesRestedHours, ["muscles": .terms(["legs"]), "hours": .count(72)]),
        ],
    ]

    @Test("the texts and the reason_codes column are, byte for byte, each reason rendered anew, repeated or not")
    func sameAsRenderedAnew() {
        var rendered = RenderedReasons()
        for _ in 0..<3 {
            for reasons in Self.lists {
                let (texts, codes) = rendered.render(reasons)
                #expect(texts.map { Array($0.utf8) } == reasons.map { Array($0.text.utf8) })
                #expect(Array(codes.json.utf8) == Array(Reason.jsonList(reasons).utf8))
                #expect(codes.reasons == reasons)
            }
        }
        #expect(rendered.render([]).codes.json == "[]")
    }
}
