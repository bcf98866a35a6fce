import ArgumentParser
import SpotterFacts

/// `spotter eval …`: measure extractors and rankers against labelled data.
struct Eval: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure quality on labelled data.",
        subcommands: [EvalFacts.self, EvalRecommendations.self])
}

/// `spotter eval facts`: precision and recall per category of the offline fact extractor.
struct EvalFacts: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "facts",
        abstract: "Precision and recall per category of the rule extractor on the labelled sets.",
        discussion: """
            Prints three tables: the development set (the rules were written against it), and two \
            held-out sets written before they were ever run (the honest estimates). A match needs \
            subject, category, polarity and temporal status to agree; "lenient" asks only subject and \
            category.
            """)

    @Flag(help: "Also list every line where the extractor and the labels disagree.")
    var mismatches = false

    func run() {
        let sets: [(title: String, lines: [LabelledUtterance])] = [
            ("Development set (the rules were written against it)", LabelledFactSet.load()),
            ("Held-out set 1 (written after the rules; never tuned on)", LabelledFactSet.loadHoldout()),
            ("Held-out set 2 (written after tuning on set 1; never tuned on)", LabelledFactSet.loadUnseen()),
        ]
        let extractor = RuleExtractor()
        var sections: [String] = []
        for set in sets {
            let evaluation = FactEvaluator.evaluate(set.lines, extractor: extractor)
            var text = "\(set.title): \(set.lines.count) lines\n\n" + evaluation.table()
            if mismatches && !evaluation.mismatches.isEmpty {
                text += "\n\nmismatches"
                for miss in evaluation.mismatches {
                    text += "\n  [\(miss.tag)] \(miss.text)"
                    text +=
                        "\n      expected:  "
                        + (miss.expected.isEmpty ? "nothing" : miss.expected.joined(separator: "; "))
                    text +=
                        "\n      extracted: "
                        + (miss.extracted.isEmpty ? "nothing" : miss.extracted.joined(separator: "; "))
                }
            }
            sections.append(text)
        }
        print(sections.joined(separator: "\n\n" + String(repeating: "─", count: 60) + "\n\n"))
    }
}
