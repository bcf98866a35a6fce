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
}
