import Foundation
import SpotterDB
import SpotterIDs
import SpotterJobs
import SpotterRendering

/// search_facts: ``FactSearch`` for the caller's scope.
extension SpotterTools {
    struct SearchAnswer: Codable {
        var query: String
        var client: UserID?
        var hits: [FactHit]
        var offset: Int, limit: Int
        var nextOffset: Int?
    }

    func searchFacts(_ arguments: ToolArguments) async throws -> ToolAnswer {
        let query = try arguments.string("query", maxLength: 1000)
        let client = try arguments.userID("client")
        let (limit, offset) = try Self.page(arguments, default: 10)
        let userID = self.userID
        // One more than asked tells whether another page exists.
        var hits = try await connection.withSession {
            try FactSearch.search(
                viewer: userID, query: query, client: client, limit: limit + 1, offset: offset, in: $0)
        }
        let more = hits.count > limit
        if more { hits.removeLast() }
        let answer = SearchAnswer(
            query: query, client: client, hits: hits, offset: offset, limit: limit,
            nextOffset: more ? offset + limit : nil)
        var text = FactHitText.render(hits, query: query, offset: offset)
        if let next = answer.nextOffset { text += "More: call again with offset \(next).\n" }
        return try ToolAnswer(answer, text: text)
    }
}
