extension StateCell {
    /// Renders the current state on `renderer` now, then every state sent afterwards, equal
    /// ones included (C3).
    ///
    /// The renderer is held weakly: binding never keeps a view alive. Once the renderer is
    /// gone the binding ends itself at the next send, silently. Cancel or drop the returned
    /// token to unbind earlier.
    @MainActor
    public func bind<R: Renderer>(to renderer: R) -> ObservationToken where Value == ViewState<R.Content> {
        bind(renderer, at: \.self, skipping: { _, _ in false })
    }

    /// Renders the ``ViewState`` at `keyPath` on `renderer` now, then every time a sent value
    /// holds a different one (C13): `reactor.state.bind(to: view, \.repos)`.
    ///
    /// Where the renderer's `Content` is `Equatable`, an unchanged state is not rendered again;
    /// with any other `Content` every send renders. The check is made at run time, from the
    /// content's conformance, so a call in a generic helper renders exactly as often as the same
    /// call with the concrete type. The renderer is held weakly, as with ``bind(to:)``: once it is
    /// gone the binding ends itself at the next send.
    /// - Parameters:
    ///   - renderer: draws the states; held weakly.
    ///   - keyPath: where the ``ViewState`` sits in the cell's value.
    /// - Returns: the token that keeps the binding alive; cancel or drop it to unbind.
    @MainActor
    public func bind<R: Renderer>(to renderer: R,
                                  _ keyPath: KeyPath<Value, ViewState<R.Content>>) -> ObservationToken {
        bind(renderer, at: keyPath, skipping: Self.equality(of: ViewState<R.Content>.self) ?? { _, _ in false })
    }

    /// `==` for `T` when `T` is `Equatable` at run time — in a generic caller too — or `nil`.
    /// Looked up once per binding, never per send.
    static func equality<T>(of type: T.Type) -> ((T, T) -> Bool)? {
        guard let equatable = type as? any Equatable.Type else { return nil }
        return equatable.equality(as: T.self)
    }

    /// The one renderer binding: renders the state at `keyPath` unless `skipping` says it is the
    /// same as the last one rendered, and ends itself once the renderer is gone.
    @MainActor
    func bind<R: Renderer>(_ renderer: R, at keyPath: KeyPath<Value, ViewState<R.Content>>,
                           skipping isUnchanged: @escaping (ViewState<R.Content>, ViewState<R.Content>) -> Bool)
    -> ObservationToken {
        var last: ViewState<R.Content>?
        return ObservationToken(source: self, id: register { [weak renderer] value in
            guard let renderer else { return false }
            let state = value[keyPath: keyPath]
            if let last, isUnchanged(last, state) { return true }
            last = state
            renderer.render(state)
            return true
        })
    }
}

private extension Equatable {
    /// `==`, for values of a type the caller knows only as `T` (which is `Self`).
    static func equality<T>(as type: T.Type) -> (T, T) -> Bool {
        { ($0 as? Self) == ($1 as? Self) }
    }
}
