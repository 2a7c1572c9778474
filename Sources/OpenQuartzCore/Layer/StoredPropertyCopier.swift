import CSwiftRuntime
import Synchronization

/// Makes the presentation copy of a layer subclass declared outside this package without
/// running any of its initializers: a new instance of the subclass whose fields from this
/// package's classes come from a copy the package's nearest class made itself, and whose own
/// stored properties are copied from the model, field by field, as an `init(layer:)` that
/// copies them would set them.
///
/// Why: Apple copies a layer with `init(layer:)`, which Swift can call through a metatype only if
/// it is `required` — and it is not, on Apple, so subclasses written for iOS override it without
/// `required`. The one initializer they must all declare, `init?(coder:)`, is a `fatalError` in
/// Xcode's template. So the copy is made below the language: the Swift runtime allocates the
/// instance (`swift_allocObject`) and its reflection metadata gives each stored property's
/// offset, type and ownership, so each is copied as the compiler would copy it (retained,
/// weakly referenced, unowned-retained or copied bitwise).
///
/// The layout read here is the Swift runtime's on Linux (no Objective-C interoperability).
/// Where it cannot be read or does not check out, there is no copier and the copy is made
/// through `init?(coder:)` as before.
struct StoredPropertyCopier: Sendable {
    /// One stored property: where it is, whether it comes from the package class's copy, and
    /// how to copy it from a source instance into the new one.
    private struct Field: Sendable {
        let offset: Int
        let fromPackageCopy: Bool
        let copy: @Sendable (_ source: UnsafeRawPointer, _ destination: UnsafeMutableRawPointer) -> Void
    }

    private let layerClass: CALayer.Type
    private let instanceSize: Int
    private let alignmentMask: Int
    private let fields: [Field]

    /// How a layer class's copies are made.
    enum Plan: Sendable {
        /// Through the class's own `init?(coder:)`: a class of this package, or one whose
        /// layout the runtime does not give.
        case ownClass
        /// By `copier`, over a copy `packageClass` (the nearest class of this package above
        /// the layer's) makes of itself.
        case fields(StoredPropertyCopier, packageClass: CALayer.Type)
    }

    private static let plans = Mutex<[ObjectIdentifier: Plan]>([:])

    /// The plan for `layerClass`, worked out once per class.
    static func plan(for layerClass: CALayer.Type) -> Plan {
        let key = ObjectIdentifier(layerClass)
        if let known = plans.withLock({ $0[key] }) { return known }
        let packageClass = nearestPackageClass(of: layerClass)
        let plan: Plan =
            if packageClass != layerClass,
                let copier = StoredPropertyCopier(layerClass: layerClass, packageClass: packageClass)
            {
                .fields(copier, packageClass: packageClass)
            } else {
                .ownClass
            }
        plans.withLock { $0[key] = plan }
        return plan
    }

    /// The modules of this package that declare layer classes; each makes its copies in
    /// `init?(coder:)`.
    private static let packageModules = ["OpenQuartzCore.", "OpenUIKit.", "OpenLottie."]

    /// `layerClass` or the nearest of its superclasses declared in this package.
    private static func nearestPackageClass(of layerClass: CALayer.Type) -> CALayer.Type {
        var current = layerClass
        while true {
            let name = _typeName(current, qualified: true)
            if packageModules.contains(where: name.hasPrefix) { return current }
            guard let superclass = _getSuperclass(current) as? CALayer.Type else { return CALayer.self }
            current = superclass
        }
    }

    /// A new instance of the subclass: the package's fields from `packageCopy`, the subclass's
    /// own from `model`.
    func copy(of model: CALayer, packageCopy: CALayer) -> CALayer {
        let metadata = unsafeBitCast(layerClass as AnyClass, to: UnsafeRawPointer.self)
        let instance = swift_allocObject(metadata, instanceSize, alignmentMask)!
        let modelFields = UnsafeRawPointer(Unmanaged.passUnretained(model).toOpaque())
        let packageFields = UnsafeRawPointer(Unmanaged.passUnretained(packageCopy).toOpaque())
        // Every field is initialized before the instance is handed to Swift, which may free it.
        withExtendedLifetime((model, packageCopy)) {
            for field in fields {
                let source = field.fromPackageCopy ? packageFields : modelFields
                field.copy(source + field.offset, instance + field.offset)
            }
        }
        return Unmanaged<CALayer>.fromOpaque(instance).takeRetainedValue()
    }

    private init?(layerClass: CALayer.Type, packageClass: CALayer.Type) {
        #if canImport(ObjectiveC)
            return nil  // Class metadata has a different layout with Objective-C interoperability.
        #else
            let metadata = unsafeBitCast(layerClass as AnyClass, to: UnsafeRawPointer.self)
            let instanceSize = Int(metadata.load(fromByteOffset: ClassLayout.instanceSize, as: UInt32.self))
            let alignmentMask = Int(metadata.load(fromByteOffset: ClassLayout.instanceAlignmentMask, as: UInt16.self))
            guard alignmentMask < 4096, (alignmentMask + 1) & alignmentMask == 0,
                let ownership = Self.ownershipOfFields(of: layerClass)
            else { return nil }
            let count = reflectedFieldCount(layerClass)
            guard ownership.count == count else { return nil }
            let packageFieldCount = reflectedFieldCount(packageClass)
            var fields: [Field] = []
            for index in 0..<count {
                var reflected = ReflectedField()
                let type = reflectedFieldType(layerClass, index: index, field: &reflected)
                let name = reflected.name.map { String(cString: $0) }
                reflected.free?(reflected.name)
                let offset = reflectedFieldOffset(layerClass, index: index)
                guard name == ownership[index].name, reflected.isStrong == (ownership[index].kind == .strong),
                    let copy = Self.copyFunction(for: type, ownership: ownership[index].kind),
                    offset >= ClassLayout.headerSize, offset + copy.size <= instanceSize
                else { return nil }
                fields.append(Field(offset: offset, fromPackageCopy: index < packageFieldCount, copy: copy.function))
            }
            self.layerClass = layerClass
            self.instanceSize = instanceSize
            self.alignmentMask = alignmentMask
            self.fields = fields
        #endif
    }

    private enum Ownership { case strong, weak, unowned, unmanaged }

    /// How to copy a field of `type` held with `ownership`, and its size.
    private static func copyFunction(
        for type: Any.Type, ownership: Ownership
    ) -> (function: @Sendable (UnsafeRawPointer, UnsafeMutableRawPointer) -> Void, size: Int)? {
        func opened<T>(_: T.Type) -> (
            function: @Sendable (UnsafeRawPointer, UnsafeMutableRawPointer) -> Void, size: Int
        )? {
            let size = MemoryLayout<T>.size
            let pointer = MemoryLayout<UnsafeRawPointer>.size
            switch ownership {
            case .strong:
                return (
                    { source, destination in
                        destination.initializeMemory(as: T.self, from: source.assumingMemoryBound(to: T.self), count: 1)
                    }, size
                )
            case .weak, .unowned, .unmanaged:
                // The reference comes first; the rest (an existential's witness tables) is plain data.
                guard size >= pointer else { return nil }
                return (
                    { source, destination in
                        switch ownership {
                        case .weak: _ = swift_weakCopyInit(destination, UnsafeMutableRawPointer(mutating: source))
                        case .unowned:
                            let object = source.load(as: UnsafeMutableRawPointer?.self)
                            _ = swift_unownedRetain(object)
                            destination.storeBytes(of: object, as: UnsafeMutableRawPointer?.self)
                        case .unmanaged, .strong:
                            destination.copyMemory(from: source, byteCount: pointer)
                        }
                        (destination + pointer).copyMemory(from: source + pointer, byteCount: size - pointer)
                    }, size
                )
            }
        }
        return _openExistential(type, do: opened)
    }

    /// The name and ownership of every stored property of `layerClass`, its superclasses' first,
    /// read from each class's field descriptor; nil where one cannot be read.
    private static func ownershipOfFields(of layerClass: AnyClass) -> [(name: String, kind: Ownership)]? {
        var chain: [AnyClass] = []
        var current: AnyClass? = layerClass
        while let type = current {
            chain.insert(type, at: 0)
            current = _getSuperclass(type)
        }
        var result: [(name: String, kind: Ownership)] = []
        for type in chain {
            guard let own = ClassLayout.fieldRecords(of: type) else { return nil }
            result += own
            guard result.count == reflectedFieldCount(type) else { return nil }
        }
        return result
    }

    /// Offsets into the Swift runtime's class metadata and type descriptors on a 64-bit
    /// platform without Objective-C interoperability (the ABI's `TargetClassMetadata`,
    /// `TargetTypeContextDescriptor` and `FieldDescriptor`).
    private enum ClassLayout {
        static let instanceSize = 24
        static let instanceAlignmentMask = 28
        static let description = 40
        /// The object header: metadata and reference counts.
        static let headerSize = 16
        static let classDescriptorKind: UInt32 = 16

        static func fieldRecords(of type: AnyClass) -> [(name: String, kind: Ownership)]? {
            let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
            guard let descriptor = metadata.load(fromByteOffset: description, as: UnsafeRawPointer?.self),
                descriptor.load(as: UInt32.self) & 0x1F == classDescriptorKind
            else { return nil }
            guard let fields = relative(descriptor + 16) else { return [] }
            let recordSize = Int(fields.load(fromByteOffset: 10, as: UInt16.self))
            let count = Int(fields.load(fromByteOffset: 12, as: UInt32.self))
            guard recordSize >= 12, count < 100_000 else { return nil }
            var records: [(name: String, kind: Ownership)] = []
            for index in 0..<count {
                let record = fields + 16 + index * recordSize
                guard let name = relative(record + 8), let typeName = relative(record + 4) else { return nil }
                let suffix = mangledNameSuffix(typeName)
                let kind: Ownership =
                    switch suffix {
                    case "Xw": .weak
                    case "Xo": .unowned
                    case "Xu": .unmanaged
                    default: .strong
                    }
                records.append((String(cString: name.assumingMemoryBound(to: CChar.self)), kind))
            }
            return records
        }

        /// The target of a 32-bit relative pointer; nil for zero.
        private static func relative(_ field: UnsafeRawPointer) -> UnsafeRawPointer? {
            let offset = field.load(as: Int32.self)
            return offset == 0 ? nil : field + Int(offset)
        }

        /// The last two characters of a mangled type name, stepping over the symbolic
        /// references it may hold (a byte 1–0x17 and 4 bytes of offset, 0x18–0x1F and 8).
        private static func mangledNameSuffix(_ name: UnsafeRawPointer) -> String {
            var last: (UInt8, UInt8) = (0, 0)
            var cursor = name
            while true {
                let byte = cursor.load(as: UInt8.self)
                switch byte {
                case 0: return String(decoding: [last.0, last.1], as: UTF8.self)
                case 0x01...0x17: cursor += 5
                case 0x18...0x1F: cursor += 9
                default: cursor += 1
                }
                last = (last.1, byte)
            }
        }
    }
}

/// What the runtime reports of a stored property besides its type (the standard library's
/// `_FieldReflectionMetadata`).
private struct ReflectedField {
    var name: UnsafePointer<CChar>? = nil
    var free: (@convention(c) (UnsafePointer<CChar>?) -> Void)? = nil
    var isStrong = false
    var isVar = false
}

// The standard library's own reflection entry points (its `_forEachField(of:)` is built on
// them), which count a class's stored properties with its superclasses'.
@_silgen_name("swift_reflectionMirror_recursiveCount")
private func reflectedFieldCount(_ type: Any.Type) -> Int

@_silgen_name("swift_reflectionMirror_recursiveChildMetadata")
private func reflectedFieldType(_ type: Any.Type, index: Int, field: UnsafeMutablePointer<ReflectedField>) -> Any.Type

@_silgen_name("swift_reflectionMirror_recursiveChildOffset")
private func reflectedFieldOffset(_ type: Any.Type, index: Int) -> Int
