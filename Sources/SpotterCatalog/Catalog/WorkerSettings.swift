/// Settings every `spotter work` process shares, from the `worker:` section of `jobs/kinds.yaml`.
public struct WorkerSettings: Sendable, Hashable {
    /// How long a claimed job stays leased to its worker without a heartbeat before another
    /// worker may rescue it. Default 30 seconds.
    public var lease: Duration
    /// How often a running job renews its lease; always shorter than `lease`. Default 10 seconds.
    public var heartbeat: Duration
    /// How often an idle worker polls for jobs (LISTEN/NOTIFY only wakes it early). Default 1 second.
    public var pollInterval: Duration
    /// How many jobs one claim statement takes at most. Default 50.
    public var claimBatch: Int
    /// How often finished jobs past their retention are pruned. Default 1 minute.
    public var pruneInterval: Duration
    /// How many jobs one prune statement deletes at most. Default 1,000.
    public var pruneBatch: Int
    /// How long in-flight jobs may run after SIGTERM/SIGINT before they are handed back.
    /// Default 30 seconds.
    public var shutdownGrace: Duration
    /// How long a job slot keeps reconnecting to a database that went away (a restart, or a
    /// failover while a standby is promoted) before the job it was about to run fails for want
    /// of a connection, spending an attempt. Default 60 seconds: a managed or Patroni failover
    /// takes 10–30 seconds.
    public var reconnectWindow: Duration

    /// Creates worker settings; the defaults are the catalog's built-in ones.
    public init(
        lease: Duration = .seconds(30), heartbeat: Duration = .seconds(10), pollInterval: Duration = .seconds(1),
        claimBatch: Int = 50, pruneInterval: Duration = .seconds(60), pruneBatch: Int = 1_000,
        shutdownGrace: Duration = .seconds(30), reconnectWindow: Duration = .seconds(60)
    ) {
        self.lease = lease
        self.heartbeat = heartbeat
        self.pollInterval = pollInterval
        self.claimBatch = claimBatch
        self.pruneInterval = pruneInterval
        self.pruneBatch = pruneBatch
        self.shutdownGrace = shutdownGrace
        self.reconnectWindow = reconnectWindow
    }

    /// The built-in settings, used for every key the `worker:` section leaves out.
    public static let standard = WorkerSettings()
}
