import Testing
@testable import Streams

private final class Model {
    @Published var count = 0
    @Published var name = "start"
}

@Suite struct PublishedTests {
    @Test func projectedPublisherSendsTheCurrentValueThenChanges() {
        let model = Model()
        var seen: [Int] = []
        let cancellable = model.$count.sink { seen.append($0) }
        model.count = 1
        model.count = 1
        model.count += 1
        #expect(seen == [0, 1, 1, 2])
        #expect(model.count == 2)
        withExtendedLifetime(cancellable) {}
    }

    // Combine notifies in willSet: reading the property inside the sink
    // gives the old value; the value handed to the sink is the new one.
    @Test func theSinkSeesTheOldValueWhenReadingTheProperty() {
        let model = Model()
        var readBack: [String] = []
        let cancellable = model.$name.dropFirstForTest().sink { readBack.append("\($0) while \(model.name)") }
        model.name = "next"
        model.name = "last"
        #expect(readBack == ["next while start", "last while next"])
        #expect(model.name == "last")
        withExtendedLifetime(cancellable) {}
    }

    // A subscriber without demand when the value comes gets the stored (new)
    // value on its next request, as with Combine's PublishedSubject.
    @Test func aSubscriberWithoutDemandGetsTheNewValueOnItsNextRequest() {
        let model = Model()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(1))
        model.$count.subscribe(subscriber)
        model.count = 1
        model.count = 2
        subscriber.request(.max(1))
        #expect(subscriber.history == [.subscription("PublishedSubject"), .value(0), .value(2)])
    }

    @Test func assignToPublishedRepublishesValuesForTheObjectsLifetime() {
        let subject = PassthroughSubject<Int, Never>()
        weak var weakModel: Model?
        var seen: [Int] = []
        var cancellable: AnyCancellable?
        do {
            let model = Model()
            weakModel = model
            subject.assign(to: &model.$count)
            cancellable = model.$count.sink { seen.append($0) }
            subject.send(5)
            #expect(model.count == 5)
        }
        #expect(weakModel == nil)
        subject.send(6)
        #expect(seen == [0, 5])
        withExtendedLifetime(cancellable) {}
    }
}

extension Publisher {
    /// Skips the first value (the current value a `@Published` publisher starts with).
    fileprivate func dropFirstForTest() -> Publishers.Output<Self> { output(in: 1...) }
}
