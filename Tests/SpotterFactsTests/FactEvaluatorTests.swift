import SpotterFacts
import Testing

@Suite("Fact evaluation")
struct FactEvaluatorTests {
    @Test("the development set scores above its floors in every category")
    func developmentSet() {
        let evaluation = FactEvaluator.evaluate(LabelledFactSet.load(), extractor: RuleExtractor())
        #expect((evaluation.overall.precision ?? 0) >= 0.95)
        #expect((evaluation.overall.recall ?? 0) >= 0.95)
        for category in FactCategory.allCases {
            let score = evaluation.categories[category] ?? FactScore()
            #expect((score.f1 ?? 0) >= 0.85, "\(category)")
        }
        #expect(evaluation.silentViolations <= 2)
    }

    @Test("both held-out sets score above honest floors")
    func heldOut() {
        for set in [LabelledFactSet.loadHoldout(), LabelledFactSet.loadUnseen()] {
            let evaluation = FactEvaluator.evaluate(set, extractor: RuleExtractor())
            #expect((evaluation.overall.precision ?? 0) >= 0.85)
            #expect((evaluation.overall.recall ?? 0) >= 0.75)
        }
    }

    @Test("the table lists every category with precision, recall and F1")
    func table() {
        let evaluation = FactEvaluator.evaluate(LabelledFactSet.load(), extractor: RuleExtractor())
        let table = evaluation.table()
        for category in FactCategory.allCases { #expect(table.contains(category.rawValue)) }
        #expect(table.contains("overall") && table.contains("F1"))
    }

    @Test("a labelled content must be said: a fact that lost its object does not match")
    func contentScored() {
        let said = LabelledUtterance(
            tag: "t", text: "I cycle to work every day and love it.",
            expected: [
                ExpectedFact(
                    subject: "self", category: .habit, polarity: .positive, temporal: .current,
                    content: "Cycles to work every day"),
                ExpectedFact(
                    subject: "self", category: .preference, polarity: .positive, temporal: .current,
                    content: "Loves cycling to work"),
            ])
        #expect(FactEvaluator.evaluate([said], extractor: RuleExtractor()).overall.truePositives == 2)
        var wrong = said
        wrong.expected[1].content = "Loves their bike commute in the rain"
        let evaluation = FactEvaluator.evaluate([wrong], extractor: RuleExtractor())
        #expect(evaluation.overall.truePositives == 1 && evaluation.overall.falseNegatives == 1)
        let parsed = LabelledFactSet.parse("t | I have two dogs. | self personal + current = Has two dogs")
        #expect(parsed.first?.expected.first?.content == "Has two dogs")
    }

    @Test("scores count true and false positives and negatives")
    func scoring() {
        let set = [
            LabelledUtterance(
                tag: "t", text: "I hate burpees.",
                expected: [
                    ExpectedFact(subject: "self", category: .preference, polarity: .negative, temporal: .current)
                ]),
            LabelledUtterance(
                tag: "t", text: "I love yoga.",
                expected: [ExpectedFact(subject: "self", category: .habit, polarity: .positive, temporal: .current)]),
            LabelledUtterance(tag: "q", text: "Hi!", expected: []),
        ]
        let evaluation = FactEvaluator.evaluate(set, extractor: RuleExtractor())
        #expect(evaluation.overall == FactScore(truePositives: 1, falsePositives: 1, falseNegatives: 1))
        #expect(evaluation.categories[.habit]?.falseNegatives == 1)
        #expect(evaluation.categories[.preference]?.falsePositives == 1)
        #expect(evaluation.silentUtterances == 1 && evaluation.silentViolations == 0)
        #expect(evaluation.mismatches.count == 1)
    }
}
