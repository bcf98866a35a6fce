import MCP

/// The six tools `spotter mcp` offers, with the JSON Schema of their arguments. Their names are a
/// contract: chat services call them by name.
enum ToolCatalog {
    static let memberContext = "member_context"
    static let trainerOverview = "trainer_overview"
    static let inactiveClients = "inactive_clients"
    static let searchFacts = "search_facts"
    static let dailySuggestion = "daily_suggestion"
    static let recommendedPrograms = "recommended_programs"

    /// Largest page of each list.
    static let maxPage: Int64 = 50

    static func client(_ description: String) -> Value {
        .object([
            "type": .array([.string("string"), .string("integer")]),
            "description": .string(description + " The product's own id: a string (UUID, text) or an integer."),
        ])
    }

    static func limit(default value: Int, max: Int64 = maxPage, of what: String) -> Value {
        .object([
            "type": .string("integer"), "minimum": .int(1), "maximum": .int(Int(max)), "default": .int(value),
            "description": .string("How many \(what) to return (a page)."),
        ])
    }

    static let offset: Value = .object([
        "type": .string("integer"), "minimum": .int(0), "default": .int(0),
        "description": .string("How many to skip: the previous answer's next_offset."),
    ])

    static func schema(_ properties: [String: Value], required: [String] = []) -> Value {
        .object([
            "type": .string("object"), "properties": .object(properties),
            "required": .array(required.map { .string($0) }), "additionalProperties": .bool(false),
        ])
    }

    static let readOnly = Tool.Annotations(
        readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false)

    /// The tools, in the order `tools/list` gives them.
    static let tools: [Tool] = [
        Tool(
            name: memberContext,
            description: """
                One person at a glance: streaks and this week's S-M-T-W-T-F-S row, today's suggested workout \
                with its reasons, top recommended programs, and their key current facts. Without `client`: \
                the caller. A trainer may name one of their clients.
                """,
            inputSchema: schema([
                "client": client("A client's user id (a trainer's own client), or the caller's own id."),
                "limit": limit(default: 10, of: "current facts"), "offset": offset,
            ]),
            annotations: readOnly),
        Tool(
            name: trainerOverview,
            description: """
                For a trainer: their clients needing attention, by tier (14+ days or never, 7, 3), each with \
                the reason and last message and workout, plus counts of clients (active, paused).
                """,
            inputSchema: schema(["limit": limit(default: 5, of: "clients per tier"), "offset": offset]),
            annotations: readOnly),
        Tool(
            name: inactiveClients,
            description: """
                For a trainer: clients inactive for at least `days` days, by `messages` (no message to the \
                trainer), `workouts` (no workout) or `both` (neither; the nightly inactive_clients list). \
                Most inactive first; never-active clients first of all.
                """,
            inputSchema: schema([
                "days": .object([
                    "type": .string("integer"), "minimum": .int(0), "maximum": .int(3650), "default": .int(7),
                    "description": .string("Days without activity, counted in each client's time zone."),
                ]),
                "by": .object([
                    "type": .string("string"),
                    "enum": .array([.string("messages"), .string("workouts"), .string("both")]),
                    "default": .string("both"), "description": .string("Which activity counts."),
                ]),
                "limit": limit(default: 20, of: "clients"), "offset": offset,
            ]),
            annotations: readOnly),
        Tool(
            name: searchFacts,
            description: """
                Search what people said ("What did John say about his knee?", "Who mentioned a shoulder \
                injury?"): ranked facts, current and superseded, with tense, dates and the quoted source \
                message. A trainer searches all their clients, or one with `client`; anyone else themselves.
                """,
            inputSchema: schema(
                [
                    "query": .object([
                        "type": .string("string"), "minLength": .int(1), "maxLength": .int(1000),
                        "description": .string("The question or words to look for."),
                    ]),
                    "client": client("Only this client (a trainer's own) or the caller."),
                    "limit": limit(default: 10, of: "facts"), "offset": offset,
                ], required: ["query"]),
            annotations: readOnly),
        Tool(
            name: dailySuggestion,
            description: """
                The workout suggested to a person for one local date (default: the latest computed), with \
                its score and human-readable reasons; null when nothing fits or it is not computed yet.
                """,
            inputSchema: schema(
                [
                    "client": client("The person: the caller's own id or one of a trainer's clients."),
                    "date": .object([
                        "type": .string("string"), "pattern": .string("^[0-9]{4}-[0-9]{2}-[0-9]{2}$"),
                        "description": .string("The person's local date, YYYY-MM-DD. Default: the latest."),
                    ]),
                ], required: ["client"]),
            annotations: readOnly),
        Tool(
            name: recommendedPrograms,
            description: """
                A person's recommended programs, best first, each with its score and reasons.
                """,
            inputSchema: schema(
                [
                    "client": client("The person: the caller's own id or one of a trainer's clients."),
                    "limit": limit(default: 5, max: 10, of: "programs"), "offset": offset,
                ], required: ["client"]),
            annotations: readOnly),
    ]

    /// The argument names each tool accepts.
    static func argumentNames(of tool: Tool) -> Set<String> {
        guard case .object(let schema) = tool.inputSchema, case .object(let properties)? = schema["properties"] else {
            return []
        }
        return Set(properties.keys)
    }
}
