import SpaceData
@testable import SpaceDashCLI

extension LaunchSearchData {
    /// Indexes `launches`, given in display order: the tests' data, which the app builds from a catalog.
    init(launches: [Launch], origin: DataOrigin, isLoading: Bool = false, notice: String? = nil) {
        self.init(catalog: LaunchCatalog(ordered: launches), source: .service(origin), isLoading: isLoading, notice: notice)
    }
}
