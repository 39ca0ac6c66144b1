/// An observable cell holding one value: the latest state of a screen.
///
/// ```swift
/// let cell = StateCell<ViewState<[String]>>(.loading)
/// var drawn: [ViewState<[String]>] = []
/// let token = cell.observe { drawn.append($0) }
/// cell.send(.presenting(["CU", "GS25"]))
/// token.cancel()
/// cell.send(.loading)
/// #expect(drawn == [.loading, .presenting(["CU", "GS25"])])
/// ```
///
/// A view draws the cell with ``bind(to:)`` and keeps the token for as long as it shows the
/// screen: `state.bind(to: self).store(in: &tokens)`. A controller sends each new state; it
/// never asks the view what it shows.
///
/// The delivery contract, in full (each sentence has a test named after its rule):
/// - C1: `observe` calls the observer at once, inside the call, with the current value, then
///   with every later value in send order.
/// - C2: observers are called in the order they started observing.
/// - C3: equal values are delivered again; ``observeRemovingDuplicates(_:)`` opts out.
/// - C4: ``value`` is updated before any observer is called.
/// - C5: a send made from inside an observer is queued, not nested: the current value reaches
///   every observer first, then the queued one does, so every observer sees the same sequence.
/// - C6: an observer added during a delivery gets the current value once, then later sends only.
/// - C7: after `cancel()` returns, that observer is never called again, even mid-delivery.
/// - C8: cancelling twice, or after the cell is gone, does nothing.
/// - C9: the cell holds its observers and a token holds the cell weakly; a freed cell frees
///   every observer silently.
/// - C10: in debug builds, a delivery that drains more than 1,000 queued sends prints a warning.
/// - C11: ``values`` is an async sequence of the current value and every later one, none lost;
///   ending its iteration ends the observation, no later than the next send.
///
/// Projections (``observe(_:_:)`` with a key path, ``bind(to:_:)``) are observers like any other,
/// so C1–C11 hold for them too (order, queued reentrant sends, immediate cancel, weak tokens):
/// - C12: `observe(keyPath, observer)` calls the observer at once with the current projection,
///   then only when a delivered value's projection differs from the last one it was given.
/// - C13: `bind(to:keyPath)` renders the ``ViewState`` at the key path at once, then, where its
///   `Content` is `Equatable`, only when it differs from the last one rendered; with any other
///   `Content`, on every send. Whether it is `Equatable` is read at run time, so every call
///   site — generic or not — renders the same. The renderer is held weakly, as with ``bind(to:)``.
/// - C14: a projection is computed from the value being delivered, so a projected observer
///   sees the same sequence as a whole-value observer, less the unchanged projections.
///
/// A cell is not `Sendable`: it lives in its owner's isolation domain (usually the main actor),
/// so it needs no lock. Work finishing elsewhere hops back to that domain before it sends.
public final class StateCell<Value> {
    /// The current value. It is updated before any observer hears of it (C4).
    public var value: Value { current }

    // The send path is `@inlinable` so that clients specialise it for their `Value`; an
    // unspecialised generic send spends most of its time looking up generic metadata.
    // The state it touches is therefore `@usableFromInline`, but still not public.
    // Exclusivity is unchecked at run time: no access to this state is ever held across an
    // observer call (an element is read, then called), so reentrant sends and cancels never
    // overlap an access, and the dynamic check was most of a send's cost.
    @usableFromInline @exclusivity(unchecked) var current: Value
    @usableFromInline @exclusivity(unchecked) var observers: [Observer] = []
    @usableFromInline @exclusivity(unchecked) var queuedSends: [Value] = []
    @usableFromInline @exclusivity(unchecked) var isDelivering = false
    @usableFromInline @exclusivity(unchecked) var hasCancelledObservers = false
    private var nextObserverID = 0

    /// How many queued sends one delivery drains before C10 warns.
    @usableFromInline static var runawayLimit: Int { 1_000 }

    @usableFromInline
    struct Observer {
        @usableFromInline let id: Int
        /// `nil` once cancelled during a delivery; removed when the delivery ends.
        /// Returning `false` ends the observation (a renderer that has gone away).
        @usableFromInline var receive: ((Value) -> Bool)?

        init(id: Int, receive: @escaping (Value) -> Bool) {
            self.id = id
            self.receive = receive
        }
    }

    /// A cell holding `initial`.
    public init(_ initial: Value) {
        current = initial
    }

    /// Makes `newValue` the current value and delivers it to every observer, in the order they
    /// started observing. A send from inside an observer is queued and delivered after the
    /// current delivery reaches everyone (C5).
    @inlinable
    public func send(_ newValue: Value) {
        if isDelivering {
            queuedSends.append(newValue)
        } else {
            deliver(newValue, onlyTo: nil)
        }
    }

    /// Calls `observer` now with the current value, then with every value sent afterwards,
    /// until the returned token is cancelled or freed, or the cell is freed.
    public func observe(_ observer: @escaping (Value) -> Void) -> ObservationToken {
        ObservationToken(source: self, id: register { value in
            observer(value)
            return true
        })
    }

    /// Adds an observer that stays registered while `receive` returns `true`, replays the
    /// current value to it unless `replays` is `false` (events), and returns its id. The
    /// library's own observers (renderer bindings, async sequences, events) use this.
    func register(replays: Bool = true, _ receive: @escaping (Value) -> Bool) -> Int {
        let id = nextObserverID
        nextObserverID += 1
        observers.append(Observer(id: id, receive: receive))
        if replays { deliver(value, onlyTo: observers.count - 1) }
        return id
    }

    /// The number of live observers.
    var observerCount: Int {
        observers.count { $0.receive != nil }
    }

    /// The one delivery loop. It delivers `first` to every observer, or only to the newcomer at
    /// `onlyTo` (a replay), then drains the sends queued meanwhile, each to every observer.
    /// A replay asked for while a delivery is running happens at once, inside it (C1, C6).
    @inlinable
    func deliver(_ first: Value, onlyTo newcomer: Int?) {
        if isDelivering {
            if let newcomer { notify(at: newcomer) }
            return
        }
        isDelivering = true
        current = first
        if let newcomer { notify(at: newcomer) } else { notifyAll() }
        finishDelivery()
    }

    /// Changes the newest value in place with `change`, then delivers it as ``send(_:)`` would:
    /// the way a reactor reduces, so appending to a list in the state touches one element,
    /// not a copy of all of them (unless an observer kept the previous value).
    ///
    /// While a delivery is running, the change is made to a copy of the newest value and that
    /// copy is queued (C5): the value being delivered stays as it is. A send made from inside
    /// `change` is queued behind the changed value.
    @inlinable
    func update(_ change: (inout Value) -> Void) {
        if isDelivering {
            var next = latest
            change(&next)
            queuedSends.append(next)
            return
        }
        isDelivering = true
        change(&current)
        notifyAll()
        finishDelivery()
    }

    /// The newest value: the last one queued behind the delivery running now, or ``value``.
    @inlinable
    var latest: Value { queuedSends.last ?? current }

    /// The end of every delivery: delivers the sends queued meanwhile (C5), then forgets the
    /// observers cancelled meanwhile. Its checks are inline; the loops are not.
    @inlinable
    func finishDelivery() {
        if !queuedSends.isEmpty { drainQueuedSends() }
        isDelivering = false
        if hasCancelledObservers { removeCancelledObservers() }
    }

    /// Delivers the sends queued during a delivery, each to every observer, in order (C5), and
    /// warns about a runaway (C10).
    @inlinable
    func drainQueuedSends() {
        var drained = 0
        while !queuedSends.isEmpty {
            current = queuedSends.removeFirst()
            drained += 1
            if drained == Self.runawayLimit + 1 { warnAboutRunawaySends() }
            notifyAll()
        }
    }

    @usableFromInline
    func removeCancelledObservers() {
        observers.removeAll { $0.receive == nil }
        hasCancelledObservers = false
    }

    @inlinable
    func notifyAll() {
        // Observers added from inside this loop wait for the next value (C6).
        let count = observers.count
        for index in 0..<count { notify(at: index) }
    }

    @inlinable
    func notify(at index: Int) {
        guard let receive = observers[index].receive else { return }  // cancelled (C7)
        if !receive(current) {
            removeObserver(id: observers[index].id)
        }
    }

    @usableFromInline
    func warnAboutRunawaySends() {
        DebugWarning.write("""
            ViewStateKit warning: a StateCell<\(Value.self)> drained more than \(Self.runawayLimit) \
            sends queued by its own observers in one delivery. An observer is probably sending a \
            new value every time it is called.
            """)
    }
}

extension StateCell: ObserverRemoving {
    @usableFromInline
    package func removeObserver(id: Int) {
        // Ids are handed out in increasing order, so the array is sorted by id.
        var low = 0
        var high = observers.count
        while low < high {
            let middle = (low + high) / 2
            if observers[middle].id < id { low = middle + 1 } else { high = middle }
        }
        guard low < observers.count, observers[low].id == id, observers[low].receive != nil else { return }
        if isDelivering {
            observers[low].receive = nil
            hasCancelledObservers = true
        } else {
            observers.remove(at: low)
        }
    }
}

extension StateCell where Value: Equatable {
    /// Like ``observe(_:)``, but skips a value equal to the last one this observer was given:
    /// the explicit opt-in to duplicate filtering (C3). The same as `observe(\.self, observer)`.
    public func observeRemovingDuplicates(_ observer: @escaping (Value) -> Void) -> ObservationToken {
        observe(\.self, observer)
    }
}

/// A cell lives in one isolation domain; Swift checks that it never crosses to another.
@available(*, unavailable)
extension StateCell: Sendable {}

