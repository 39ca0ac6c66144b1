/// A screen the CLI can run.
public enum Screen: String, CaseIterable, Sendable {
    /// The bookmarked-stores screen.
    case bookmarks
    /// The category product list.
    case categories
    /// Choosing a favourite convenience-store brand (reactor + coordinator).
    case selectStore = "select-store"
    /// The register screen (Input → Output view model + coordinator).
    case register
    /// Book series with saved summary toggles (reactor).
    case books
    /// A basket of lines, each its own feature, emptied after a confirmation (composition, alert).
    case basket
    /// Meetings: a list, a stack of screens over it, a form in a sheet, a timer, alerts, a save file.
    case meetings

    var summary: String {
        switch self {
        case .bookmarks: "bookmarked stores: load, refresh, remove with rollback"
        case .categories: "a category's products: paging, switching categories"
        case .selectStore: "choose a favourite brand: saves it and goes home (reactor + coordinator)"
        case .register: "a name field; register is enabled for 2–10 characters without edge spaces"
        case .books: "book series: pick a series, expand summaries, saved between launches"
        case .basket: "a basket: a stepper per line (child features), empty it after a confirmation"
        case .meetings: "meetings: list, detail, record with a timer, edit sheet, alerts, saved to a file"
        }
    }

    /// The screens that load from the network, where failure scenarios apply.
    static let loading: [Screen] = [.bookmarks, .categories, .books]
}

/// A story the CLI tells on a screen, with the stub network set up to produce it.
public enum Scenario: String, CaseIterable, Sendable {
    /// Everything answers normally.
    case success
    /// The server answers with an empty list.
    case empty
    /// The server answers HTTP 500.
    case failure
    /// The connection fails.
    case offline
    /// The request times out.
    case timeout
    /// The body is not JSON.
    case malformed
    /// The body is cut off half way.
    case truncated
    /// The body's ids are strings instead of numbers.
    case wrongTypes = "wrong-types"
    /// An unknown id: category 999, or removing a store that is not bookmarked.
    case notFound = "not-found"
    /// Two loads race; the older one's reply arrives last and is dropped.
    case superseded
    /// A load is cancelled while its reply is held.
    case cancelled
    /// Pull-to-refresh keeps the list on screen while it reloads.
    case refresh
    /// Removing a bookmark succeeds.
    case remove
    /// Removing a bookmark fails and is rolled back.
    case rollback
    /// "Load more" until the end of the list.
    case paging
    /// Skip choosing: saves "all" and goes home.
    case skip
    /// Opened from settings: selecting only moves the selection; save goes back.
    case settings
    /// Register taps with invalid names: the button stays disabled and nothing navigates.
    case invalid
    /// The saved summary toggles are unreadable: all collapsed, then overwritten.
    case corruptStorage = "corrupt-storage"
    /// "Empty basket", then Empty in the confirmation.
    case emptyBasket = "empty-basket"
    /// "Empty basket", then Cancel in the confirmation.
    case keepBasket = "keep-basket"
    /// Add a meeting, open it, delete it after the confirmation.
    case delete
    /// Edit a meeting in its sheet and save the changes.
    case edit
    /// Edit a meeting in its sheet, then cancel: nothing changes.
    case editCancel = "edit-cancel"
    /// End a meeting early and save its notes.
    case endEarly = "end-early"
    /// End a meeting early and discard it: the record screen dismisses itself.
    case discard
    /// Add a meeting, quit, launch again: the second launch shows what the first saved.
    case secondLaunch = "second-launch"

    /// The screens this scenario applies to.
    public var screens: [Screen] {
        switch self {
        case .success: Screen.allCases
        case .refresh, .remove, .rollback: [.bookmarks]
        case .paging: [.categories]
        case .superseded, .cancelled: [.bookmarks, .categories]
        case .skip, .settings: [.selectStore]
        case .invalid: [.register]
        case .corruptStorage: [.books, .meetings]
        case .delete, .edit, .editCancel, .endEarly, .discard, .secondLaunch: [.meetings]
        case .emptyBasket, .keepBasket: [.basket]
        case .notFound: Screen.loading + [.basket]
        case .empty, .failure, .offline, .timeout, .malformed, .truncated, .wrongTypes: Screen.loading
        }
    }

    var summary: String {
        switch self {
        case .success: "everything answers normally"
        case .empty: "the server returns an empty list"
        case .failure: "the server answers HTTP 500"
        case .offline: "the connection fails"
        case .timeout: "the request times out"
        case .malformed: "the body is not JSON"
        case .truncated: "the body is cut off half way"
        case .wrongTypes: "the body has ids of the wrong type"
        case .notFound: "an unknown id: category 999, removing store 999, series 9, book 999, basket line 999"
        case .superseded: "a newer request wins; the older reply arrives late and is dropped"
        case .cancelled: "the load is cancelled while its reply is held"
        case .refresh: "pull-to-refresh keeps the list on screen"
        case .remove: "remove a bookmark (optimistic update)"
        case .rollback: "remove a bookmark, the server refuses, the store comes back"
        case .paging: "load more pages of 20 until the end of the list"
        case .skip: "skip: saves \"all\" and goes home"
        case .settings: "opened from settings: select, select again, save and go back"
        case .invalid: "register with invalid names: nothing happens"
        case .corruptStorage: "the saved data is unreadable: kept aside, the screen starts empty"
        case .delete: "add a meeting, open it, delete it after a confirmation"
        case .edit: "edit a meeting in its sheet and save"
        case .editCancel: "edit a meeting in its sheet, then cancel: nothing changes"
        case .endEarly: "end a meeting early and save its notes"
        case .discard: "end a meeting early and discard it"
        case .secondLaunch: "add a meeting, quit, launch again: it is there"
        case .emptyBasket: "empty the basket: a confirmation, then Empty"
        case .keepBasket: "empty the basket: a confirmation, then Cancel; nothing changes"
        }
    }
}
