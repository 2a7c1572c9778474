import OpenCAML
import OpenQuartzCore

/// A loaded CAML document a scene shows: the package and the controller that switches its
/// states (every state layer of a `.tendies` package together).
public struct SceneDocument {
    public let package: CAPackage
    public let controller: CAStateController
}
