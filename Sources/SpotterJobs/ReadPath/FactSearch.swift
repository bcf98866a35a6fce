import Foundation
import SpotterCalendar
public import SpotterDB
public import SpotterIDs

/// Full-text search over people's facts, current and superseded, and the live messages they came
/// from ("What did John say about his knee?", "Who mentioned a shoulder injury?").
///
/// PostgreSQL calls `spotter.search_facts` (english stemming, GIN indexes); SQLite runs the same
/// search over FTS5 indexes with the porter stemmer. Both rank alike: distinct query terms found
/// (content or source), then terms found in the content, then current before superseded, then
/// the latest mention. A fact whose every source is deleted is never found; a deleted message is
/// never quoted.
public enum FactSearch {
    /// Characters of a source message quoted.
    public static let quoteLength = 280
    /// The largest page.
    public static let maxLimit = 100

    /// Facts matching `query` about the people `viewer` may read about (themselves; a trainer's
    /// clients too), or about `client` alone (which must be in that scope).
    public static func search(
        viewer: UserID, query: String, client: UserID? = nil, limit: Int = 10, offset: Int = 0,
        in session: DatabaseSession
    ) throws -> [FactHit] {
        guard (1...maxLimit).contains(limit) else {
            throw ReadScopeError(.invalidArgument, "limit must be between 1 and \(maxLimit), got \(limit)")
        }
        guard offset >= 0 else { throw ReadScopeError(.invalidArgument, "offset must be ≥ 0, got \(offset)") }
        let scope = try ReadScope.load(viewer: viewer, in: session)
        if let client { _ = try scope.person(client, in: session) }
        // PostgreSQL keeps the search in the schema (`spotter.search_facts`, which the reader
        // role may call); SQLite has no routines, so the same search is written here.
        guard session.backend.storesRoutines else {
            return try searchSQLite(viewer: viewer, query: query, client: client, limit: limit, offset: offset, session)
        }
        return try searchPostgres(viewer: viewer, query: query, client: client, limit: limit, offset: offset, session)
    }

    static func searchPostgres(
        viewer: UserID, query: String, client: UserID?, limit: Int, offset: Int, _ session: DatabaseSession
    ) throws -> [FactHit] {
        let rows = try session.query(
            """
            SELECT * FROM spotter.search_facts(\(id: viewer)::text, \(bind: query)::text, \(bind: limit)::integer,
                                               \(id: client)::text, \(bind: offset)::integer)
            """)
        return try rows.map { row in
            let sources = try JSONDecoder.facts.decode([FactHit.Source].self, from: Data(try row.json("sources").utf8))
            return try hit(row, name: row.string("display_name"), sources: sources)
        }
    }

    static func searchSQLite(
        viewer: UserID, query: String, client: UserID?, limit: Int, offset: Int, _ session: DatabaseSession
    ) throws -> [FactHit] {
        let terms = FactSearchTerms.terms(query)
        guard !terms.isEmpty else { return [] }
        // One FTS5 query per term, so that each fact counts the distinct terms it holds.
        var branches: [SQLQuery] = []
        for (index, term) in terms.enumerated() {
            let phrase = "\"\(term)\""
            branches.append(
                """
                SELECT f.id AS fact_id, \(unescaped: String(index)) AS term, 1 AS in_content FROM facts_search
                JOIN facts f ON f.id = facts_search.rowid
                WHERE facts_search MATCH \(bind: phrase) AND f.user_id IN (SELECT person_id FROM scope)
                UNION ALL
                SELECT fs.fact_id, \(unescaped: String(index)), 0 FROM messages_search
                JOIN message_search_keys k ON k.key = messages_search.rowid
                JOIN messages m ON m.id = k.message_id AND m.deleted_at IS NULL
                JOIN fact_sources fs ON fs.message_id = k.message_id
                WHERE messages_search MATCH \(bind: phrase) AND m.sender_id IN (SELECT person_id FROM scope)
                """)
        }
        let rows = try session.query(
            """
            WITH scope AS (
                SELECT person_id, display_name FROM viewer_scope
                WHERE viewer_id = \(id: viewer) AND (\(id: client) IS NULL OR person_id = \(id: client))
            ), hits AS (
            \(fragment: SQLQuery.joined(branches, separator: "\nUNION ALL\n"))
            ), scored AS (
                SELECT fact_id, count(DISTINCT term) AS matched_terms,
                       count(DISTINCT CASE WHEN in_content = 1 THEN term END) AS content_terms
                FROM hits GROUP BY fact_id
            )
            SELECT f.user_id, sc.display_name, f.id AS fact_id, f.category, f.subject, f.content, f.polarity,
                   f.temporal, f.confidence, f.first_mentioned_at, f.last_mentioned_at, f.mention_count,
                   f.valid_from, f.valid_to, f.superseded_by, s.matched_terms
            FROM scored s
            JOIN facts f ON f.id = s.fact_id
            JOIN scope sc ON sc.person_id = f.user_id
            WHERE EXISTS (SELECT 1 FROM fact_sources fs JOIN messages m ON m.id = fs.message_id AND m.deleted_at IS NULL
                          WHERE fs.fact_id = f.id)
            ORDER BY s.matched_terms DESC, s.content_terms DESC, (f.valid_to IS NULL) DESC, f.last_mentioned_at DESC,
                     f.id DESC
            LIMIT \(bind: limit) OFFSET \(bind: offset)
            """)
        guard !rows.isEmpty else { return [] }
        let ids = try rows.map { try $0.int64("fact_id") }
        let anyTerm = terms.map { "\"\($0)\"" }.joined(separator: " OR ")
        var sources: [Int64: [FactHit.Source]] = [:]
        try session.forEachRow(
            """
            SELECT fact_id, message_id, sent_at, text FROM (
                SELECT fs.fact_id, m.id AS message_id, m.sent_at, substr(m.body, 1, \(bind: quoteLength)) AS text,
                       row_number() OVER (
                           PARTITION BY fs.fact_id
                           ORDER BY EXISTS (SELECT 1 FROM message_search_keys k
                                            JOIN messages_search ON messages_search.rowid = k.key
                                            WHERE k.message_id = CAST(m.id AS TEXT)
                                              AND messages_search MATCH \(bind: anyTerm)) DESC,
                                    m.sent_at DESC, m.id DESC) AS n
                FROM fact_sources fs JOIN messages m ON m.id = fs.message_id AND m.deleted_at IS NULL
                WHERE fs.fact_id \(oneOf: ids))
            WHERE n <= 3 ORDER BY fact_id, n
            """
        ) { row in
            sources[try row.int64("fact_id"), default: []].append(
                FactHit.Source(
                    messageID: try row.id("message_id"), sentAt: try row.date("sent_at"),
                    text: try row.string("text")))
        }
        return try rows.map { row in
            try hit(row, name: row.string("display_name"), sources: sources[try row.int64("fact_id")] ?? [])
        }
    }

    static func hit(_ row: Row, name: String, sources: [FactHit.Source]) throws -> FactHit {
        let validTo = try row.optionalDate("valid_to")
        return FactHit(
            userID: try row.id("user_id"), name: name, factID: try row.int64("fact_id"),
            category: try row.string("category"), subject: try row.string("subject"),
            content: try row.string("content"), polarity: try row.string("polarity"),
            temporal: try row.string("temporal"), confidence: try row.double("confidence"), isCurrent: validTo == nil,
            firstMentionedAt: try row.date("first_mentioned_at"), lastMentionedAt: try row.date("last_mentioned_at"),
            mentionCount: try row.int("mention_count"), validFrom: try row.date("valid_from"), validTo: validTo,
            supersededBy: try row.optionalInt64("superseded_by"), matchedTerms: try row.int("matched_terms"),
            sources: sources)
    }
}

extension JSONDecoder {
    /// Decodes PostgreSQL's jsonb timestamps ("2026-11-03T08:00:00+00:00", with or without
    /// fractional seconds).
    static let facts: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let text = try decoder.singleValueContainer().decode(String.self)
            guard let date = TimestampFormat.parseInstant(text) else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: decoder.codingPath, debugDescription: "not a timestamp: \(text)"))
            }
            return date
        }
        return decoder
    }()
}
