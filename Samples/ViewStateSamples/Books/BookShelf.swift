/// What the books screen draws once the series have loaded: the series to pick from, the
/// selected one, and which of its books show their summary.
public struct BookShelf: Equatable, Sendable {
    /// Every series' number, for the picker.
    public let seriesNumbers: [Int]
    /// The selected series; `nil` when there are none.
    public let series: BookSeries?
    /// The ids of the books whose summary is expanded.
    public let expandedBookIDs: Set<Int>

    /// Whether `book`'s summary is shown.
    public func isExpanded(_ book: Book) -> Bool {
        expandedBookIDs.contains(book.id)
    }
}
