public import SpotterCatalog

/// A job kind declared in one place: its handler, the payload whoever enqueues it writes and the
/// handler reads (one `Codable` type), its typed `parameters:` in `jobs/kinds.yaml`, and the
/// result tables it writes. The nightly fan-out, `prune_results`, the role grants and the
/// registry tests read these declarations (``KindDeclaration``) instead of lists kept by hand.
public protocol JobKind: JobHandler {
    /// The job's payload, shared by whoever enqueues the kind and the handler.
    associatedtype Payload: Codable, Sendable
    /// The kind's `parameters:` in `jobs/kinds.yaml` (``NoParameters`` when it has none).
    associatedtype Parameters: KindParameters

    /// The kind's name in `jobs/kinds.yaml` and `spotter.enqueue('…')`.
    static var name: String { get }
    /// The result tables the kind writes (empty for kinds that write none).
    static var resultTables: [ResultTable] { get }
    /// Read views the kind adds over its result tables (dashboards), granted to the roles that
    /// read results.
    static var views: [String] { get }
    /// Everything above as one value (provided: ``JobKind`` and ``ShardedJobKind`` build it).
    static var declaration: KindDeclaration { get }

    /// The handler as a worker runs it by default.
    init()
}

extension JobKind {
    /// ``name``.
    public var kind: String { Self.name }
    /// None.
    public static var resultTables: [ResultTable] { [] }
    /// None.
    public static var views: [String] { [] }

    /// The kind's declaration (``JobKind/declaration``).
    public var declaration: KindDeclaration { Self.declaration }

    /// The kind's declaration, for registries.
    public static var declaration: KindDeclaration {
        KindDeclaration(
            name: name, parameters: ParameterSchema(Parameters.self), payload: PayloadShape(of: Payload.self),
            resultTables: resultTables, views: views, shards: nil)
    }
}

/// A kind the nightly batch fans out to: its payload can describe one shard of a zone's people.
public protocol ShardedJobKind: JobKind where Payload: ShardPayload {
    /// Who one shard covers.
    static var subjects: KindSubjects { get }
    /// The read a shard shares with other kinds' shards over the same people (``ShardPlan/sharedRead``).
    static var sharedRead: String? { get }
}

extension ShardedJobKind {
    /// None: a shard reads for itself.
    public static var sharedRead: String? { nil }

    /// The kind's declaration, with how to build its shard payloads.
    public static var declaration: KindDeclaration {
        KindDeclaration(
            name: name, parameters: ParameterSchema(Parameters.self), payload: PayloadShape(of: Payload.self),
            resultTables: resultTables, views: views,
            shards: ShardPlan(subjects: subjects, sharedRead: sharedRead) { shard in
                try JSONPayload.text(Payload(shard: shard))
            })
    }
}

/// A payload that can name one nightly shard: the active people of a zone in an id range.
public protocol ShardPayload: Codable, Sendable {
    /// The payload of `shard`.
    init(shard: Shard)
}

extension JobContext {
    /// The kind's parameters from `jobs/kinds.yaml`, decoded as `type`. The catalog checked them
    /// when it loaded, so a failure here means the spec was built in code; it is permanent.
    public func parameters<Parameters: Decodable>(_ type: Parameters.Type) throws -> Parameters {
        do {
            return try KindParameterCoding.decode(Parameters.self, from: spec.parameters)
        } catch {
            throw JobError.permanent("invalid parameters for \(job.kind) in jobs/kinds.yaml: \(error)")
        }
    }
}
