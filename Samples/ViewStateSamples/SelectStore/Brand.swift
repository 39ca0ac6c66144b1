/// A convenience-store chain the user can choose as a favourite, or all of them.
public enum Brand: String, CaseIterable, Sendable {
    /// CU.
    case cu = "CU"
    /// GS25.
    case gs25 = "GS25"
    /// 7-Eleven.
    case sevenEleven = "7-Eleven"
    /// emart24.
    case emart24
    /// No favourite: every chain.
    case all
}
