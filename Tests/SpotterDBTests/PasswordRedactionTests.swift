import SpotterDB
import SpotterTestSupport
import Testing

/// Every form of connection string a person might paste — well-formed, mistyped or meant for
/// another driver — is echoed without its password, whether parsing accepts it or refuses it.
@Suite("password redaction in every echoed connection string")
struct PasswordRedactionTests {
    static let secret = "Hunter2Secret"

    /// The adversary's 19 forms: 7 well-formed, 12 mistyped or foreign.
    static let forms: [String] = [
        "postgresql://app:\(secret)@db.example:5432/spotter",
        "postgres://app:\(secret)@db.example/spotter?sslmode=require",
        "postgresql://app@db.example/spotter?password=\(secret)",
        "host=db.example user=app password=\(secret) dbname=spotter",
        "host=db.example user=app password='\(secret) x' dbname=spotter",
        "dbname=postgresql://app:\(secret)@db.example/spotter",
        "postgresql://app:\(secret)@[::1/spotter",
        "postgresql+asyncpg://app:\(secret)@db.example/spotter",
        "postgresql+psycopg2://app:\(secret)@db.example/spotter",
        "jdbc:postgresql://db.example:5432/spotter?user=app&password=\(secret)",
        "jdbc:postgresql://app:\(secret)@db.example:5432/spotter",
        "mysql://app:\(secret)@db.example/spotter",
        "redis://:\(secret)@cache.example:6379/0",
        "postgresq://app:\(secret)@db.example/spotter",
        "postgresql//app:\(secret)@db.example/spotter",
        "postgresql:/app:\(secret)@db.example/spotter",
        "app:\(secret)@db.example/spotter",
        "//app:\(secret)@db.example/spotter",
        "sqlite:/tmp/spotter.db?password=\(secret)",
    ]

    @Test("no form's parse error or description shows the password", arguments: forms)
    func neverEchoed(form: String) {
        do {
            let configuration = try DatabaseConfiguration.parse(form)
            #expect(!configuration.description.contains(Self.secret), "\(configuration.description)")
            #expect(!String(describing: configuration).contains("Hunter2"))
        } catch {
            let text = String(describing: error)
            #expect(!text.contains(Self.secret), "\(text)")
            #expect(!text.contains("Hunter2"), "\(text)")
            #expect(text.contains("***") || !text.contains("@"), "the userinfo is masked, not dropped: \(text)")
        }
    }

    @Test("the rest of a foreign string stays readable")
    func readable() {
        let error = #expect(throws: DatabaseError.self) {
            try DatabaseConfiguration.parse("postgresql+asyncpg://app:\(Self.secret)@db.example/spotter")
        }
        #expect(error?.message.contains("app:***@db.example/spotter") == true, "\(error?.message ?? "")")
        let jdbc = #expect(throws: DatabaseError.self) {
            try DatabaseConfiguration.parse("jdbc:postgresql://db.example/spotter?user=app&password=\(Self.secret)")
        }
        #expect(jdbc?.message.contains("?user=app&password=***") == true, "\(jdbc?.message ?? "")")
        let bare = #expect(throws: DatabaseError.self) {
            try DatabaseConfiguration.parse("app:\(Self.secret)@db.example/spotter")
        }
        #expect(bare?.message.contains("'app:***@db.example/spotter'") == true, "\(bare?.message ?? "")")
    }

    @Test("a password of reserved characters, percent-encoded, is masked in both spellings")
    func percentEncoded() {
        let error = #expect(throws: DatabaseError.self) {
            try DatabaseConfiguration.parse("mysql://app:p%40ss%3Aw0rd@db.example/spotter")
        }
        #expect(error?.message.contains("p%40ss") == false)
        #expect(error?.message.contains("p@ss") == false)
    }

    /// Issue 35, item 6: the three shapes of the second attack that printed the password.
    static let secondRound: [String] = [
        // A `?` in the password: libpq reads the userinfo up to the `@`, `?` included.
        "postgresql://app:Hunter2?Secret@127.0.0.1:1/spotter",
        // A percent-encoded parameter name: libpq decodes it to `password`.
        "postgresql://app@127.0.0.1:1/spotter?pass%77ord=Hunter2Secret",
        // An unencoded `@`: libpq takes the first one and prints the rest in its host error.
        "postgresql://app:Hunter2@Secret@127.0.0.1:1/spotter",
    ]

    @Test(
        "the second round's shapes: no description, parse error or connect error shows the password",
        arguments: secondRound)
    func secondRoundShapes(form: String) async {
        var texts: [String] = []
        do {
            var configuration = try DatabaseConfiguration.parse(form)
            texts.append(configuration.description)
            configuration.connectTimeout = .seconds(2)
            _ = try await DatabaseConnection.open(configuration, logger: TestDatabase.logger)
            Issue.record("connected to port 1")
        } catch {
            texts.append(String(describing: error))
        }
        for text in texts {
            #expect(!text.contains("Hunter2"), "\(text)")
            #expect(!text.contains("Secret"), "\(text)")
        }
    }
}
