/// How a reactor runs its effects: the one reduce, each kind of effect, the asynchronous work
/// it holds (started, superseded, cancelled, ended) and the ways to wait for it.

extension Reactor {
    /// The tasks of the asynchronous work the reactor holds, running or ending: a test follows
    /// them until they rest.
    package final var workTasks: [Task<Void, Never>] { Array(tasks.values) }

    /// The run number the next piece of work will take: what a test remembers before a send.
    package final var nextWorkNumber: Int { lastToken + 1 }

    /// The tasks of the work started from run number `first` on and not ended yet.
    package final func workTasks(from first: Int) -> [Task<Void, Never>] {
        tasks.filter { $0.key >= first }.sorted { $0.key < $1.key }.map(\.value)
    }

    /// `true` while asynchronous work is running and not cancelled: work that can still
    /// change the state. Cancelled work that has not ended yet does not count. Not public: a
    /// test asks `ReactorTester.hasRunningWork`.
    package var hasRunningWork: Bool { !runningTokens.isEmpty }

    /// How many pieces of work the reactor still holds, running or ending: for the tests of its
    /// bookkeeping (work that has ended is forgotten at once).
    var heldWorkCount: Int { tasks.count }

    /// Returns once no asynchronous work is left — running, or cancelled and still ending —
    /// including work started while waiting: how the package's own tests and `ReactorTester`
    /// wait for the work of a reactor they hold. Not public: an app waits with
    /// ``sendAndWait(_:)``, a test through `ReactorTester`.
    package final func waitUntilIdle() async {
        while let (token, task) = tasks.first {
            await task.value
            tasks[token] = nil  // ended: its finish has removed it already; never awaited twice
        }
    }

    /// Sends `action` and returns when the asynchronous work it started has ended: made for
    /// SwiftUI's `.task { await reactor.sendAndWait(.start) }` and
    /// `.refreshable { await reactor.sendAndWait(.refresh) }`. Cancelling the calling task (the
    /// view goes away) cancels that work, and this returns once it has ended. Work started by
    /// actions queued behind `action` (R3) counts too; work other actions started does not, and
    /// neither does work superseded later by newer work with the same id (it has ended). An
    /// action that starts no work returns at once, after its mutations are published; so does a
    /// stubbed reactor (R7), which runs nothing.
    /// - Parameter action: the action to send.
    public final func sendAndWait(_ action: Action) async {
        let firstToken = lastToken + 1
        send(action)
        let started = tasks.filter { $0.key >= firstToken }.map(\.value)
        guard !started.isEmpty else { return }
        await withTaskCancellationHandler {
            for task in started { await task.value }
        } onCancel: {
            for task in started { task.cancel() }
        }
    }
}

extension Reactor {

    /// The one reduce: runs ``reduce(into:mutation:)`` on the cell's state, in place, and
    /// publishes the result (R1, R2). A traced reactor takes the out-of-line step that also
    /// writes what changed.
    @inlinable
    func reduce(_ mutation: Mutation) {
        if hasChildren, ownReduceLooksAtChildren {
            reduceOwnBesideChildren(mutation)
        } else if tracer == nil {
            state.update { reduce(into: &$0, mutation: mutation) }
        } else {
            reduceTraced(mutation)
        }
    }

    @inlinable
    func perform(_ effect: consuming Effect<Mutation>) {
        switch (consume effect).kind {
        case .mutation(let mutation):
            reduce(mutation)
        case .mutations(let mutations):
            for mutation in mutations { reduce(mutation) }
        case .merge(let effects):
            for effect in effects { perform(effect) }
        case .cancel(let id):
            stop(id)
        case .run(let id, let start):
            startWork(id, start)
        case .dismiss:
            dismissItself()
        case .child(let mutation):
            reduceChild(mutation)
        }
    }

    /// ``Effect/dismiss`` reached the reactor itself (N6): with an ``onDismiss`` set, the reactor
    /// cancels its work, notes that it is dismissed and calls it; with none, nothing presents
    /// the reactor, so it does nothing and a debug build warns.
    @usableFromInline
    func dismissItself() {
        guard let onDismiss else {
            return DebugWarning.write("""
                ViewStateKit warning: Effect.dismiss reached a Reactor<…, \(Mutation.self), …>, which nothing \
                presents, so it did nothing. Only a child declared with ChildPlace.presented or .stack can be \
                dismissed, or a reactor whose onDismiss is set.
                """)
        }
        isDismissed = true
        for key in Array(runningTokens.keys) { stop(key) }
        onDismiss()
    }

    @usableFromInline
    func startWork(_ id: AnyHashable?, _ start: Effect<Mutation>.Start) {
        lastToken += 1
        let token = lastToken
        let key = Self.key(of: id, token: token)
        let path = (key.base as? ChildWorkID)?.path ?? []
        if !path.isEmpty, isPresent(path, in: currentState) == false {  // its child is gone already (N4)
            forgetPresenceIfIdle(path)
            return
        }
        let name = tracer.map { _ in ReactorTracer.describe(effect: id, token: token) }  // only when traced
        stop(key, supersededBy: name)
        runningTokens[key] = token
        if !path.isEmpty { index(key, under: path) }
        if let name { tracer?.effectStarted(name) }
        let ending = WorkEnding()
        // Whether the work may still send: not cancelled, superseded, or its task cancelled by a
        // `sendAndWait` caller (then what it sends is dropped quietly), nor ended (a warning).
        let mayStillSend: @MainActor (Any) -> Bool = { [unowned self] sent in
            guard runningTokens[key] == token, !Task.isCancelled else {
                if ending.ended, !Task.isCancelled { warnSentAfterEnd(sent) }
                return false
            }
            return true
        }
        let task = start(WorkOutlet(deliver: { [weak self] mutation in
            guard let self, mayStillSend(mutation) else { return }  // a reactor gone: nothing to reduce into
            tracer?.effect = name
            reduce(mutation)
            tracer?.effect = nil
        }, child: { [weak self] mutation in
            guard let self, mayStillSend(mutation) else { return }
            tracer?.effect = name
            reduceChild(mutation)
            tracer?.effect = nil
        }, act: { [weak self] action in
            guard let self, mayStillSend(action) else { return }
            guard let action = action as? Action else { return warnNotAnAction(action) }
            actionFromWorkObserver?(action)
            send(action)
        }, dismiss: { [weak self] in
            guard let self, mayStillSend("dismiss()") else { return }
            dismissItself()
        }, finished: { [weak self] in
            guard let self else { return }
            if runningTokens[key] == token {
                ending.ended = true
                runningTokens[key] = nil
                if !path.isEmpty { unindex(key, under: path) }
                if let name { tracer?.effectFinished(name) }
            }
            tasks[token] = nil
        }))
        tasks[token] = task  // a main-actor task: it cannot have ended yet
    }

    /// A mutation or action sent after its work had ended, from a task the work started and did not await.
    private func warnSentAfterEnd(_ sent: Any) {
        DebugWarning.write("""
            ViewStateKit warning: a Reactor<…, \(Mutation.self), …> dropped \((sent as? ChildMutation)?.description ?? "\(sent)"): its work had ended \
            before sending it. A task the work started (`Task { }` inside `.run`) outlived it; await that work \
            inside `.run` instead, or start it as work of its own.
            """)
    }

    /// An action sent from the reactor's own work (``Effect/run(id:sending:_:catch:)``) that is
    /// not one of its actions: the `sending:` type was another.
    private func warnNotAnAction(_ action: Any) {
        DebugWarning.write("""
            ViewStateKit warning: work of \(type(of: self)) sent the action \(action), of type \(type(of: action)), \
            which is not one of its actions, so it was dropped. Pass its own Action type as `sending:`.
            """)
    }

    /// The key work is held under: its id, or for work started without one (at the top or
    /// inside a child) its run number, in a type no id a user gives can equal.
    @usableFromInline
    static func key(of id: AnyHashable?, token: Int) -> AnyHashable {
        guard let id else { return AnyHashable(AnonymousWork(token: token)) }
        if let childWork = id.base as? ChildWorkID, childWork.id == nil {
            return AnyHashable(ChildWorkID(path: childWork.path, id: AnyHashable(AnonymousWork(token: token))))
        }
        return id
    }

    /// Cancels the work started with `id`: it delivers nothing more, and stays in `tasks`
    /// (for ``waitUntilIdle()``) until it has ended.
    @usableFromInline
    func stop(_ id: AnyHashable, supersededBy newer: String? = nil) {
        guard let token = runningTokens.removeValue(forKey: id) else { return }
        if let path = (id.base as? ChildWorkID)?.path { unindex(id, under: path) }
        tasks[token]?.cancel()
        if let tracer {
            tracer.effectCancelled(ReactorTracer.describe(effect: id, token: token), supersededBy: newer)
        }
    }
}

/// The key of work started without an id: its run number, in a type of its own, so no id a
/// user gives (`.run(id: 1)`, `.cancel(id: 1)`) can supersede or cancel it.
@usableFromInline
struct AnonymousWork: Hashable {
    let token: Int
}

/// Whether a reactor's work ended by itself (not cancelled or superseded): a mutation it sends
/// later comes from a task it left behind, which a debug build warns about.
@MainActor
private final class WorkEnding {
    var ended = false
}
