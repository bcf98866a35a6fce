public import Foundation
public import Logging
public import SpotterCatalog
import SpotterLLM
public import SpotterQueue

/// Every job kind Spotter runs: the one list of kinds. Everything else a kind needs — its
/// payload, parameters, the people it runs for, the tables it writes — it declares itself
/// (``JobKind``); the nightly fan-out, `prune_results`, the role grants and the registry tests
/// read ``declarations``.
public enum SpotterHandlers {
    /// The kinds, in the order `prune_results` prunes their tables.
    public static let kinds: [any JobKind.Type] = [
        NoopHandler.self, SleepHandler.self, ProbeHandler.self,
        NightlyHandler.self,
        ProfileStatsHandler.self,
        DailySuggestionHandler.self,
        ProgramRecommendationsHandler.self,
        InactiveClientsHandler.self,
        ExtractFactsHandler.self,
        CheckInTrendsHandler.self,
        PruneResultsHandler.self,
    ]

    /// What every kind declares.
    public static let declarations: [KindDeclaration] = kinds.map { $0.declaration }

    /// The field names each kind's payload reads, for `spotter.job_kinds.payload_fields`.
    public static var payloadFields: [String: [String]] {
        Dictionary(
            uniqueKeysWithValues: declarations.compactMap { kind in kind.payload.fields.map { (kind.name, $0) } })
    }

    /// Each kind's `parameters:` schema, for ``JobCatalog/load(directory:parameters:)``.
    public static var parameterSchemas: [String: ParameterSchema] {
        Dictionary(uniqueKeysWithValues: declarations.map { ($0.name, $0.parameters) })
    }

    /// Loads `jobs/` from `directory`, each kind's parameters checked against its declaration.
    public static func loadCatalog(directory: URL) throws(CatalogError) -> JobCatalog {
        try JobCatalog.load(directory: directory, parameters: parameterSchemas)
    }

    /// The handlers of all built-in kinds, with `facts` as the extractor of `extract_facts`.
    public static func all(facts: any FactExtracting = RulesFactExtractor()) -> [any JobHandler] {
        kinds.map { kind -> any JobHandler in
            kind == ExtractFactsHandler.self ? ExtractFactsHandler(extractor: facts) : kind.init()
        }
    }

    /// A registry holding `all()` with the offline rules extractor.
    public static func registry() -> HandlerRegistry {
        HandlerRegistry(all())
    }

    /// The registry a worker runs: the fact extractor is chosen by `SPOTTER_FACTS_EXTRACTOR`
    /// (`rules` or `llm`), else by the `extractor` parameter of `extract_facts` in jobs/kinds.yaml.
    /// `llm` needs the SPOTTER_LLM_* variables (see docs/facts.md); a missing or invalid one is an error
    /// at start-up, not a silent fall-back.
    public static func registry(catalog: JobCatalog, environment: [String: String], logger: Logger) throws
        -> HandlerRegistry
    {
        let choice =
            environment["SPOTTER_FACTS_EXTRACTOR"]
            ?? catalog.spec(for: ExtractFactsHandler.name).flatMap {
                try? KindParameterCoding.decode(ExtractFactsHandler.Parameters.self, from: $0.parameters).extractor
            } ?? "rules"
        switch choice {
        case "rules":
            return registry()
        case "llm":
            guard let configuration = try LLMConfiguration.fromEnvironment(environment) else {
                throw LLMConfigurationError(
                    variable: LLMConfiguration.Variable.baseURL,
                    "is not set, but the fact extractor is 'llm'")
            }
            logger.info(
                "facts come from the LLM extractor, with the rules as fall-back", metadata: ["llm": "\(configuration)"])
            return HandlerRegistry(all(facts: LLMFactExtractor(configuration: configuration, logger: logger)))
        default:
            throw LLMConfigurationError(
                variable: "SPOTTER_FACTS_EXTRACTOR or extract_facts.extractor",
                "'\(choice)' is not a fact extractor; use rules or llm")
        }
    }
}
