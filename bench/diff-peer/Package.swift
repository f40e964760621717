// swift-tools-version:5.9
// The peer of `listdsl-bench diff`: DifferenceKit's `StagedChangeset` on the very pairs of states
// `listdsl-bench diff-pairs DIR` writes. Not part of ListDSL's build: bench/run.sh builds it when a
// DifferenceKit checkout is at hand (DIFFERENCEKIT=path, or a clone into .build/peers).
import Foundation
import PackageDescription

let checkout = ProcessInfo.processInfo.environment["DIFFERENCEKIT"] ?? "../../.build/peers/DifferenceKit"

let package = Package(
    name: "differencekit-bench",
    dependencies: [.package(name: "DifferenceKit", path: checkout)],
    targets: [
        .executableTarget(
            name: "differencekit-bench",
            dependencies: [.product(name: "DifferenceKit", package: "DifferenceKit")],
            path: "Sources/differencekit-bench")
    ]
)
