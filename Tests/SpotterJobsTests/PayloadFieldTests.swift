import Foundation
import SpotterCatalog
import SpotterIDs
import SpotterJobs
import Testing

/// The payload field names Spotter sets and reserves (``PayloadField``, in SpotterCatalog, which
/// the schedule and `kinds.yaml`'s `enqueuer_fields` check use) are the JSON keys the kinds'
/// Codable payloads decode, so that neither can be renamed without the other.
@Suite("Payload fields: one spelling")
struct PayloadFieldTests {
    /// The JSON keys `value` encodes to.
    static func keys(_ value: some Encodable) throws -> Set<String> {
        let object = try JSONSerialization.jsonObject(with: try JSONEncoder().encode(value))
        return Set((object as? [String: Any] ?? [:]).keys)
    }

    @Test("the selection payload and the nightly payload decode the fields under the names Spotter sets")
    func namesMatch() throws {
        var selection = SelectionPayload(user_id: UserID(1), user_ids: [UserID(2)], as_of: "2026-11-21T05:00:00Z")
        selection.time_zone = "UTC"
        selection.local_date = "2026-11-21"
        selection.from_user_id = UserID(1)
        selection.to_user_id = UserID(9)
        let selectionKeys = try Self.keys(selection)
        let selectionFields = [
            PayloadField.userID, PayloadField.userIDs, PayloadField.timeZone, PayloadField.localDate,
            PayloadField.fromUserID, PayloadField.toUserID, PayloadField.asOf,
        ]
        #expect(Set(selectionFields).isSubset(of: selectionKeys), "\(selectionKeys)")
        let nightly = NightlyHandler.Payload(
            time_zone: "UTC", local_date: "2026-11-21", scheduled_for: "2026-11-21T00:15", as_of: "2026-11-21T05:00:00Z"
        )
        let nightlyKeys = try Self.keys(nightly)
        let nightlyFields = [
            PayloadField.timeZone, PayloadField.localDate, PayloadField.scheduledFor, PayloadField.asOf,
        ]
        #expect(Set(nightlyFields) == nightlyKeys)
        #expect(PayloadField.reserved.isSubset(of: selectionKeys.union(nightlyKeys)))
        #expect(PayloadField.selectionHint == "user_id, user_ids, or time_zone with from_user_id/to_user_id")
    }
}
