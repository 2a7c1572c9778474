import Foundation
import OpenCoreGraphics
import Testing

@Suite("Darwin's math constants")
struct DarwinMathConstantTests {
    @Test func maxfloatIsTheLargestFiniteFloatAsDarwinDefinesIt() {
        // <math.h>: #define MAXFLOAT 0x1.fffffep+127f, imported by Swift as a Float.
        let value: Float = MAXFLOAT
        #expect(value == Float.greatestFiniteMagnitude)
        #expect(value.bitPattern == 0x7F7F_FFFF)
        #expect(value.isFinite)
    }

    @Test func hugeIsMaxfloatNotInfinity() {
        // <math.h>: #define HUGE MAXFLOAT (HUGE_VAL is the infinite one).
        let value: Float = HUGE
        #expect(value == MAXFLOAT)
        #expect(!value.isInfinite)
    }

    @Test func iosSpellingsWithTheConstantsCompileAndKeepTheirValue() {
        let size = CGSize(width: CGFloat(MAXFLOAT), height: 40)
        #expect(size.width == CGFloat(Float.greatestFiniteMagnitude))
        let repeatForever: Float = HUGE
        #expect(Double(repeatForever) > 3.4e38)
    }
}
