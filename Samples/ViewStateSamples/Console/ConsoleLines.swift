import Foundation
import ViewStateKit

extension StateCell {
    /// Prints `[screen] <describe(value)>` for each delivered value whose line differs from the
    /// last one printed, for screens whose state is not a `ViewState`.
    func printLines(screen: String, write: @escaping (String) -> Void,
                    describe: @escaping (Value) -> String) -> ObservationToken {
        var last: String?
        return observe { value in
            let line = "[\(screen)] \(describe(value))"
            guard line != last else { return }
            last = line
            write(line)
        }
    }
}

extension SelectStoreReactor.State {
    /// `selected: GS25`, or `selected: none (from settings)`.
    var consoleLine: String {
        "selected: \(selected?.rawValue ?? "none")" + (entry == .settings ? " (from settings)" : "")
    }
}

extension RegisterViewModel.Input {
    /// `name "Kim" — register enabled`.
    func consoleLine(isRegisterEnabled: Bool) -> String {
        "name \"\(name.value)\" — register \(isRegisterEnabled ? "enabled" : "disabled")"
    }
}

extension KeyValueStore {
    /// `[storage] favoriteBrand = GS25`: what is stored under `key`, as text.
    func consoleLine(_ key: String) -> String {
        "[storage] \(key) = " + (data(forKey: key).map { String(decoding: $0, as: UTF8.self) } ?? "(nothing)")
    }
}

extension ConsoleRenderer where Content == BookShelf {
    /// The books screen: `presenting: series 1 "Title" — ▸ Book, ▾ Book: "summary"`.
    public static func books(write: @escaping (String) -> Void) -> ConsoleRenderer {
        ConsoleRenderer(screen: "books", write: write, describe: { shelf in
            guard let series = shelf.series else { return "no series yet" }
            let books = series.books.map { book in
                shelf.isExpanded(book) ? "▾ \(book.title): \"\(book.summary)\"" : "▸ \(book.title)"
            }
            return "series \(series.number) \"\(series.title)\" — " + books.joined(separator: ", ")
        }, isBusy: { _ in false })
    }
}

extension BasketReactor.State {
    /// `3 lines, 6 items, ₩7,200 — Banana Milk ×2, Choco Pie ×1, Gummy Bears ×3`, or `empty`.
    var consoleLine: String {
        guard !lines.isEmpty else { return "empty" }
        let count = "\(lines.count) \(lines.count == 1 ? "line" : "lines"), \(itemCount) \(itemCount == 1 ? "item" : "items")"
        return "\(count), \(won(total)) — " + lines.map { "\($0.name) ×\($0.quantity)" }.joined(separator: ", ")
    }
}
