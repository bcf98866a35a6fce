import SpotterCatalog
import Testing

/// Issue 17, item 2: keys derived from data stay short.
@Suite("Key parts")
struct KeyPartTests {
    @Test("SHA-256 matches the FIPS 180-4 vectors")
    func vectors() {
        #expect(SHA256.hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            SHA256.hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(
            SHA256.hex(String(repeating: "a", count: 1_000_000))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test("short zone names stay as they are; long or odd ones become a bounded digest")
    func bounded() {
        #expect(KeyPart.bounded("Europe/Berlin") == "Europe/Berlin")
        #expect(KeyPart.bounded("Etc/GMT+5") == "Etc/GMT+5")
        let long = "Europe/" + String(repeating: "Berlin", count: 100)
        #expect(KeyPart.bounded(long).count == 39)
        #expect(KeyPart.bounded(long).hasPrefix("sha256:"))
        #expect(KeyPart.bounded(long) != KeyPart.bounded(long + "x"))
        #expect(KeyPart.bounded("a:b").hasPrefix("sha256:"))
        #expect(KeyPart.bounded("x@y").hasPrefix("sha256:"))
        #expect(KeyPart.bounded("Europe/Berlin\n").hasPrefix("sha256:"))
        #expect(KeyPart.bounded("").hasPrefix("sha256:"))
    }
}
