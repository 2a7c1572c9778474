import Foundation

/// UIKit's reading of an index path: a section and, within it, a row (table views) or an item
/// (collection views).
extension IndexPath {
    /// An index path of a row in a section.
    public init(row: Int, section: Int) {
        self.init(indexes: [section, row])
    }

    /// An index path of an item in a section.
    public init(item: Int, section: Int) {
        self.init(indexes: [section, item])
    }

    /// The section: the first index.
    public var section: Int {
        get { self[0] }
        set { self[0] = newValue }
    }

    /// The row in the section: the second index.
    public var row: Int {
        get { self[1] }
        set { self[1] = newValue }
    }

    /// The item in the section: the second index.
    public var item: Int {
        get { self[1] }
        set { self[1] = newValue }
    }
}

/// The same reading of Foundation's `NSIndexPath`, which UIKit gives it too: Swift 3 era code
/// writes `(indexPath as NSIndexPath).row`.
extension NSIndexPath {
    /// An index path of a row in a section.
    public convenience init(row: Int, section: Int) {
        self.init(indexes: [section, row], length: 2)
    }

    /// An index path of an item in a section.
    public convenience init(item: Int, section: Int) {
        self.init(indexes: [section, item], length: 2)
    }

    /// The section: the first index.
    public var section: Int { index(atPosition: 0) }
    /// The row in the section: the second index.
    public var row: Int { index(atPosition: 1) }
    /// The item in the section: the second index.
    public var item: Int { index(atPosition: 1) }
}
