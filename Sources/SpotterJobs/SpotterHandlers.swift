public import Logging
public import SpotterCatalog
public import SpotterQueue

/// Every job kind Spotter runs, registered by kind.
public enum SpotterHandlers {
    /// The handlers of all built-in kinds, with `facts` as the extractor of `extract_facts`.
    public static func all(facts: any FactExtracting = RulesFactExtractor()) -> [any JobHandler] {
        let kinds: [any JobHandler] = [
            NoopHandler(), SleepHandler(), ProbeHandler(),
            ProfileStatsHandler(),
            InactiveClientsHandler(),
            ExtractFactsHandler(extractor: facts),
            DailySuggestionHandler(),
            ProgramRecommendationsHandler(),
            PruneResultsHandler(),
        ]
        return kinds + [NightlyHandler(runnableKinds: Set(kinds.map(\.kind)))]
    }

    /// A registry holding `all()` with the offline rules extractor.
    public static func registry() -> HandlerRegistry {
        HandlerRegistry(all())
    }

    /// The registry a worker runs: the fact extractor is chosen by `SPOTTER_FACTS_EXTRACTOR`
    /// (`rules` or `llm`), else by the `extractor` parameter of `extract_facts` in jobs/kinds.yaml.
    /// `llm` needs the SPOTTER_LLM_* variables (see README); a missing or invalid one is an error
    /// at start-up, not a silent fall-back.
    public static func registry(catalog: JobCatalog, environment: [String: String], logger: Logger) throws
        -> HandlerRegistry
    {
        let choice =
            environment["SPOTTER_FACTS_EXTRACTOR"] ?? catalog.spec(for: "extract_facts")?.string("extractor") ?? "rules"
        switch choice {
        case "rules":
            return registry()
        case "llm":
            guard let configuration = try LLMConfiguration.fromEnvironment(environment) else {
                throw LLMConfigurationError(
                    variable: LLMConfiguration.Variable.baseURL,
                    "is not set, but the fact extractor is 'llm'")
            }
            logger.info("facts come from the LLM extractor, with the rules as fall-back", metadata: ["llm": "\(configuration)"])
            return HandlerRegistry(all(facts: LLMFactExtractor(configuration: configuration, logger: logger)))
        default:
            throw LLMConfigurationError(
                variable: "SPOTTER_FACTS_EXTRACTOR or extract_facts.extractor", "'\(choice)' is not a fact extractor; use rules or llm")
        }
    }
}
