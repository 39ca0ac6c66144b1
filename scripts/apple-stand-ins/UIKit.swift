// Stand-in declarations of the UIKit API the repository's Apple-only files use, so that
// `scripts/check-apple-code` can type-check those files on Linux. Only declarations: nothing
// here runs. Each signature is transcribed from Apple's documentation, at the page named above
// it (https://developer.apple.com/documentation/uikit/...).
@_exported import Foundation  // UIKit re-exports Foundation

// uikit/uiresponder
@MainActor
open class UIResponder: NSObject {}

// uikit/uiview
@MainActor
open class UIView: UIResponder {
    public override init() {}
    // uikit/uiview/ishidden
    open var isHidden = false
}

// uikit/uiviewcontroller
@MainActor
open class UIViewController: UIResponder {
    // uikit/uiviewcontroller/init(nibname:bundle:)
    public init(nibName: String?, bundle: Bundle?) {}
    // uikit/uiviewcontroller/init(coder:)
    public required init?(coder: NSCoder) {}
    // uikit/uiviewcontroller/title
    open var title: String?
    // uikit/uiviewcontroller/view
    open var view: UIView!
    // uikit/uiviewcontroller/viewdidload()
    open func viewDidLoad() {}
    // uikit/uiviewcontroller/viewdiddisappear(_:)
    open func viewDidDisappear(_ animated: Bool) {}
    // uikit/uiviewcontroller/ismovingfromparent
    open var isMovingFromParent: Bool { false }
    // uikit/uiviewcontroller/present(_:animated:completion:)
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {}
    // uikit/uiviewcontroller/dismiss(animated:completion:)
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {}
}

// uikit/uinavigationcontroller
@MainActor
open class UINavigationController: UIViewController {
    // uikit/uinavigationcontroller/pushviewcontroller(_:animated:)
    open func pushViewController(_ viewController: UIViewController, animated: Bool) {}
    // uikit/uinavigationcontroller/popviewcontroller(animated:)
    open func popViewController(animated: Bool) -> UIViewController? { nil }
    // uikit/uinavigationcontroller/poptoviewcontroller(_:animated:)
    open func popToViewController(_ viewController: UIViewController, animated: Bool) -> [UIViewController]? { nil }
    // uikit/uinavigationcontroller/viewcontrollers
    open var viewControllers: [UIViewController] = []
    // uikit/uinavigationcontroller/setviewcontrollers(_:animated:)
    open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {}
}

// uikit/uitableview/style
public enum UITableViewStyle: Int, Sendable {
    case plain, grouped, insetGrouped
}

// uikit/uitableviewcell
@MainActor
open class UITableViewCell: UIView {
    // uikit/uitableviewcell/defaultcontentconfiguration()
    open func defaultContentConfiguration() -> UIListContentConfiguration { UIListContentConfiguration() }
    // uikit/uitableviewcell/contentconfiguration
    open var contentConfiguration: (any UIContentConfiguration)?
}

// uikit/uicontentconfiguration
@MainActor
public protocol UIContentConfiguration {}

// uikit/uilistcontentconfiguration
public struct UIListContentConfiguration: UIContentConfiguration {
    public init() {}
    // uikit/uilistcontentconfiguration/text
    public var text: String?
}

// uikit/uitableview
@MainActor
open class UITableView: UIView {
    // uikit/uitableview/style
    public typealias Style = UITableViewStyle
    // uikit/uitableview/register(_:forcellreuseidentifier:)-8ukvp
    open func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {}
    // uikit/uitableview/dequeuereusablecell(withidentifier:for:)
    open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell { UITableViewCell() }
    // uikit/uitableview/backgroundview
    open var backgroundView: UIView?
    // uikit/uitableview/reloaddata()
    open func reloadData() {}
}

// uikit/uitableviewcontroller
@MainActor
open class UITableViewController: UIViewController {
    // uikit/uitableviewcontroller/init(style:)
    public init(style: UITableView.Style) { super.init(nibName: nil, bundle: nil) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }
    // uikit/uitableviewcontroller/tableview
    open var tableView: UITableView = UITableView()
    // uikit/uitableviewcontroller/refreshcontrol
    open var refreshControl: UIRefreshControl?
    // uikit/uitableviewdatasource/tableview(_:numberofrowsinsection:)
    open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 0 }
    // uikit/uitableviewdatasource/tableview(_:titleforheaderinsection:)
    open func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }
    // uikit/uitableviewdatasource/tableview(_:cellforrowat:)
    open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell { UITableViewCell() }
}

// uikit/uicontrol/event
public struct UIControlEvent: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let valueChanged = UIControlEvent(rawValue: 1 << 12)
    public static let primaryActionTriggered = UIControlEvent(rawValue: 1 << 13)
}

// uikit/uicontrol/state
public struct UIControlState: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let normal = UIControlState([])
}

// uikit/uiaction
@MainActor
open class UIAction {
    // uikit/uiaction/init(title:image:identifier:discoverabilitytitle:attributes:state:handler:)
    public init(title: String = "", handler: @escaping @MainActor (UIAction) -> Void) {}
}

// uikit/uicontrol
@MainActor
open class UIControl: UIView {
    public typealias Event = UIControlEvent
    public typealias State = UIControlState
    // uikit/uicontrol/addaction(_:for:)
    open func addAction(_ action: UIAction, for controlEvents: UIControl.Event) {}
}

// uikit/uirefreshcontrol
@MainActor
open class UIRefreshControl: UIControl {
    // uikit/uirefreshcontrol/endrefreshing()
    open func endRefreshing() {}
}

// uikit/uibutton/configuration
public struct UIButtonConfiguration: Sendable {
    // uikit/uibutton/configuration/borderedprominent()
    public static func borderedProminent() -> UIButtonConfiguration { UIButtonConfiguration() }
}

// uikit/uibutton
@MainActor
open class UIButton: UIControl {
    public typealias Configuration = UIButtonConfiguration
    // uikit/uibutton/init(configuration:primaryaction:)
    public convenience init(configuration: UIButton.Configuration, primaryAction: UIAction? = nil) { self.init() }
    // uikit/uibutton/settitle(_:for:)
    open func setTitle(_ title: String?, for state: UIControl.State) {}
}

// uikit/uiactivityindicatorview/style
public enum UIActivityIndicatorViewStyle: Int, Sendable {
    case medium, large
}

// uikit/uiactivityindicatorview
@MainActor
open class UIActivityIndicatorView: UIView {
    public typealias Style = UIActivityIndicatorViewStyle
    // uikit/uiactivityindicatorview/init(style:)
    public init(style: UIActivityIndicatorView.Style) {}
    // uikit/uiactivityindicatorview/startanimating()
    open func startAnimating() {}
    // uikit/uiactivityindicatorview/stopanimating()
    open func stopAnimating() {}
}

// uikit/uilabel
@MainActor
open class UILabel: UIView {
    // uikit/uilabel/text
    open var text: String?
    // uikit/uilabel/numberoflines
    open var numberOfLines = 1
}

// uikit/uistackview/alignment
public enum UIStackViewAlignment: Int, Sendable {
    case fill, leading, center, trailing
}

// nslayoutconstraint/axis
public enum NSLayoutConstraintAxis: Int, Sendable {
    case horizontal, vertical
}

// uikit/uistackview
@MainActor
open class UIStackView: UIView {
    // uikit/uistackview/init(arrangedsubviews:)
    public init(arrangedSubviews views: [UIView]) {}
    // uikit/uistackview/axis
    open var axis: NSLayoutConstraintAxis = .horizontal
    // uikit/uistackview/alignment-swift.property
    open var alignment: UIStackViewAlignment = .fill
}

// foundation/indexpath/row (declared by UIKit)
extension IndexPath {
    public var row: Int { self[1] }
}
