import Foundation
public import SpotterDB
public import SpotterIDs
public import SpotterReasons

/// The language a reader's reasons are shown in: their `users.locale`, by the reason catalog
/// (en and pt-BR; other locales fall back to English, recorded). A trainer reads their clients'
/// reasons in the trainer's own language.
public enum ReaderLanguage {
    /// The language of `user` (the reference English, as a fallback, for an unknown user). Read
    /// from the user's `spotter.chat_context` document: `spotter_reader` (the role `spotter mcp`
    /// connects as) may read the views, not `spotter.users`.
    public static func of(_ user: UserID, in session: DatabaseSession) throws -> ReasonLanguage {
        let document = try session.query(
            "SELECT document FROM spotter.chat_context WHERE user_id = \(id: user)" as SQLQuery
        ).first.map { try $0.json("document") }
        let object = try document.flatMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        let locale = (object?["user"] as? [String: Any])?["locale"] as? String
        return ReasonCatalog.standard.language(for: locale ?? "")
    }

    /// The texts of `codes` in `language`, cut at `limit` characters each; `stored` as it is when
    /// the row has no codes (written before migration 032) or codes this catalog cannot read, or
    /// when they do not match the stored texts one for one.
    public static func texts(
        stored: [String], codes: [Reason]?, in language: ReasonLanguage, limit: Int = 160
    ) -> [String] {
        guard let codes, codes.count == stored.count else { return stored }
        return codes.map { String(ReasonCatalog.standard.text(of: $0, in: language).prefix(limit)) }
    }
}
