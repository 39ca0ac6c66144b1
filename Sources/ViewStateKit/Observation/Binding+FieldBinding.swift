#if canImport(SwiftUI)
import SwiftUI

// Compiled only where SwiftUI exists (Apple platforms); not built or run by the Linux CI. The
// same construction is compiled and tested on Linux against a stand-in with SwiftUI's
// `init(get:set:)` signature (`Tests/ViewStateKitTests/ObservedStateTests.swift`).
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension Binding {
    /// A SwiftUI binding that reads and writes through `field`: a reactor field that sends an
    /// action (`ObservedReactor.binding(_:send:)`), a navigation path or sheet
    /// (`StateNavigator.pathBinding(_:)`, `presentedBinding(_:)`).
    @MainActor
    public init(_ field: FieldBinding<Value>) {
        self.init(get: { @MainActor in field.value }, set: { @MainActor in field.value = $0 })
    }
}
#endif
