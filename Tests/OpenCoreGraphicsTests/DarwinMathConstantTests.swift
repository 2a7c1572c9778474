import Foundation
import OpenCoreGraphics
import Testing

@Suite("Darwin's math and time constants")
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

    /// <dispatch/time.h>'s `ull` constants, as iOS code builds deadlines with them.
    @Test func dispatchTimeConstantsAreDarwinsUInt64s() {
        let perSecond: UInt64 = NSEC_PER_SEC
        #expect(perSecond == 1_000_000_000)
        #expect(NSEC_PER_MSEC == 1_000_000 && USEC_PER_SEC == 1_000_000 && NSEC_PER_USEC == 1_000)
        #expect(NSEC_PER_MSEC * 1_000 == NSEC_PER_SEC && NSEC_PER_USEC * USEC_PER_SEC == NSEC_PER_SEC)
        // The usual iOS spelling of a 0.3 s delay.
        let delay = Double(Int64(0.3 * Double(NSEC_PER_SEC))) / Double(NSEC_PER_SEC)
        #expect(abs(delay - 0.3) < 1e-12)
        let deadline = DispatchTime(uptimeNanoseconds: 5 * NSEC_PER_SEC) + delay
        #expect(deadline.uptimeNanoseconds == 5_300_000_000)
    }
}
