import Foundation
import SpotterDB
import SpotterIDs
import SpotterTestSupport
import Testing

/// `spotter health` against databases that are not ready: exit 1 and one line saying why.
@Suite("spotter health without a ready database")
struct HealthProbeTests {
    static func expectUnhealthy(_ output: SpotterCommand.Output, _ message: String) {
        #expect(output.status == 1, "\(output)")
        #expect(output.stdout.isEmpty, "\(output)")
        #expect(output.stderr.hasPrefix("spotter: error: unhealthy: \(message)"), "\(output)")
        #expect(output.stderr.split(separator: "\n").count == 1, "\(output)")
    }

    @Test("an unmigrated database", arguments: DatabaseBackend.allCases)
    func unmigrated(backend: DatabaseBackend) async throws {
        try await TestDatabase.withDatabase(backend) { database in
            if backend == .sqlite {  // an empty file, as a new volume would hold
                _ = FileManager.default.createFile(atPath: database.configuration.path, contents: Data())
            }
            let output = try await SpotterCommand.run(["health", "--database", database.databaseArgument])
            Self.expectUnhealthy(output, "database is not migrated: ")
            #expect(output.stderr.contains("pending (001_inputs.sql…); run spotter migrate"), "\(output)")

            // Migrated: current (the database-only probe passes).
            let migrate = try await SpotterCommand.run(["migrate", "--database", database.databaseArgument])
            #expect(migrate.status == 0, "\(migrate)")
            let healthy = try await SpotterCommand.run([
                "health", "--database-only", "--database", database.databaseArgument,
            ])
            #expect(healthy.status == 0, "\(healthy)")
            #expect(healthy.stdout.hasPrefix("healthy: database answers, "), "\(healthy)")
            #expect(healthy.stdout.hasSuffix(" migrations current\n"), "\(healthy)")

            // A migration recorded but changed is named.
            let connection = try await database.connect()
            try await connection.execute("UPDATE spotter.schema_migrations SET checksum = 'x' WHERE version = 3")
            await connection.close()
            let changed = try await SpotterCommand.run([
                "health", "--database-only", "--database", database.databaseArgument,
            ])
            Self.expectUnhealthy(changed, "migration 003_queue.sql differs from the applied one")
        }
    }

    @Test("an unreachable PostgreSQL server, within the timeout; the password is not printed")
    func unreachablePostgres() async throws {
        let started = ContinuousClock.now
        let output = try await SpotterCommand.run([
            "health", "--database", "postgresql://spotter:s3cret-pw@127.0.0.1:1/none", "--timeout", "3",
        ])
        Self.expectUnhealthy(output, "database unreachable: ")
        #expect(!output.stderr.contains("s3cret-pw"))
        #expect(ContinuousClock.now - started < .seconds(20))
    }

    @Test("a server that accepts connections and never answers: the probe gives up at its timeout")
    func silentServer() async throws {
        // A listening socket nobody accepts from: the TCP handshake completes, the startup
        // packet is never answered.
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        #expect(listen(fd, 4) == 0)
        var bound = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &bound) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        let port = UInt16(bigEndian: bound.sin_port)
        let started = ContinuousClock.now
        let output = try await SpotterCommand.run([
            "health", "--database", "postgresql://spotter@127.0.0.1:\(port)/none", "--timeout", "2",
        ])
        #expect(output.status == 1, "\(output)")
        #expect(output.stderr.hasPrefix("spotter: error: unhealthy: "), "\(output)")
        #expect(ContinuousClock.now - started < .seconds(15), "gave up in time")
    }

    @Test("a SQLite file that does not exist is reported, not created")
    func missingSQLiteFile() async throws {
        let path = NSTemporaryDirectory() + "spotter-health-\(UUID().uuidString).sqlite"
        let output = try await SpotterCommand.run(["health", "--database", "sqlite:" + path])
        Self.expectUnhealthy(output, "database file \(path) does not exist")
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test("spotter --version prints the version")
    func version() async throws {
        let output = try await SpotterCommand.run(["--version"])
        #expect(output.status == 0, "\(output)")
        #expect(output.stdout.wholeMatch(of: #/\d+\.\d+\.\d+\n/#) != nil, "\(output)")
    }

    @Test("--log-format and --log-level take only their listed values")
    func logOptions() async throws {
        let output = try await SpotterCommand.run(["health", "--log-format", "xml"])
        #expect(output.status != 0)
        #expect(output.stderr.contains("text") && output.stderr.contains("json"), "\(output)")
        let level = try await SpotterCommand.run(["health", "--log-level", "loud"])
        #expect(level.status != 0)
        #expect(level.stderr.contains("warning"), "\(level)")
    }
}
