// Checked by reading: there is no UIKit on Linux, where this repository is built and tested.
// What it draws is `BookmarksDisplay`, which is compiled and tested everywhere.
#if canImport(UIKit)
import UIKit
import ViewStateKit

/// The bookmarks screen in UIKit: a table of stores, a spinner while the first load runs,
/// pull-to-refresh, and a message with "Try again" when the load fails.
@MainActor
public final class BookmarksViewController: UITableViewController, Renderer {
    private let controller: BookmarkStoresController
    private var tokens = Set<ObservationToken>()
    private var display = BookmarksDisplay(.loading)
    private let spinner = UIActivityIndicatorView(style: .large)
    private let message = UILabel()
    private let retry = UIButton(configuration: .borderedProminent())

    /// A screen drawing what `controller` publishes.
    public init(controller: BookmarkStoresController) {
        self.controller = controller
        super.init(style: .insetGrouped)
    }

    /// Not made from a storyboard: the screen needs its controller.
    public required init?(coder: NSCoder) {
        return nil
    }

    public override func viewDidLoad() {
        super.viewDidLoad()
        title = "Bookmarks"
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "store")
        message.numberOfLines = 0
        retry.setTitle("Try again", for: .normal)
        retry.addAction(UIAction { [weak self] _ in self?.controller.load() }, for: .primaryActionTriggered)
        let refresh = UIRefreshControl()
        refresh.addAction(UIAction { [weak self] _ in self?.controller.refresh() }, for: .valueChanged)
        refreshControl = refresh
        let stack = UIStackView(arrangedSubviews: [spinner, message, retry])
        stack.axis = .vertical
        stack.alignment = .center
        tableView.backgroundView = stack
        controller.state.bind(to: self).store(in: &tokens)
        controller.load()
    }

    public func render(_ state: ViewState<BookmarkList>) {
        display = BookmarksDisplay(state)
        if display.showsSpinner { spinner.startAnimating() } else { spinner.stopAnimating() }
        if !display.isRefreshing { refreshControl?.endRefreshing() }
        // With no rows the message fills the screen; over a list it heads the table.
        message.text = display.rows.isEmpty ? display.message : nil
        message.isHidden = message.text == nil
        retry.isHidden = !display.offersRetry
        tableView.reloadData()
    }

    public override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        display.rows.count
    }

    public override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        display.rows.isEmpty ? nil : display.message
    }

    public override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "store", for: indexPath)
        var content = cell.defaultContentConfiguration()
        content.text = display.rows[indexPath.row]
        cell.contentConfiguration = content
        return cell
    }
}
#endif
