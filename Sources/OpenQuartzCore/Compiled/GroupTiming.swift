import Foundation

/// The timing of an animation group that encloses a compiled animation: children run in the
/// group's local time, clipped (not scaled) to the group's duration.
package struct GroupTiming {
    package var timing: TimingParameters
    package var curve: UnitBezier?
}
