public import SpotterQueue

/// Every job kind Spotter runs, registered by kind.
public enum SpotterHandlers {
    /// The handlers of all built-in kinds.
    public static func all() -> [any JobHandler] {
        let kinds: [any JobHandler] = [
            NoopHandler(), SleepHandler(),
            ProfileStatsHandler(),
            InactiveClientsHandler(),
            ExtractFactsHandler(),
        ]
        return kinds + [NightlyHandler(runnableKinds: Set(kinds.map(\.kind)))]
    }

    /// A registry holding `all()`.
    public static func registry() -> HandlerRegistry {
        HandlerRegistry(all())
    }
}
