#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// How the values of one enum type are laid out, read from the metadata the Swift compiler
/// emits for it: which case a value is (its tag), the name and payload type of each case, and a
/// case's payload taken out of a value. What lets ``EnumCase`` find a child's case in a parent's
/// enum at the cost of a few loads, whatever the enum's `customMirror` shows.
///
/// This is the one file that reads type metadata. Everything it reads is Swift's stable ABI,
/// the layouts compiled code itself relies on (docs/ABI/TypeMetadata.rst in the Swift
/// repository): an enum's metadata (kind `0x201`, then its type descriptor, then its generic
/// arguments), the value witness table just before it (size and stride at words 8 and 9, the
/// enum witnesses `getEnumTag` and `destructiveProjectEnumData` at words 11 and 12), the enum's
/// type descriptor (its field descriptor at byte 16, its payload case count at 20) and field
/// records (flags, mangled type name, name; in the order of the cases' tags), and the
/// runtime's `swift_getTypeByMangledNameInContext`, which compiled code calls to resolve a
/// type from its mangled name (found with `dlsym`).
///
/// It checks itself: ``works`` reads a set of probe enums at start-up (one case or several, a
/// tuple payload, a labelled one, an `indirect` case, a class and a generic payload) and
/// compares every answer with what the Swift code that made the values knows. Each type is
/// checked too: its witness table's size and stride must be `MemoryLayout`'s, and its
/// descriptor's cases its field records'. Where a check fails, ``init(_:)`` returns `nil` and
/// ``EnumCase`` falls back to `Mirror`, with a debug warning: slower, and blind to custom
/// mirrors, but never wrong in silence. A binary built without reflection metadata
/// (`-disable-reflection-metadata`, Xcode's "Reflection Metadata Level: None") has no field
/// records, and falls back the same way — where `Mirror` sees no case either, so keep the
/// metadata (Xcode's default). An arm64e process, whose witness tables are signed, reads
/// through `Mirror` from the start.
@usableFromInline
struct EnumLayout {
    @usableFromInline let metadata: UnsafeRawPointer
    private let descriptor: UnsafeRawPointer
    private let fields: UnsafeRawPointer
    @usableFromInline let getTag: @convention(c) (UnsafeRawPointer, UnsafeRawPointer) -> UInt32
    @usableFromInline let project: @convention(c) (UnsafeMutableRawPointer, UnsafeRawPointer) -> Void
    /// How many of the enum's cases carry a payload of some size: their tags come first.
    let payloadCases: UInt32

    @usableFromInline static let word = MemoryLayout<UnsafeRawPointer>.size

    /// The layout of `type`, or `nil` when it is not an enum or its metadata does not read as
    /// this file expects (then ``EnumCase`` reads it through `Mirror`).
    @usableFromInline
    init?<Whole>(_ type: Whole.Type) {
        guard Self.works else { return nil }
        self.init(checking: type)
    }

    /// The layout of `type` after this type's own checks, without the start-up check.
    private init?<Whole>(checking type: Whole.Type) {
        let metadata = unsafeBitCast(type as Any.Type, to: UnsafeRawPointer.self)
        guard metadata.load(as: UInt.self) == 0x201 else { return nil }  // an enum, not an Optional
        let witnesses = metadata.load(fromByteOffset: -Self.word, as: UnsafeRawPointer.self)
        guard witnesses.load(fromByteOffset: 8 * Self.word, as: Int.self) == MemoryLayout<Whole>.size,
              witnesses.load(fromByteOffset: 9 * Self.word, as: Int.self) == MemoryLayout<Whole>.stride else { return nil }
        let descriptor = metadata.load(fromByteOffset: Self.word, as: UnsafeRawPointer.self)
        guard let fields = Self.relative(descriptor + 16) else { return nil }
        let payloadCases = descriptor.load(fromByteOffset: 20, as: UInt32.self) & 0xFF_FFFF
        let emptyCases = descriptor.load(fromByteOffset: 24, as: UInt32.self)
        guard fields.load(fromByteOffset: 12, as: UInt32.self) == payloadCases + emptyCases,
              fields.load(fromByteOffset: 10, as: UInt16.self) >= 12 else { return nil }
        self.metadata = metadata
        self.descriptor = descriptor
        self.fields = fields
        self.payloadCases = payloadCases
        getTag = unsafeBitCast(witnesses.load(fromByteOffset: 11 * Self.word, as: UnsafeRawPointer.self),
                               to: (@convention(c) (UnsafeRawPointer, UnsafeRawPointer) -> UInt32).self)
        project = unsafeBitCast(witnesses.load(fromByteOffset: 12 * Self.word, as: UnsafeRawPointer.self),
                                to: (@convention(c) (UnsafeMutableRawPointer, UnsafeRawPointer) -> Void).self)
    }

    /// The tag of `value`'s case: the cases whose payload has a size first, the others after.
    @inlinable
    func tag<Whole>(of value: Whole) -> UInt32 {
        withUnsafePointer(to: value) { getTag(UnsafeRawPointer($0), metadata) }
    }

    /// The name of the case with `tag`, as declared.
    @usableFromInline
    func name(ofCase tag: UInt32) -> String? {
        guard let record = record(tag), let name = Self.relative(record + 8) else { return nil }
        return String(cString: name.assumingMemoryBound(to: CChar.self))
    }

    /// The type of the payload of the case with `tag`, and whether the case is `indirect` (its
    /// payload in a box of its own); `nil` for a case without a payload.
    @usableFromInline
    func payload(ofCase tag: UInt32) -> (type: Any.Type, indirect: Bool)? {
        guard let record = record(tag), let mangled = Self.relative(record + 4) else { return nil }
        let name = mangled.assumingMemoryBound(to: UInt8.self)
        guard let resolve = typeByMangledName,
              let type = resolve(name, UInt(Self.length(ofMangledName: name)), descriptor, metadata + 2 * Self.word)
        else { return nil }
        return (unsafeBitCast(type, to: Any.Type.self), record.load(as: UInt32.self) & 0x1 != 0)
    }

    /// The payload of `value`, whose case's payload is a `Payload` (tuple labels aside):
    /// taken from a copy of `value`, so `value` is left as it is.
    @inlinable
    func payload<Whole, Payload>(of value: Whole, as: Payload.Type, indirect: Bool) -> Payload {
        withUnsafeTemporaryAllocation(of: Whole.self, capacity: 1) { buffer in
            let slot = buffer.baseAddress!
            slot.initialize(to: value)
            project(UnsafeMutableRawPointer(slot), metadata)
            return Self.take(Payload.self, from: UnsafeMutableRawPointer(slot), indirect: indirect)
        }
    }

    /// The payload of `value` as a value of its own type, whatever that is; `nil` for a case
    /// without a payload. What ``EnumCase`` reads the first time it meets a case.
    @usableFromInline
    func anyPayload<Whole>(of value: Whole) -> Any? {
        guard let (type, indirect) = payload(ofCase: tag(of: value)) else { return nil }
        func take<Payload>(_ payloadType: Payload.Type) -> Any {
            payload(of: value, as: payloadType, indirect: indirect)
        }
        return take(type)
    }

    /// Moves the payload a projection left at `slot` out: the value itself, or, for an
    /// `indirect` case, a copy of the value in its box, the box then released.
    @inlinable
    static func take<Payload>(_: Payload.Type, from slot: UnsafeMutableRawPointer, indirect: Bool) -> Payload {
        guard indirect else { return slot.assumingMemoryBound(to: Payload.self).move() }
        let box = slot.assumingMemoryBound(to: AnyObject.self).move()
        // A box is a heap object's two-word header, then the value at its own alignment.
        let align = MemoryLayout<Payload>.alignment
        let offset = (2 * word + align - 1) / align * align
        return withExtendedLifetime(box) {
            (UnsafeRawPointer(Unmanaged.passUnretained(box).toOpaque()) + offset).assumingMemoryBound(to: Payload.self).pointee
        }
    }

    /// The field record of the case with `tag`.
    private func record(_ tag: UInt32) -> UnsafeRawPointer? {
        guard tag < fields.load(fromByteOffset: 12, as: UInt32.self) else { return nil }
        let size = Int(fields.load(fromByteOffset: 10, as: UInt16.self))
        return fields + 16 + Int(tag) * size
    }

    /// Where a 32-bit relative pointer at `field` points; `nil` for a null one.
    private static func relative(_ field: UnsafeRawPointer) -> UnsafeRawPointer? {
        let offset = field.load(as: Int32.self)
        return offset == 0 ? nil : field + Int(offset)
    }

    /// The length of a mangled name, which may hold symbolic references: a byte from 1 to 23
    /// is followed by a 4-byte relative reference, one from 24 to 31 by a pointer.
    static func length(ofMangledName name: UnsafePointer<UInt8>) -> Int {
        var end = 0
        while name[end] != 0 {
            switch name[end] {
            case 1...0x17: end += 5
            case 0x18...0x1F: end += 1 + word
            default: end += 1
            }
        }
        return end
    }

    /// Whether this runtime's metadata reads as this file expects, checked once against enums
    /// whose cases and payloads are known here.
    static let works: Bool = {
        #if arch(arm64e)
        // Pointer authentication signs the witness table's entries: reading them raw is not
        // calling them. Apps are built arm64; an arm64e process reads cases through Mirror.
        return false
        #else
        final class Box {}
        struct Nothing {}
        enum Probe {
            case nothing(Nothing)  // a payload without a size: laid out as a case without one
            case empty
            case one(Int)
            case two(Int, String)
            case other
            case labelled(value: Int)
            indirect case boxed(String, Int8)
            case object(Box)
        }
        enum Generic<Value> { case value(Value), none }
        guard let probe = EnumLayout(checking: Probe.self), probe.payloadCases == 5,
              let generic = EnumLayout(checking: Generic<[String]>.self), EnumLayout(checking: Int?.self) == nil,
              EnumLayout(checking: Box.self) == nil, EnumLayout(checking: (Int, Int).self) == nil else { return false }
        let box = Box()
        let values: [(Probe, String, Any?)] = [
            (.nothing(Nothing()), "nothing", Nothing()), (.empty, "empty", nil), (.one(7), "one", 7), (.two(3, "x"), "two", (3, "x")),
            (.other, "other", nil), (.labelled(value: 5), "labelled", 5), (.boxed("b", 9), "boxed", ("b", Int8(9))),
            (.object(box), "object", box),
        ]
        // Each value's tag names its own case, and carries its own payload.
        guard Set(values.map { probe.tag(of: $0.0) }).count == values.count else { return false }
        for (value, name, expected) in values {
            guard probe.name(ofCase: probe.tag(of: value)) == name else { return false }
            let same = switch (probe.anyPayload(of: value), expected) {
            case (let payload as Int, let expected as Int): payload == expected
            case (let payload as (Int, String), let expected as (Int, String)): payload == expected
            case (let payload as (String, Int8), let expected as (String, Int8)): payload == expected
            case (let payload as Box, let expected as Box): payload === expected
            case (_ as Nothing, _ as Nothing): true
            case (nil, nil): true
            case (.some, let expected as Int): probe.payload(of: value, as: Int.self, indirect: false) == expected  // (value: Int)
            default: false
            }
            guard same else { return false }
        }
        return generic.tag(of: Generic.value(["g"])) != generic.tag(of: Generic<[String]>.none)
            && generic.anyPayload(of: Generic.value(["g"])) as? [String] == ["g"] && generic.anyPayload(of: Generic<[String]>.none) == nil
            && probe.payload(of: Probe.boxed("c", 1), as: (String, Int8).self, indirect: true) == ("c", 1)
        #endif
    }()
}

/// The runtime's resolver of mangled type names, which compiled code calls to find a type from
/// its name: `swift_getTypeByMangledNameInContext`, found by name in the running process (the
/// compiler reserves runtime names for itself, so it is not declared here). Its arguments and
/// result are four pointers and a pointer, passed alike by Swift's and C's conventions.
private let typeByMangledName: TypeByMangledName? = {
    #if canImport(Darwin)
    let process = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT: every image loaded
    #else
    let process = dlopen(nil, RTLD_NOW)
    #endif
    guard let symbol = dlsym(process, "swift_getTypeByMangledNameInContext") else { return nil }
    return unsafeBitCast(symbol, to: TypeByMangledName.self)
}()

private typealias TypeByMangledName = @convention(c) (
    _ name: UnsafePointer<UInt8>, _ length: UInt, _ genericContext: UnsafeRawPointer?, _ genericArguments: UnsafeRawPointer?
) -> UnsafeRawPointer?
