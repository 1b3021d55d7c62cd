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

    @Test func theSinkSeesTheNewValueWhenReadingTheProperty() {
        let model = Model()
        var readBack: [String] = []
        let cancellable = model.$name.dropFirstForTest().sink { _ in readBack.append(model.name) }
        model.name = "next"
        #expect(readBack == ["next"])
        withExtendedLifetime(cancellable) {}
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
