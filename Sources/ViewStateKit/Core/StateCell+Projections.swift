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
}
