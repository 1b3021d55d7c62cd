import Testing
@testable import Streams

@Suite struct AnyCancellableTests {
    @Test func cancelRunsTheActionOnce() {
        var count = 0
        let cancellable = AnyCancellable { count += 1 }
        cancellable.cancel()
        cancellable.cancel()
        #expect(count == 1)
    }

    @Test func cancelsOnDeinit() {
        var count = 0
        do { _ = AnyCancellable { count += 1 } }
        #expect(count == 1)
    }

    @Test func wrappingAnotherCancellableForwardsCancel() {
        var count = 0
        let inner = AnyCancellable { count += 1 }
        let outer = AnyCancellable(inner)
        outer.cancel()
        #expect(count == 1)
        inner.cancel()
        #expect(count == 1)
    }

    @Test func storeInASetKeepsOneOfTheSameInstance() {
        var set = Set<AnyCancellable>()
        let cancellable = AnyCancellable {}
        cancellable.store(in: &set)
        cancellable.store(in: &set)
        #expect(set.count == 1)
    }

    @Test func storeInACollectionAppends() {
        var list: [AnyCancellable] = []
        let cancellable = AnyCancellable {}
        cancellable.store(in: &list)
        cancellable.store(in: &list)
        #expect(list.count == 2)
    }

    @Test func storingAPlainCancellableWrapsItInANewAnyCancellable() {
        let subscription = TestSubscription()
        var set = Set<AnyCancellable>()
        subscription.store(in: &set)
        subscription.store(in: &set)
        #expect(set.count == 2)
        set.removeAll()
        #expect(subscription.history == [.cancelled, .cancelled])
    }
}
