extension StateCell {
    /// Calls `observer` now with the part of the value at `keyPath`, then again only when a
    /// delivered value's part differs from the last one `observer` was given (C12).
    ///
    /// Use it to react to one field of a larger state — a reactor's `isLoading`, a screen's
    /// selection — without hand-written duplicate filtering. It is an observer like any other:
    /// C1–C11 hold for it.
    /// - Parameters:
    ///   - keyPath: the part of the value to watch.
    ///   - observer: called with the part, now and on each change.
    /// - Returns: the token that keeps the observation alive; cancel or drop it to stop.
    public func observe<T: Equatable>(_ keyPath: KeyPath<Value, T>,
                                      _ observer: @escaping (T) -> Void) -> ObservationToken {
        var last: T?
        return observe { value in
            let part = value[keyPath: keyPath]
            guard part != last else { return }
            last = part
            observer(part)
        }
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
