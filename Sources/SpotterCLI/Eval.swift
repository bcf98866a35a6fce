import ArgumentParser
import Foundation
import SpotterFacts

/// `spotter eval …`: measure extractors and rankers against labelled data.
struct Eval: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure quality on labelled data.",
        subcommands: [EvalFacts.self, EvalRecommendations.self, EvalInjuries.self])
}

/// `spotter eval facts`: precision and recall per category of the offline fact extractor.
struct EvalFacts: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "facts",
        abstract: "Precision and recall per category of the rule extractor on the labelled sets.",
        discussion: """
            Prints three tables: the development set (the rules were written against it), and two \
            held-out sets written before they were ever run (the honest estimates). A match needs \
            subject, category, polarity and temporal status to agree, and the content to say what the \
            label says where it gives one; "lenient" asks only subject and category.

            With --msc DIR (Multi-Session Chat session_N.jsonl files) or --persona-chat FILE \
            (Synthetic-Persona-Chat CSV), scores real conversations instead, with the metric of \
            facts_msc.py: each speaker's turns are extracted and merged, and a turn's facts are matched \
            one-to-one to the facts written down from it when their token F1 ≥ 0.5 after normalisation. \
            Prints fact precision/recall/F1 and detection precision/recall overall and per phenomenon \
            (negation, "used to", third person, questions, multi-clause turns), per category, and \
            examples of missed and false facts. Persona-chat labels people, not turns: facts are \
            matched per person against the persona, and a turn counts as revealing when half the \
            words of a persona sentence are in it. The files are read where they are; nothing is copied.

            --ceiling (with --msc) adds how many written-down facts some sentence or clause of their \
            own turn, as written, matches with the same metric: the ceiling of the recall of rules \
            that rewrite the words of a turn.

            Each real-data report ends with the mechanical quality check of the stored facts: how \
            many do not stand alone, per class (unresolved referent, dangling ending, verbed \
            contraction or adverb, cut compound noun, momentary state), with examples. --sample N \
            --seed S lists N stored facts drawn at random beside their messages, for labelling by hand.

            --extractor llm scores the optional LLM extractor instead of the rules on --msc and \
            --persona-chat (configured by the SPOTTER_LLM_* variables, see docs/facts.md): any request that \
            fails falls back to the rules, and the report says for how many speakers it did.
            """)

    @Flag(help: "Also list every line where the extractor and the labels disagree.")
    var mismatches = false

    @Option(help: "Score on Multi-Session Chat persona summaries: a directory of session_N.jsonl files.")
    var msc: String?

    @Option(help: "MSC sessions to read (comma-separated).")
    var sessions: String = "1,2,3,4"

    @Option(help: "Score on a Synthetic-Persona-Chat CSV (user 1 personas, user 2 personas, conversation).")
    var personaChat: String?

    @Option(help: "Score one half of the conversations only: even or odd (by episode or conversation number).")
    var half: CorpusHalf?

    @Flag(
        help: "With --msc: also print the share of written-down facts that a span of their turn, as written, matches.")
    var ceiling = false

    @Option(help: "Examples of missed and false facts printed per corpus.")
    var examples: Int = 6

    @Option(
        help: "With --msc or --persona-chat: also list this many stored facts drawn at random, beside their messages.")
    var sample: Int = 0

    @Option(help: "The seed of --sample's draw: the same seed lists the same facts.")
    var seed: UInt64 = 1

    @Option(help: "The extractor scored on --msc and --persona-chat: rules or llm (SPOTTER_LLM_* variables).")
    var extractor: FactExtractorChoice = .rules

    @Option(
        help: ArgumentHelp(
            "With --msc or --persona-chat: also write every candidate fact of the rules, before the acceptance model chooses, with its features, as JSON Lines to this file (what eval/train_fact_acceptance.py learns from).",
            valueName: "file"))
    var candidates: String?

    func validate() throws {
        guard examples >= 0 else { throw ValidationError("--examples must be ≥ 0") }
        guard sample >= 0 else { throw ValidationError("--sample must be ≥ 0") }
        if sample > 0 && msc == nil && personaChat == nil {
            throw ValidationError("--sample lists stored facts of real data: give --msc DIR or --persona-chat FILE")
        }
        guard sessions.split(separator: ",").allSatisfy({ Int($0) != nil }) else {
            throw ValidationError("--sessions takes numbers separated by commas, e.g. 1,2")
        }
        if ceiling && msc == nil {
            throw ValidationError("--ceiling measures Multi-Session Chat's labelled turns: give --msc DIR")
        }
        if extractor == .llm && msc == nil && personaChat == nil {
            throw ValidationError("--extractor llm scores real data: give --msc DIR or --persona-chat FILE")
        }
        if candidates != nil && msc == nil && personaChat == nil {
            throw ValidationError(
                "--candidates writes the rules' candidates on real data: give --msc DIR or --persona-chat FILE")
        }
    }

    func run() async throws {
        if msc != nil || personaChat != nil {
            try await runRealData()
            return
        }
        let sets: [(title: String, lines: [LabelledUtterance])] = [
            ("Development set (the rules were written against it)", LabelledFactSet.load()),
            ("Held-out set 1 (written after the rules; never tuned on)", LabelledFactSet.loadHoldout()),
            ("Held-out set 2 (written after tuning on set 1; never tuned on)", LabelledFactSet.loadUnseen()),
        ]
        let rules = RuleExtractor()
        var sections: [String] = []
        for set in sets {
            let evaluation = FactEvaluator.evaluate(set.lines, extractor: rules)
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

extension EvalFacts {
    /// `--msc DIR` and `--persona-chat FILE`: the real-data reports, with the scorer's metric.
    func runRealData() async throws {
        let scorer = try RealDataScorer(choice: extractor, examples: examples)
        var sections: [String] = []
        if let msc {
            var files: [(number: Int, data: Data)] = []
            for number in sessions.split(separator: ",").compactMap({ Int($0) }) {
                let path = (msc as NSString).appendingPathComponent("session_\(number).jsonl")
                guard let data = FileManager.default.contents(atPath: path) else {
                    throw CommandFailure(message: "cannot read \(path)", exitCode: 2)
                }
                files.append((number, data))
            }
            let corpus: RealDataCorpus
            do {
                corpus = try RealDataCorpus.msc(sessions: files).half(half)
            } catch {
                throw CommandFailure(message: "\(msc): \(error)", exitCode: 2)
            }
            try writeCandidates(corpus)
            var report = await scorer.report(
                corpus, title: "Multi-Session Chat (\(msc), sessions \(sessions)\(half.map { ", \($0) half" } ?? ""))",
                sample: sample, seed: seed)
            if ceiling { report += "\n\n" + WrittenSpanCeiling.measure(corpus).report() }
            sections.append(report)
        }
        if let personaChat {
            guard let data = FileManager.default.contents(atPath: personaChat) else {
                throw CommandFailure(message: "cannot read \(personaChat)", exitCode: 2)
            }
            let corpus: RealDataCorpus
            do {
                corpus = try RealDataCorpus.personaChat(csv: String(decoding: data, as: UTF8.self)).half(half)
            } catch {
                throw CommandFailure(message: "\(personaChat): \(error)", exitCode: 2)
            }
            try writeCandidates(corpus)
            sections.append(
                await scorer.report(
                    corpus,
                    title: "Synthetic-Persona-Chat (\(personaChat)\(half.map { ", \($0) half" } ?? ""); "
                        + "facts per person against the persona)", sample: sample, seed: seed))
        }
        print(sections.joined(separator: "\n\n" + String(repeating: "─", count: 60) + "\n\n"))
    }
}

extension EvalFacts {
    /// `--candidates FILE`: the rules' candidates of `corpus`, one JSON object a line.
    func writeCandidates(_ corpus: RealDataCorpus) throws {
        guard let candidates else { return }
        let lines = RealDataEvaluator.candidateLines(corpus)
        let text = lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
        guard FileManager.default.createFile(atPath: candidates, contents: Data(text.utf8)) else {
            throw CommandFailure(message: "cannot write --candidates \(candidates)", exitCode: 2)
        }
    }
}

/// `--half even|odd`: one half of a real-data corpus's conversations.
enum CorpusHalf: String, ExpressibleByArgument, CaseIterable {
    case even, odd
}

extension RealDataCorpus {
    /// This corpus, or the half `half` names.
    fileprivate func half(_ half: CorpusHalf?) -> RealDataCorpus {
        guard let half else { return self }
        return self.half(even: half == .even)
    }
}
