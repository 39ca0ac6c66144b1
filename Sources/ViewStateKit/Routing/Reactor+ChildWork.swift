/// The index of a reactor's children's running work, by their place from the root: a reduce
/// that removed a child stops that child's work and looks at nothing else (N4, N7).
extension Reactor {
    /// N7: for each place of the reactor's own with running work under it whose storage can be
    /// told untouched at once (rows, a stack), a check made from `state` before the reactor's
    /// own reduce, and kept to answer after it. Each check holds the place's storage, so a
    /// reduce that writes there copies it once (as holding a copy of TCA's ids does).
    func storageChecks(before state: State) -> [(place: AnyHashable, isUntouched: (State) -> Bool)] {
        guard !presenceByPlace.isEmpty else { return [] }
        return childPlaces.compactMap { place in
            guard let storage = place.storage, presenceByPlace[storage.key] != nil else { return nil }
            return (storage.key, storage.keep(state))
        }
    }

    /// After the reactor's own reduce: stops the running work of every child no longer in
    /// `state`, asking each child's presence once, under every place but those in `untouched`
    /// (whose storage the reduce never wrote, so every child there is still there).
    func stopWorkOfAbsentChildren(skipping untouched: Set<AnyHashable>, in state: State) {
        for (place, chains) in presenceByPlace where !untouched.contains(place) {
            ownReducePresenceChecks += chains.count
            for chain in chains where isPresent(chain, in: state) == false {
                for key in workUnder[chain] ?? [] { stop(key) }
            }
        }
    }

    /// Stops the running work under `path` (not empty) whose child is no longer in `state`.
    /// Each child's presence is asked once, however much work it runs.
    func stopWorkOfAbsentChildren(under path: [ChildLocation], in state: State) {
        guard let keys = workUnder[path] else { return }
        var present: [[ChildLocation]: Bool] = [:]
        for key in keys {
            guard let chain = (key.base as? ChildWorkID)?.path else { continue }
            let isPresent = present[chain] ?? (self.isPresent(chain, in: state) ?? true)
            present[chain] = isPresent
            if !isPresent { stop(key) }
        }
    }

    /// Whether the child at `chain` is in `state`; `nil` when no work of its was ever indexed.
    func isPresent(_ chain: [ChildLocation], in state: State) -> Bool? {
        guard let presence = childPresence[chain] else { return nil }
        return Self.ask(presence, in: state)
    }

    /// `presence` asked of `state`, from outside the main actor's code: a closure the main
    /// actor's code hands the standard library is checked to run there, about 200
    /// instructions a call (Swift 6's dynamic isolation checks), on the routing's hot path.
    /// The routing's code on the main actor hands the standard library no closure for that
    /// reason (no `map`, no `withUnsafePointer`): what needs one is written here, or as a loop.
    nonisolated static func ask(_ presence: (UnsafeRawPointer) -> Bool, in state: State) -> Bool {
        withUnsafePointer(to: state) { presence(UnsafeRawPointer($0)) }
    }

    @usableFromInline
    func childStartsWork(at path: [ChildLocation], isPresent: @escaping (UnsafeRawPointer) -> Bool) {
        if childPresence.updateValue(isPresent, forKey: path) == nil {
            presenceByPlace[path[0].place, default: []].insert(path)
        }
    }
    /// Files running work under every prefix of its child's path (not under the root's `[]`:
    /// a check at the root asks every child in ``childPresence`` instead, so starting and
    /// stopping work never touches a set that grows with every child's work).
    func index(_ key: AnyHashable, under path: [ChildLocation]) {
        for length in 1...path.count {
            workUnder[Array(path.prefix(length)), default: []].insert(key)
        }
    }

    /// Takes work that ended or was stopped out of the index; a child with no work left is
    /// forgotten.
    func unindex(_ key: AnyHashable, under path: [ChildLocation]) {
        for length in 1...path.count {
            let prefix = Array(path.prefix(length))
            workUnder[prefix]?.remove(key)
            if workUnder[prefix]?.isEmpty == true { workUnder[prefix] = nil }
        }
        forgetPresenceIfIdle(path)
    }

    /// Forgets how to find the child at `path` once no work of its runs.
    func forgetPresenceIfIdle(_ path: [ChildLocation]) {
        guard workUnder[path] == nil, childPresence.removeValue(forKey: path) != nil else { return }
        let place = path[0].place
        presenceByPlace[place]?.remove(path)
        if presenceByPlace[place]?.isEmpty == true { presenceByPlace[place] = nil }
    }
}
