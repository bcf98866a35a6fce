import SpotterJobs
import SpotterReasons
import Testing

/// A shard renders each distinct reason once; what it writes is what rendering every reason anew gives.
@Suite("Rendered reasons")
struct RenderedReasonsTests {
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
        [
            Reason(.nextInEnrolledProgram, ["program": .text("Bodyweight \"HIIT\"\n"), "week": .count(5)]),
            Reason(.musclesRestedHours, ["muscles": .terms(["legs"]), "hours": .count(72)]),
        ],
    ]

    @Test("the texts and the reason_codes column equal each reason rendered anew, repeated or not")
    func sameAsRenderedAnew() {
        var rendered = RenderedReasons()
        for _ in 0..<3 {
            for reasons in Self.lists {
                let (texts, codes) = rendered.render(reasons)
                #expect(texts == reasons.map(\.text))
                #expect(codes == StoredReasons(reasons))
                #expect(codes.json == Reason.jsonList(reasons))
            }
        }
        #expect(rendered.render([]).codes.json == "[]")
    }
}
