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
                    + "\(LLMConfiguration.Variable.model) (see README, Facts)", exitCode: 2)
        }
        LoggingBootstrap.once(level: .warning, format: .text)
        var logger = Logger(label: "spotter.eval")
        logger.logLevel = .warning
        llm = LLMFactExtractor(configuration: configuration, logger: logger)
    }

    /// The report for `corpus`; with the LLM, preceded by how many speakers' facts came from
    /// the model and how many fell back to the rules (wholly or in part).
    func report(_ corpus: RealDataCorpus, title: String) async -> String {
        guard let llm else { return RealDataEvaluator.evaluate(corpus, examples: examples).report(title: title) }
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
        let evaluation = RealDataEvaluator.evaluate(corpus, extracted: extracted, examples: examples)
        return evaluation.report(title: title + " — extractor \(llm.name)")
            + "\n\nspeakers extracted by the model: \(byModel); fell back to the rules (all or part): \(fellBack)"
    }
}
