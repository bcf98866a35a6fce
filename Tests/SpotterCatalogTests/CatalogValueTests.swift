import SpotterCatalog
import Testing

@Suite("Catalog values")
struct CatalogValueTests {
    @Test("JSON text is compact, sorted and escaped")
    func jsonText() {
        let value = CatalogValue.map([
            "tiers": .list([.int(3), .int(7), .int(14)]), "name": .string("say \"hi\"\n"), "ratio": .double(0.5),
            "whole": .double(2), "on": .bool(true),
        ])
        #expect(value.jsonText == #"{"name":"say \"hi\"\n","on":true,"ratio":0.5,"tiers":[3,7,14],"whole":2.0}"#)
    }

    @Test("JSON objects feed JSONSerialization")
    func jsonObject() throws {
        let object = CatalogValue.map(["top_k": .int(10), "tags": .list([.string("a")])]).toJSONObject
        let dictionary = try #require(object as? [String: Any])
        #expect(dictionary["top_k"] as? Int == 10)
        #expect(dictionary["tags"] as? [String] == ["a"])
    }

    @Test("plain scalars follow YAML 1.2: no, on and yes stay words")
    func yaml12Scalars() throws {
        let kinds = """
            kinds:
              noop:
                description: x
                parameters: {a: no, b: on, c: 0x10, d: 1e3, e: "7", f: True, g: 007, h: 1.5.2}
            """
        let noop = try #require(try CatalogFixtures.parse(kinds: kinds, schedule: "schedule: []").spec(for: "noop"))
        #expect(noop.string("a") == "no")
        #expect(noop.string("b") == "on")
        #expect(noop.int("c") == 16)
        #expect(noop.double("d") == 1_000)
        #expect(noop.string("e") == "7")
        #expect(noop.bool("f") == true)
        #expect(noop.int("g") == 7)
        #expect(noop.string("h") == "1.5.2")
    }
}
