import ViewStateKit

/// Records every value a cell delivers, from the moment it is created.
@MainActor
final class StateRecorder<Value> {
    private(set) var values: [Value] = []
    private var token: ObservationToken?

    init(_ cell: StateCell<Value>) {
        token = cell.observe { [unowned self] in values.append($0) }
    }
}
