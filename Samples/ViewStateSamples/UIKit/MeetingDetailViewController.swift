// Checked by reading and against the UIKit stand-ins (`scripts/check-apple-code`): there is no
// UIKit on Linux. What it reads and sends is tested on Linux: the scopes
// (`Tests/ViewStateKitTests/ScopedReactorTests.swift`) and the app (`MeetingsAppTests`).
#if canImport(UIKit)
import UIKit
import ViewStateKit

/// A meeting's detail in UIKit: a child view controller driven by its own scope. It draws the
/// detail's state and sends `MeetingDetail.Action`s, so it works under any parent that holds a
/// `MeetingDetail`; `leave` tells the parent the user went back (a back button, a swipe).
@MainActor
public final class MeetingDetailViewController: UIViewController {
    private let detail: ScopedReactor<MeetingDetail.Action, MeetingDetail.State>
    private let leave: @MainActor () -> Void
    private let titleLabel = UILabel()
    private let notesLabel = UILabel()
    private var tokens = Set<ObservationToken>()

    /// A screen drawing `detail`; `leave` runs when the user goes back.
    public init(detail: ScopedReactor<MeetingDetail.Action, MeetingDetail.State>, leave: @escaping @MainActor () -> Void) {
        self.detail = detail
        self.leave = leave
        super.init(nibName: nil, bundle: nil)
    }

    /// Not made from a storyboard: the screen needs its scope.
    public required init?(coder: NSCoder) {
        return nil
    }

    public override func viewDidLoad() {
        super.viewDidLoad()
        notesLabel.numberOfLines = 0
        let start = UIButton(configuration: .borderedProminent(), primaryAction: UIAction(title: "Start meeting") { [detail] _ in
            detail.send(.startTapped)
        })
        let delete = UIButton(configuration: .borderedProminent(), primaryAction: UIAction(title: "Delete") { [detail] _ in
            detail.send(.deleteTapped)
        })
        let stack = UIStackView(arrangedSubviews: [titleLabel, notesLabel, start, delete])
        stack.axis = .vertical
        view = stack
        detail.state.observe { [weak self] state in self?.show(state) }.store(in: &tokens)
    }

    public override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        if isMovingFromParent, detail.isPresent { leave() }
    }

    private func show(_ state: MeetingDetail.State) {
        title = state.meeting.value.title
        titleLabel.text = state.meeting.value.title
        notesLabel.text = state.meeting.value.notes.joined(separator: "\n")
    }
}

/// The view controllers of the meetings app's pushed screens, each from its own scope: what a
/// UIKit app gives its navigator as it follows the stack,
/// `app.state.follow(\.path, with: navigator) { id, _ in MeetingsScreens.viewController(for: id, of: app) }`.
@MainActor
public enum MeetingsScreens {
    /// The view controller of the screen with `id`; a plain one for a screen this sample does
    /// not draw in UIKit (a meeting under way) or one already gone.
    public static func viewController(for id: StackID, of app: MeetingsApp) -> UIViewController {
        guard let screen = app.scope(stack: \.path, id: id, action: MeetingsApp.Action.path),
              let detail = screen.scope(ifCase: MeetingsPath.State.detail, action: MeetingsPath.Action.detail) else {
            return UIViewController(nibName: nil, bundle: nil)
        }
        return MeetingDetailViewController(detail: detail, leave: screen.dismiss)
    }
}
#endif
