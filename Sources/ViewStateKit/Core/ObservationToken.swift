/// Keeps an observation alive: cancel it, or let it go, and the observer is never called again.
///
/// A token holds its cell weakly, so keeping a token does not keep a cell alive. Tokens are
/// `Hashable` by identity, so a view can keep them in a `Set` with ``store(in:)``.
///
/// Keep a token somewhere that lives as long as the observation should: a property of the view
/// or controller (``store(in:)`` into a `Set` it owns). A local variable is not enough in an
/// optimised build: a local's lifetime may end at its last use, and `_ = token` is no use, so
/// the observation can end early. Where a local must do (a test, a script), end its scope with
/// `withExtendedLifetime(token) {}` or cancel it there explicitly.
public final class ObservationToken: Hashable {
    private weak var source: (any ObserverRemoving)?
    private let id: Int

    package init(source: any ObserverRemoving, id: Int) {
        self.source = source
        self.id = id
    }

    /// Ends the observation at once: after this returns the observer is never called again,
    /// even for a delivery in progress (C7). Calling it again, or after the cell is gone, does
    /// nothing (C8).
    public func cancel() {
        source?.removeObserver(id: id)
        source = nil
    }

    /// Keeps the token in `set` until the set lets it go.
    public func store(in set: inout Set<ObservationToken>) {
        set.insert(self)
    }

    deinit {
        cancel()
    }

    /// Two tokens are equal only when they are the same token.
    public static func == (lhs: ObservationToken, rhs: ObservationToken) -> Bool {
        lhs === rhs
    }

    /// Hashes the token's identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}

/// What a token cancels: implemented by ``StateCell``, whatever its value type.
package protocol ObserverRemoving: AnyObject {
    func removeObserver(id: Int)
}

/// A token lives in its cell's isolation domain, like the cell.
@available(*, unavailable)
extension ObservationToken: Sendable {}
