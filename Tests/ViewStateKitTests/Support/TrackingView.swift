import Observation

/// Stands in for a SwiftUI view: `body` runs inside `withObservationTracking`; the first change
/// of anything it read marks it invalid (SwiftUI schedules a redraw then), and `nextFrame()`
/// draws it again and re-registers, as SwiftUI does on its next frame.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
final class TrackingView<Drawn> {
    /// What each frame drew, in order.
    private(set) var frames: [Drawn] = []
    /// How many times the view was invalidated.
    private(set) var invalidations = 0
    private var isInvalid = false
    private let body: @MainActor () -> Drawn

    init(_ body: @escaping @MainActor () -> Drawn) {
        self.body = body
        draw()
    }

    /// Draws again if something the view read has changed since the last frame.
    func nextFrame() {
        guard isInvalid else { return }
        draw()
    }

    private func draw() {
        isInvalid = false
        let drawn = withObservationTracking(body) { [weak self] in
            MainActor.assumeIsolated { self?.invalidate() }
        }
        frames.append(drawn)
    }

    private func invalidate() {
        invalidations += 1
        isInvalid = true
    }
}
