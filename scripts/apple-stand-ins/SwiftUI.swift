// Stand-in declarations of the SwiftUI API the repository's Apple-only files use, so that
// `scripts/check-apple-code` can type-check those files on Linux. Only declarations: nothing
// here runs. Each signature is transcribed from Apple's documentation, at the page named above
// it (https://developer.apple.com/documentation/swiftui/...), simplified only where the
// simplification accepts no call the real signature rejects (a `LocalizedStringKey` overload
// left out where the files pass a `String`). A file that stops compiling against these has
// drifted from the library's own API, or uses SwiftUI API not transcribed here yet.
// swiftui/view
@MainActor @preconcurrency
public protocol View {
    associatedtype Body: View
    @ViewBuilder var body: Body { get }
}

// swiftui/never (Never conforms to View)
extension Never: View {
    public var body: Never { preconditionFailure("stand-in") }
}

/// Not SwiftUI's: the stand-ins' way of giving a view no body of its own.
@MainActor
public protocol PrimitiveView: View where Body == Never {}
extension PrimitiveView {
    public var body: Never { preconditionFailure("stand-in") }
}

// swiftui/viewbuilder
@MainActor @resultBuilder
public struct ViewBuilder {
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> {
        TupleView((repeat each content))
    }
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent(first: first)
    }
    public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent(second: second)
    }
    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { AnyView(content) }
}

extension Optional: View where Wrapped: View {
    public var body: Never { preconditionFailure("stand-in") }
}

// swiftui/tupleview
public struct TupleView<T>: PrimitiveView {
    public var value: T
    public init(_ value: T) { self.value = value }
}

// swiftui/_conditionalcontent
public struct _ConditionalContent<TrueContent: View, FalseContent: View>: PrimitiveView {
    init(first: TrueContent) {}
    init(second: FalseContent) {}
}

// swiftui/anyview
public struct AnyView: PrimitiveView {
    public init<V: View>(_ view: V) {}
}

// swiftui/emptyview
public struct EmptyView: PrimitiveView {
    public init() {}
}

// swiftui/state
@propertyWrapper
public struct State<Value>: DynamicProperty {
    public init(wrappedValue value: Value) {}
    public init(initialValue value: Value) {}
    public var wrappedValue: Value {
        get { preconditionFailure("stand-in") }
        nonmutating set {}
    }
    public var projectedValue: Binding<Value> { preconditionFailure("stand-in") }
}

// swiftui/dynamicproperty
public protocol DynamicProperty {}

// swiftui/binding
@propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
    // swiftui/binding/init(get:set:)-6g3d5
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {}
    // swiftui/binding/constant(_:)
    public static func constant(_ value: Value) -> Binding<Value> { preconditionFailure("stand-in") }
    public var wrappedValue: Value {
        get { preconditionFailure("stand-in") }
        nonmutating set {}
    }
    public var projectedValue: Binding<Value> { self }
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        preconditionFailure("stand-in")
    }
}

// swiftui/text
public struct Text: PrimitiveView {
    // swiftui/text/init(_:)-9d1g4 (a string, not localized)
    public init<S: StringProtocol>(_ content: S) {}
    // swiftui/text/font(_:)
    public func font(_ font: Font?) -> Text { self }
}

// swiftui/font
public struct Font: Sendable {
    public static let headline = Font()
}

// swiftui/color
public struct Color: ShapeStyle, PrimitiveView {}

// swiftui/shapestyle
public protocol ShapeStyle: Sendable {}
extension ShapeStyle where Self == Color {
    public static var red: Color { Color() }
}

// swiftui/buttonrole
public struct ButtonRole: Equatable, Sendable {
    public static let cancel = ButtonRole()
    public static let destructive = ButtonRole()
}

// swiftui/button
public struct Button<Label: View>: PrimitiveView {
    // swiftui/button/init(_:action:)-lpm7 (a title that is a string)
    public init<S: StringProtocol>(_ title: S, action: @escaping @MainActor () -> Void) where Label == Text {}
    // swiftui/button/init(_:role:action:)-8y5yk
    public init<S: StringProtocol>(_ title: S, role: ButtonRole?, action: @escaping @MainActor () -> Void) where Label == Text {}
}

// swiftui/progressview
public struct ProgressView<Label: View, CurrentValueLabel: View>: PrimitiveView {}
extension ProgressView where Label == EmptyView, CurrentValueLabel == EmptyView {
    // swiftui/progressview/init()
    public init() {}
}

// swiftui/spacer
public struct Spacer: PrimitiveView {
    public init(minLength: CGFloatStandIn? = nil) {}
}
/// Stands for CoreGraphics' `CGFloat`, which the calls here never pass.
public typealias CGFloatStandIn = Double

// swiftui/horizontalalignment
public struct HorizontalAlignment: Sendable {
    public static let leading = HorizontalAlignment()
    public static let center = HorizontalAlignment()
}

// swiftui/hstack
public struct HStack<Content: View>: PrimitiveView {
    public init(@ViewBuilder content: () -> Content) {}
}

// swiftui/vstack
public struct VStack<Content: View>: PrimitiveView {
    // swiftui/vstack/init(alignment:spacing:content:)
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloatStandIn? = nil, @ViewBuilder content: () -> Content) {}
}

// swiftui/group
public struct Group<Content: View>: PrimitiveView {
    // swiftui/group/init(content:)-7tyzd
    public init(@ViewBuilder content: () -> Content) {}
}

// swiftui/form
public struct Form<Content: View>: PrimitiveView {
    public init(@ViewBuilder content: () -> Content) {}
}

// swiftui/textfield
public struct TextField<Label: View>: PrimitiveView {
    // swiftui/textfield/init(_:text:)-18aua (a title that is a string)
    public init<S: StringProtocol>(_ title: S, text: Binding<String>) where Label == Text {}
}

// swiftui/list
public struct List<SelectionValue: Hashable, Content: View>: PrimitiveView {}
extension List where SelectionValue == Never {
    // swiftui/list/init(content:)
    public init(@ViewBuilder content: () -> Content) {}
    // swiftui/list/init(_:rowcontent:)-7vpgz
    public init<Data: RandomAccessCollection, RowContent: View>(_ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent)
        where Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable {}
}

// swiftui/foreach
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: PrimitiveView {
    // swiftui/foreach/init(_:id:content:)
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {}
}
extension ForEach where ID == Data.Element.ID, Data.Element: Identifiable {
    // swiftui/foreach/init(_:content:)-90bve
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {}
}

// swiftui/navigationstack
public struct NavigationStack<Data, Root: View>: PrimitiveView {
    // swiftui/navigationstack/init(path:root:)-3bt4q
    public init(path: Binding<Data>, @ViewBuilder root: () -> Root) where Data: MutableCollection, Data: RandomAccessCollection,
        Data: RangeReplaceableCollection, Data.Element: Hashable {}
}

// swiftui/visibility
public enum Visibility: Sendable {
    case automatic, visible, hidden
}

// swiftui/taskpriority is the standard library's TaskPriority.

extension View {
    // swiftui/view/foregroundstyle(_:)
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View { self }
    // swiftui/view/refreshable(action:)
    public func refreshable(action: @escaping @Sendable () async -> Void) -> some View { self }
    // swiftui/view/onappear(perform:)
    public func onAppear(perform action: (() -> Void)? = nil) -> some View { self }
    // swiftui/view/task(priority:_:)
    public func task(priority: TaskPriority = .userInitiated, @_inheritActorContext _ action: @escaping @Sendable () async -> Void) -> some View { self }
    // swiftui/view/toolbar(content:)-5w0tj
    public func toolbar<Content: View>(@ViewBuilder content: () -> Content) -> some View { self }
    // swiftui/view/navigationdestination(for:destination:)
    public func navigationDestination<D: Hashable, C: View>(for data: D.Type, @ViewBuilder destination: @escaping (D) -> C) -> some View { self }
    // swiftui/view/navigationtitle(_:)-5di1u (a title that is a string)
    public func navigationTitle<S: StringProtocol>(_ title: S) -> some View { self }
    // swiftui/view/sheet(ispresented:ondismiss:content:)
    public func sheet<Content: View>(isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping () -> Content) -> some View { self }
    // swiftui/view/alert(_:ispresented:presenting:actions:message:)-3m2w9 (a title that is a string)
    public func alert<S: StringProtocol, A: View, M: View, T>(_ title: S, isPresented: Binding<Bool>, presenting data: T?,
                                                             @ViewBuilder actions: (T) -> A, @ViewBuilder message: (T) -> M) -> some View { self }
    // swiftui/view/confirmationdialog(_:ispresented:titlevisibility:presenting:actions:message:)-9ibgk (a title that is a string)
    public func confirmationDialog<S: StringProtocol, A: View, M: View, T>(_ title: S, isPresented: Binding<Bool>,
                                                                          titleVisibility: Visibility = .automatic, presenting data: T?,
                                                                          @ViewBuilder actions: (T) -> A, @ViewBuilder message: (T) -> M) -> some View { self }
    // swiftui/view/font(_:)
    public func font(_ font: Font?) -> some View { self }
}
