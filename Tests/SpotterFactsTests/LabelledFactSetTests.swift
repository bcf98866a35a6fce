import SpotterFacts
import Testing

@Suite("Labelled fact set")
struct LabelledFactSetTests {
    @Test("has at least 300 lines and covers every category")
    func coversEveryCategory() {
        let set = LabelledFactSet.load()
        #expect(set.count >= 300)
        let categories = Set(set.flatMap { $0.expected.map(\.category) })
        #expect(categories == Set(FactCategory.allCases))
    }

    @Test("has the feature groups the extractor is judged on")
    func hasFeatureGroups() {
        let set = LabelledFactSet.load()
        let tags = Set(set.map(\.tag))
        for tag in ["negation", "intention", "question", "smalltalk", "idiom", "foreign"] {
            #expect(tags.contains(tag), "missing group \(tag)")
        }
        #expect(set.filter { $0.tag == "foreign" }.count >= 20)
        #expect(set.filter { $0.tag == "foreign" }.allSatisfy { $0.expected.isEmpty })
        #expect(set.contains { $0.expected.contains { $0.subject != "self" } })
    }
}
