public import Foundation

/// The official Python MCP client (PyPI's `mcp`), installed by the test run itself into a
/// throwaway virtual environment under /tmp, cached by version so that reruns are fast; and the
/// driver script `Tests/MCPClient/mcp_client_check.py`.
public enum PythonMCPClient {
    /// The `mcp` package version the tests install.
    public static let version = "2.3.0"

    /// The virtual environment's python, installing it first when missing. A half-made
    /// environment is never reused: it is built under a temporary name and renamed when complete.
    public static func python() async throws -> URL {
        let final = URL(fileURLWithPath: "/tmp/spotter-mcp-client-venv-mcp-\(version)")
        let python = final.appendingPathComponent("bin/python")
        let marker = final.appendingPathComponent(".spotter-complete")
        if FileManager.default.fileExists(atPath: marker.path) { return python }
        let staging = URL(fileURLWithPath: "/tmp/spotter-mcp-client-venv-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: staging) }
        let system = try findPython()
        let venv = try await TestProcess.run(system, arguments: ["-m", "venv", staging.path], timeout: .seconds(120))
        guard venv.exit == .success else {
            throw TestProcessError("python3 -m venv failed: \(venv.stderr.suffix(2000))")
        }
        let pip = try await TestProcess.run(
            staging.appendingPathComponent("bin/python"),
            arguments: ["-m", "pip", "install", "--disable-pip-version-check", "-q", "mcp==\(version)"],
            timeout: .seconds(600))
        guard pip.exit == .success else {
            throw TestProcessError("pip install mcp==\(version) failed: \(pip.stderr.suffix(2000))")
        }
        // Only bin/python is used (a symlink to the system python; pyvenv.cfg beside bin/ finds
        // the packages), so the renamed environment works although its pip scripts name the old path.
        try? FileManager.default.removeItem(at: final)
        try FileManager.default.moveItem(at: staging, to: final)
        _ = FileManager.default.createFile(atPath: marker.path, contents: Data(version.utf8))
        return python
    }

    /// Runs the driver script with `plan` (a JSON object, see the script) and decodes its report.
    public static func run(plan: [String: Any], timeout: Duration = .seconds(300)) async throws -> [String: Any] {
        let python = try await python()
        let planURL = FileManager.default.temporaryDirectory.appendingPathComponent(
            "mcp-plan-\(UUID().uuidString).json")
        try JSONSerialization.data(withJSONObject: plan).write(to: planURL)
        defer { try? FileManager.default.removeItem(at: planURL) }
        let script = TestRepository.root.appendingPathComponent("Tests/MCPClient/mcp_client_check.py")
        let result = try await TestProcess.run(python, arguments: [script.path, planURL.path], timeout: timeout)
        guard result.exit == .success,
            let report = try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        else {
            throw TestProcessError(
                "mcp client: \(result.exit)\n\(result.stdout.suffix(2000))\n\(result.stderr.suffix(4000))")
        }
        return report
    }

    /// Runs `Tests/MCPClient/SCRIPT` with `arguments` in the same environment (it also has
    /// `jsonschema`, a dependency of `mcp`) and decodes the JSON object it prints.
    public static func runScript(_ script: String, _ arguments: [String]) async throws -> [String: Any] {
        let python = try await python()
        let path = TestRepository.root.appendingPathComponent("Tests/MCPClient/\(script)").path
        let result = try await TestProcess.run(python, arguments: [path] + arguments, timeout: .seconds(300))
        guard result.exit == .success,
            let report = try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        else {
            throw TestProcessError(
                "\(script): \(result.exit)\n\(result.stdout.suffix(2000))\n\(result.stderr.suffix(4000))")
        }
        return report
    }

    static func findPython() throws -> URL {
        for path in pathCandidates() + ["/usr/local/bin/python3", "/usr/bin/python3"]
        where FileManager.default.isExecutableFile(atPath: path) {
            return URL(fileURLWithPath: path)
        }
        throw TestProcessError("python3 not found")
    }

    static func pathCandidates() -> [String] {
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/python3" }
    }
}
