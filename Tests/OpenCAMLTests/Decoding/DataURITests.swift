import Foundation
import Testing

@testable import OpenCAML

/// Inline `data:` URIs, read byte by byte (an inline image is hundreds of kilobytes).
@Suite struct DataURITests {
    @Test func base64SkipsWhiteSpaceAndDecodesPercentEscapes() throws {
        let bytes: [UInt8] = [0, 1, 2, 250, 251, 252, 253, 254, 255]
        let base64 = Data(bytes).base64EncodedString()  // "AAEC+vv8/f7/"
        #expect(DataURI.payload(of: "data:image/png;base64,\(base64)") == Data(bytes))
        let wrapped = "data:image/png;base64,AAEC\n  +vv8\r\n\t/f7/"
        #expect(DataURI.payload(of: wrapped) == Data(bytes))
        let escaped = "data:image/png;base64,AAEC%2Bvv8%2Ff7%2f"
        #expect(DataURI.payload(of: escaped) == Data(bytes))
    }

    @Test func plainPayloadsKeepTheirWhiteSpaceAndLoneEscapes() {
        #expect(DataURI.payload(of: "data:text/plain,a b%20c") == Data("a b c".utf8))
        #expect(DataURI.payload(of: "data:,100%") == Data("100%".utf8))
        #expect(DataURI.payload(of: "data:,%zz") == Data("%zz".utf8))
    }

    @Test func notADataURIIsNil() {
        #expect(DataURI.payload(of: "assets/a.png") == nil)
        #expect(DataURI.payload(of: "data:image/png;base64") == nil)
        #expect(DataURI.payload(of: "data:;base64,@@@") == nil)
    }
}
