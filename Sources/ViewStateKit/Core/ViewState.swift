/// The one value a screen publishes and its view draws.
///
/// A renderer switches on it and never asks "is it fetching?": the state says.
public enum ViewState<Content> {
    /// The content is being fetched; nothing is ready to show yet.
    case loading
    /// The content is ready to show.
    case presenting(Content)
    /// The content could not be shown; the failure says why, in words a renderer can show.
    case failed(LoadFailure)

    /// The content when presenting, otherwise `nil`.
    public var content: Content? {
        if case .presenting(let content) = self { return content }
        return nil
    }

    /// The failure when failed, otherwise `nil`.
    public var failure: LoadFailure? {
        if case .failed(let failure) = self { return failure }
        return nil
    }

    /// `true` exactly when the state is `.loading`.
    public var isLoading: Bool {
        if case .loading = self { return true }
        return false
    }

    /// The same state with its content transformed; `.loading` and `.failed` pass through unchanged.
    public func map<NewContent>(_ transform: (Content) -> NewContent) -> ViewState<NewContent> {
        switch self {
        case .loading: .loading
        case .presenting(let content): .presenting(transform(content))
        case .failed(let failure): .failed(failure)
        }
    }
}

extension ViewState: Equatable where Content: Equatable {}
extension ViewState: Sendable where Content: Sendable {}
