import Foundation
import SpotterCatalog
import Testing

/// Typed parameters: a kind's `parameters:` decoded with its schema when `jobs/` loads.
@Suite("Kind parameter schemas")
struct ParameterSchemaTests {
    struct Thresholds: KindParameters {
        var threshold_days: Int
        var tiers: [Int]
        var label: String?

        func problem() -> String? { tiers.isEmpty ? "tiers must not be empty" : nil }
    }

    static func error(_ parameters: String, schema: ParameterSchema = ParameterSchema(Thresholds.self))
        -> CatalogError?
    {
        let kinds = "kinds:\n  noop:\n    description: x\n  inactive:\n    description: y\n" + parameters
        do {
            _ = try JobCatalog.parse(
                kinds: kinds, kindsFile: "jobs/kinds.yaml", schedule: "schedule: []\n",
                scheduleFile: "jobs/schedule.yaml", parameters: ["inactive": schema, "noop": .none])
            return nil
        } catch {
            return error
        }
    }

    @Test("parameters of the declared types load, and decode back as the schema's type")
    func valid() throws {
        #expect(Self.error("    parameters:\n      threshold_days: 7\n      tiers: [3, 7]\n") == nil)
        let decoded = try KindParameterCoding.decode(
            Thresholds.self, from: ["threshold_days": .int(7), "tiers": .list([.int(3)]), "label": .string("x")])
        #expect(decoded.threshold_days == 7 && decoded.tiers == [3] && decoded.label == "x")
    }

    @Test("an unknown key is rejected at its line, with a did-you-mean")
    func unknownKey() {
        let error = Self.error("    parameters:\n      threshold_day: 7\n      threshold_days: 7\n      tiers: [3]\n")
        #expect(
            error?.description
                == #"jobs/kinds.yaml:7: kinds.inactive.parameters.threshold_day: unknown parameter "threshold_day" (did you mean "threshold_days"?)"#
        )
        // A kind without parameters takes none.
        let kinds = "kinds:\n  noop:\n    description: x\n    parameters:\n      top_k: 3\n"
        do {
            _ = try JobCatalog.parse(
                kinds: kinds, kindsFile: "jobs/kinds.yaml", schedule: "schedule: []\n",
                scheduleFile: "jobs/schedule.yaml", parameters: ["noop": .none])
            Issue.record("a parameter of a kind without parameters was accepted")
        } catch {
            #expect(error.description == #"jobs/kinds.yaml:5: kinds.noop.parameters.top_k: unknown parameter "top_k""#)
        }
    }

    @Test("a value of the wrong type is rejected at its line")
    func wrongType() {
        #expect(
            Self.error("    parameters:\n      threshold_days: seven\n      tiers: [3]\n")?.description
                == "jobs/kinds.yaml:7: kinds.inactive.parameters.threshold_days: expected a whole number")
        #expect(
            Self.error("    parameters:\n      threshold_days: 7\n      tiers: [3, x]\n")?.description
                == "jobs/kinds.yaml:8: kinds.inactive.parameters.tiers[1]: expected a whole number")
        #expect(
            Self.error("    parameters:\n      threshold_days: 7\n      tiers: 3\n")?.description
                == "jobs/kinds.yaml:8: kinds.inactive.parameters.tiers: expected a list")
    }

    @Test("a missing parameter is rejected at the parameters key, or at the kind when there is none")
    func missing() {
        #expect(
            Self.error("    parameters:\n      threshold_days: 7\n")?.description
                == #"jobs/kinds.yaml:6: kinds.inactive.parameters: missing parameter "tiers""#)
        #expect(
            Self.error("")?.description
                == #"jobs/kinds.yaml:4: kinds.inactive.parameters: missing parameter "threshold_days""#)
    }

    @Test("the schema's own check runs at load")
    func ownCheck() {
        #expect(
            Self.error("    parameters:\n      threshold_days: 7\n      tiers: []\n")?.description
                == "jobs/kinds.yaml:6: kinds.inactive.parameters: tiers must not be empty")
    }
}
