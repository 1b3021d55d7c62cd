import Dispatch
import Testing
@testable import Streams

/// After a cancel or a completion, a chain of operators lets go of its
/// subscriber and of the closures it was given.
@Suite struct LeakTests {
    /// Something the chain's closures capture, so a weak reference tells when they are gone.
    final class Token: @unchecked Sendable {
        let offset: Int
        init(_ offset: Int) { self.offset = offset }
    }

    /// Every operator of this file's group, with closures that capture `token`.
    private static func chain(
        _ subject: PassthroughSubject<Int, TestingError>,
        _ other: PassthroughSubject<Int, TestingError>,
        scheduler: TestSchedulerOf<DispatchQueue>,
        token: Token
    ) -> some Publisher<Int, Never> {
        subject
            .flatMap { value in Just(value + token.offset).setFailureType(to: TestingError.self) }
            .merge(with: other)
            .combineLatest(other) { value, _ in value + token.offset }
            .zip(subject) { value, _ in value }
            .map { Just($0 + token.offset).setFailureType(to: TestingError.self) }
            .switchToLatest()
            .debounce(for: .milliseconds(5), scheduler: scheduler)
            .throttle(for: .milliseconds(5), scheduler: scheduler, latest: true)
            .delay(for: .milliseconds(1), scheduler: scheduler)
            .timeout(.seconds(60), scheduler: scheduler, customError: { _ = token; return .other })
            .receive(on: scheduler)
            .subscribe(on: scheduler)
            .retry(1)
            .share()
            .catch { _ in Just(token.offset) }
    }

    @Test func cancellingFreesTheSubscriberAndTheClosures() {
        let scheduler = DispatchQueue.test
        let subject = PassthroughSubject<Int, TestingError>()
        let other = PassthroughSubject<Int, TestingError>()
        weak var weakToken: Token?
        weak var weakSubscriber: TrackingSubscriber<Int, Never>?
        do {
            let token = Token(100)
            weakToken = token
            let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .unlimited)
            weakSubscriber = subscriber
            Self.chain(subject, other, scheduler: scheduler, token: token).subscribe(subscriber)
            scheduler.advance()
            other.send(2)
            subject.send(1)
            scheduler.advance(by: .milliseconds(20))
            #expect(subscriber.values == [202])
            subject.send(3)
            subscriber.cancel()
        }
        scheduler.run()
        #expect(weakSubscriber == nil)
        #expect(weakToken == nil)
    }

    @Test func completingFreesTheSubscriberAndTheClosures() {
        let scheduler = DispatchQueue.test
        let subject = PassthroughSubject<Int, TestingError>()
        let other = PassthroughSubject<Int, TestingError>()
        weak var weakToken: Token?
        weak var weakSubscriber: TrackingSubscriber<Int, Never>?
        do {
            let token = Token(100)
            weakToken = token
            let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .unlimited)
            weakSubscriber = subscriber
            Self.chain(subject, other, scheduler: scheduler, token: token).subscribe(subscriber)
            scheduler.advance()
            subject.send(completion: .finished)
            other.send(completion: .finished)
            scheduler.run()
            #expect(subscriber.completions == [.finished])
        }
        #expect(weakSubscriber == nil)
        #expect(weakToken == nil)
    }

    @Test func aFailureRecoveredByCatchFreesEverything() {
        let scheduler = DispatchQueue.test
        let subject = PassthroughSubject<Int, TestingError>()
        let other = PassthroughSubject<Int, TestingError>()
        weak var weakToken: Token?
        weak var weakSubscriber: TrackingSubscriber<Int, Never>?
        do {
            let token = Token(100)
            weakToken = token
            let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .unlimited)
            weakSubscriber = subscriber
            Self.chain(subject, other, scheduler: scheduler, token: token).subscribe(subscriber)
            scheduler.advance()
            other.send(completion: .failure(.oops))
            scheduler.run()
            // retry(1) subscribes again to subjects that already failed; then catch recovers.
            #expect(subscriber.values == [100])
            #expect(subscriber.completions == [.finished])
        }
        #expect(weakSubscriber == nil)
        #expect(weakToken == nil)
    }

    /// Subscribes a subscriber that keeps its subscription (as
    /// `TrackingSubscriber` does, making a cycle with the operator) to
    /// `makePublisher(subject, token)`, lets `drive` complete it, and checks that
    /// the completion alone freed the subscriber and the closures.
    private func expectCompletionFrees<Output, Failure: Error, P: Publisher<Output, Failure>>(
        initialDemand: Subscribers.Demand? = .unlimited,
        completions expected: [Subscribers.Completion<Failure>] = [.finished],
        _ makePublisher: (PassthroughSubject<Int, TestingError>, Token) -> P,
        drive: (PassthroughSubject<Int, TestingError>, TrackingSubscriber<Output, Failure>) -> Void,
        sourceLocation: SourceLocation = #_sourceLocation
    ) where Failure: Equatable {
        let subject = PassthroughSubject<Int, TestingError>()
        weak var weakToken: Token?
        weak var weakSubscriber: TrackingSubscriber<Output, Failure>?
        do {
            let token = Token(100)
            weakToken = token
            let subscriber = TrackingSubscriber<Output, Failure>(initialDemand: initialDemand)
            weakSubscriber = subscriber
            makePublisher(subject, token).subscribe(subscriber)
            drive(subject, subscriber)
            #expect(subscriber.completions == expected, sourceLocation: sourceLocation)
            #expect(subscriber.subscription != nil, sourceLocation: sourceLocation)  // kept, never cancelled
        }
        #expect(weakSubscriber == nil, "the subscriber outlived the completion", sourceLocation: sourceLocation)
        #expect(weakToken == nil, "the closures outlived the completion", sourceLocation: sourceLocation)
    }

    @Test func prefixLetsGoWhenItFinishes() {
        // As in Combine, prefix finishes on the value after its last one.
        expectCompletionFrees({ subject, token in subject.map { $0 + token.offset }.prefix(2) }) { subject, subscriber in
            subject.send(1)
            subject.send(2)
            subject.send(3)
            #expect(subscriber.values == [101, 102])
        }
        expectCompletionFrees({ subject, _ in subject.output(at: 1) }) { subject, _ in
            subject.send(1)
            subject.send(2)
            subject.send(3)
        }
        expectCompletionFrees({ subject, _ in subject.prefix(5) }) { subject, _ in
            subject.send(1)
            subject.send(completion: .finished)
        }
        expectCompletionFrees(completions: [.failure(.oops)], { subject, _ in subject.prefix(5) }) { subject, _ in
            subject.send(completion: .failure(.oops))
        }
        expectCompletionFrees({ subject, _ in subject.prefix(0) }) { subject, _ in subject.send(1) }
    }

    @Test func replaceErrorLetsGoOnCompletion() {
        expectCompletionFrees({ subject, _ in subject.replaceError(with: -1) }) { subject, subscriber in
            subject.send(completion: .failure(.oops))
            #expect(subscriber.values == [-1])
        }
        expectCompletionFrees(initialDemand: nil, { subject, _ in subject.replaceError(with: -1) }) { subject, subscriber in
            subject.send(completion: .failure(.oops))
            subscriber.request(.max(1))
            #expect(subscriber.values == [-1])
        }
        expectCompletionFrees({ subject, _ in subject.replaceError(with: -1) }) { subject, _ in
            subject.send(completion: .finished)
        }
    }

    @Test func handleEventsLetsGoOnCompletion() {
        expectCompletionFrees({ subject, token in
            subject.handleEvents(receiveOutput: { _ in _ = token }, receiveCompletion: { _ in _ = token })
        }) { subject, _ in
            subject.send(1)
            subject.send(completion: .finished)
        }
        expectCompletionFrees(completions: [.failure(.oops)], { subject, token in
            subject.handleEvents(receiveOutput: { _ in _ = token })
        }) { subject, _ in
            subject.send(completion: .failure(.oops))
        }
    }

    @Test func collectLetsGoOnCompletion() {
        expectCompletionFrees({ subject, _ in subject.collect() }) { subject, subscriber in
            subject.send(1)
            subject.send(completion: .finished)
            #expect(subscriber.values == [[1]])
        }
        expectCompletionFrees(initialDemand: nil, { subject, _ in subject.collect() }) { subject, subscriber in
            subject.send(completion: .finished)
            subscriber.request(.max(1))
        }
        expectCompletionFrees(completions: [.failure(.oops)], { subject, _ in subject.collect() }) { subject, _ in
            subject.send(completion: .failure(.oops))
        }
        expectCompletionFrees({ subject, _ in subject.collect(2) }) { subject, subscriber in
            subject.send(1)
            subject.send(completion: .finished)
            #expect(subscriber.values == [[1]])
        }
    }

    @Test func firstLetsGoOnCompletion() {
        expectCompletionFrees({ subject, _ in subject.first() }) { subject, subscriber in
            subject.send(1)
            #expect(subscriber.values == [1])
        }
        expectCompletionFrees({ subject, token in subject.first { $0 == token.offset } }) { subject, subscriber in
            subject.send(1)
            subject.send(100)
            #expect(subscriber.values == [100])
        }
        expectCompletionFrees({ subject, token in subject.first { $0 == token.offset } }) { subject, _ in
            subject.send(completion: .finished)
        }
        expectCompletionFrees(completions: [.failure(.oops)], { subject, token in
            subject.tryFirst { $0 == token.offset }.mapError { $0 as! TestingError }
        }) { subject, _ in
            subject.send(completion: .failure(.oops))
        }
    }
}
