import ViewStateKit

/// A renderer that prints one line per state: `[screen] loading`, `[screen] presenting: …`
/// or `[screen] failed: <reason> — <message>`.
///
/// It also lets the CLI wait, without a clock, until the screen has settled: the last state
/// is not `.loading` and its content is not busy (refreshing, loading more).
@MainActor
public final class ConsoleRenderer<Content>: Renderer {
    /// Every line printed so far.
    public private(set) var lines: [String] = []

    private let screen: String
    private let write: (String) -> Void
    private let describe: (Content) -> String
    private let isBusy: (Content) -> Bool
    private var isSettled = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// A renderer for `screen` printing through `write`; `describe` turns content into the
    /// text after `presenting: `, and `isBusy` tells when presented content is still changing.
    public init(screen: String, write: @escaping (String) -> Void,
                describe: @escaping (Content) -> String, isBusy: @escaping (Content) -> Bool) {
        self.screen = screen
        self.write = write
        self.describe = describe
        self.isBusy = isBusy
    }

    /// Prints `state` as one line.
    public func render(_ state: ViewState<Content>) {
        let text = switch state {
        case .loading: "loading"
        case .presenting(let content): "presenting: \(describe(content))"
        case .failed(let failure): "failed: \(failure)"
        }
        let line = "[\(screen)] \(text)"
        lines.append(line)
        write(line)
        isSettled = state.content.map { !isBusy($0) } ?? !state.isLoading
        if isSettled {
            let ready = waiters
            waiters.removeAll()
            ready.forEach { $0.resume() }
        }
    }

    /// Returns once the last rendered state is settled (at once if it already is).
    public func waitUntilSettled() async {
        if isSettled { return }
        await withCheckedContinuation { waiters.append($0) }
    }
}

extension ConsoleRenderer where Content == BookmarkList {
    /// The bookmarked-stores screen: `presenting: 3 stores — CU Gangnam Station, …`.
    public static func bookmarks(write: @escaping (String) -> Void) -> ConsoleRenderer {
        ConsoleRenderer(screen: "bookmarks", write: write, describe: { list in
            let count = "\(list.stores.count) \(list.stores.count == 1 ? "store" : "stores")"
            let names = list.stores.isEmpty ? "no bookmarks yet" : list.stores.map(\.name).joined(separator: ", ")
            let refreshing = list.loadStatus == .refreshing ? " (refreshing)" : ""
            let notice = (list.notice ?? list.loadStatus.failure).map { " | notice: \($0)" } ?? ""
            return "\(count)\(refreshing) — \(names)\(notice)"
        }, isBusy: \.loadStatus.isBusy)
    }
}

extension ConsoleRenderer where Content == ProductList {
    /// The category product list: `presenting: Drinks, 20 of 48 products — Banana Milk ₩1,200, …`.
    public static func categories(write: @escaping (String) -> Void) -> ConsoleRenderer {
        ConsoleRenderer(screen: "categories", write: write, describe: { list in
            let shown = list.products.prefix(3).map { "\($0.name) \(won($0.price))" }
            let more = list.products.count > 3 ? ", …" : ""
            let names = list.products.isEmpty ? "nothing here yet" : shown.joined(separator: ", ") + more
            let progress = list.loadStatus == .loadingMore ? " (loading more)" : list.hasMore ? "" : " (end of list)"
            let failure = list.loadStatus.failure.map { " | load more failed: \($0)" } ?? ""
            return "\(list.categoryName), \(list.products.count) of \(list.total) products\(progress) — \(names)\(failure)"
        }, isBusy: \.loadStatus.isBusy)
    }
}

/// `1700` → `"₩1,700"`, the same on every machine whatever its locale.
func won(_ amount: Int) -> String {
    let digits = String(amount.magnitude)
    var grouped = ""
    for (offset, digit) in digits.enumerated() {
        if offset > 0, (digits.count - offset) % 3 == 0 { grouped.append(",") }
        grouped.append(digit)
    }
    return (amount < 0 ? "-₩" : "₩") + grouped
}
