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
}
