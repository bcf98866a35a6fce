import Foundation
public import Logging
public import MCP
public import SpotterDB
import SpotterJobs

/// `spotter mcp`: a read-only Model Context Protocol server over the result tables, speaking for
/// one person (``MCPServerConfiguration/userID``). Tools: ``ToolCatalog``. A request about anyone
/// outside that person's scope, or with bad arguments, is an MCP invalid-params error naming the
/// problem; a database failure is an internal error that names no SQL nor values.
public struct SpotterMCPServer: Sendable {
    let configuration: MCPServerConfiguration
    let tools: SpotterTools
    let logger: Logger

    /// A server for `configuration` reading through `connection`.
    public init(configuration: MCPServerConfiguration, connection: DatabaseConnection, logger: Logger) {
        self.configuration = configuration
        self.tools = SpotterTools(connection: connection, userID: configuration.userID)
        self.logger = logger
    }

    /// Serves `transport` (standard input and output by default) until the client disconnects.
    /// Throws before serving when the configured user does not exist or is deactivated.
    public func run(transport: (any Transport)? = nil) async throws {
        let caller = try await tools.checkCaller()
        logger.info("mcp serving", metadata: ["user": "\(caller.id)", "role": "\(caller.role)"])
        let server = makeServer(caller: caller)
        await register(on: server)
        try await server.start(transport: transport ?? LineTransport(logger: logger))
        await server.waitUntilCompleted()
        await server.stop()
    }

    func makeServer(caller: ReadScope.Person) -> Server {
        Server(
            name: configuration.serverName, version: configuration.serverVersion,
            instructions: """
                Spotter's results for \(caller.name) (user \(caller.id), \(caller.role)). Every tool answers only \
                about this person\(caller.role == "trainer" ? " and their own clients" : ""); read-only.
                """,
            capabilities: .init(tools: .init(listChanged: false)))
    }

    /// Registers the tool handlers on `server` (separate so tests and benchmarks can drive them).
    func register(on server: Server) async {
        let tools = self.tools
        let logger = self.logger
        await server.withMethodHandler(ListTools.self) { _ in .init(tools: ToolCatalog.tools) }
        await server.withMethodHandler(CallTool.self) { params in
            try await Self.call(params, tools: tools, logger: logger)
        }
    }

    static func call(_ params: CallTool.Parameters, tools: SpotterTools, logger: Logger) async throws -> CallTool.Result
    {
        guard let tool = ToolCatalog.tools.first(where: { $0.name == params.name }) else {
            throw MCPError.invalidParams(
                "unknown tool '\(params.name.prefix(60))'; tools: \(SpotterTools.names.joined(separator: ", "))")
        }
        do {
            let arguments = try ToolArguments(
                tool: tool.name, values: params.arguments, allowed: ToolCatalog.argumentNames(of: tool))
            let answer = try await tools.call(tool.name, arguments)
            let structured = try JSONDecoder().decode(Value.self, from: answer.json)
            return CallTool.Result(
                content: [.text(text: answer.text, annotations: nil, _meta: nil)],
                structuredContent: structured as Value?,
                isError: false)
        } catch let error as ReadScopeError {
            throw MCPError.invalidParams(error.message)
        } catch let error as DatabaseError {
            logger.error("mcp tool failed", metadata: ["tool": "\(tool.name)", "code": "\(error.code)"])
            throw MCPError.internalError("\(tool.name): the database failed (\(error.code)); see the server log")
        }
    }
}
