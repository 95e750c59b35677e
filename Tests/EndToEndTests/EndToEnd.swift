import Testing

/// Every end-to-end test: each starts its own headless Weston with the test
/// module, its client and the driver. They run one at a time (the trait
/// applies to the nested suites) so a 2-core machine keeps up; each takes a
/// second or two.
@Suite("End to end", .serialized, .timeLimit(.minutes(2)))
struct EndToEnd {}
