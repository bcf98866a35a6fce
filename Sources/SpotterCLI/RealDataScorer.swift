import ArgumentParser
import Foundation
import Logging
import SpotterFacts
import SpotterJobs
import SpotterLLM
import SpotterLogging

/// Which fact extractor `spotter eval facts --msc/--persona-chat` scores.
enum FactExtractorChoice: String, ExpressibleByArgument, CaseIterable {
    /// The offline rules (the default extractor of `extract_facts`).
    case rules
    /// The optional LLM extractor, configured by the `SPOTTER_LLM_*` variables, with the rules
    /// as its fall-back.
    case llm
}

/// Runs the chosen extractor over a real-data corpus and scores it with the metric of
/// `facts_msc.py` (``RealDataEvaluator``).
struct RealDataScorer {
    let examples: Int
    /// Nil for the rules.
    let llm: LLMFactExtractor?

    /// Reads the LLM settings from the environment when `choice` is `llm`: a missing or
    /// invalid one stops the command (exit 2) with the variable's name, never a silent
    /// fall-back to the rules.
    init(
        choice: FactExtractorChoice, examples: Int, environment: [String: String] = ProcessInfo.processInfo.environment
    )
        throws
    {
        self.examples = examples
        guard choice == .llm else {
            llm = nil
            return
        }
        let configuration: LLMConfiguration?
        do {
            configuration = try LLMConfiguration.fromEnvironment(environment)
        } catch {
            throw CommandFailure(message: "\(error)", exitCode: 2)
        }
        guard let configuration else {
            throw CommandFailure(
                message: "--extractor llm needs \(LLMConfiguration.Variable.baseURL) and "
                    + "\(LLMConfiguration.Variable.model) (see docs/facts.md)", exitCode: 2)
        }
        LoggingBootstrap.once(level: .warning, format: .text)
        var logger = Logger(label: "spotter.eval")
        logger.logLevel = .warning
        llm = LLMFactExtractor(configuration: configuration, logger: logger)
    }

    /// The report for `corpus`: the scores, then the mechanical quality check of the stored
    /// facts (``FactQualityReport``), then `sample` stored facts drawn with `seed` beside their
    /// messages; with the LLM, also how many speakers' facts came from the model and how many
    /// fell back to the rules (wholly or in part).
    func report(_ corpus: RealDataCorpus, title: String, sample: Int = 0, seed: UInt64 = 1) async -> String {
        var text: String
        let extracted: [String: [ExtractedFact]]
        if let llm {
            let (facts, byModel, fellBack) = await extractWithModel(corpus, llm: llm)
            extracted = facts
            text =
                RealDataEvaluator.evaluate(corpus, extracted: extracted, examples: examples)
                .report(title: title + " — extractor \(llm.name)")
                + "\n\nspeakers extracted by the model: \(byModel); fell back to the rules (all or part): \(fellBack)"
        } else {
            extracted = RealDataEvaluator.ruleFacts(corpus)
            text = RealDataEvaluator.evaluate(corpus, extracted: extracted, examples: examples).report(title: title)
        }
        let stored = RealDataEvaluator.storedFacts(corpus, extracted: extracted)
        text += "\n\n" + FactQualityReport(stored, examples: min(examples, 4)).report()
        if sample > 0 {
            text +=
                "\n\n\(min(sample, stored.count)) stored facts drawn at random (--seed \(seed)) of \(stored.count):\n"
                + StoredFactSample.listing(StoredFactSample.draw(stored, count: sample, seed: seed))
        }
        return text
    }

    /// Every speaker's facts as the model extracts them, `maxConcurrency` speakers at a time.
    private func extractWithModel(_ corpus: RealDataCorpus, llm: LLMFactExtractor) async -> (
        [String: [ExtractedFact]], byModel: Int, fellBack: Int
    ) {
        let speakers = RealDataEvaluator.speakers(of: corpus)
        var extracted: [String: [ExtractedFact]] = [:]
        var byModel = 0
        var fellBack = 0
        await withTaskGroup(of: (String, [ExtractedFact], String).self) { group in
            var next = 0
            func startNext() {
                let speaker = speakers[next]
                next += 1
                group.addTask {
                    let result = await llm.extract(speaker.messages)
                    return (speaker.userID, result.facts, result.extractor)
                }
            }
            while next < min(llm.configuration.maxConcurrency, speakers.count) { startNext() }
            while let (user, facts, name) = await group.next() {
                extracted[user] = facts
                if name == llm.name { byModel += 1 } else { fellBack += 1 }
                if next < speakers.count { startNext() }
            }
        }
        return (extracted, byModel, fellBack)
    }
}
