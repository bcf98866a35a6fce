public import SpotterQueue

/// Every job kind Spotter runs, registered by kind.
public enum SpotterHandlers {
    /// The handlers of all built-in kinds.
    public static func all() -> [any JobHandler] {
        [NoopHandler(), SleepHandler(), ProbeHandler()]
    }

    /// A registry holding `all()`.
    public static func registry() -> HandlerRegistry {
        HandlerRegistry(all())
    }
}
