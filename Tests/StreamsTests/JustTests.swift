import Testing
@testable import Streams

@Suite struct JustTests {
    @Test func waitsForDemandThenSendsTheValueAndFinishes() {
        let subscriber = TrackingSubscriber<Int, Never>()
        Just(42).subscribe(subscriber)
        #expect(subscriber.history == [.subscription("Just")])
        subscriber.request(.max(1))
        #expect(subscriber.history == [.subscription("Just"), .value(42), .completion(.finished)])
        subscriber.request(.max(1))
        #expect(subscriber.values == [42])
    }

    @Test func sendsNothingAfterCancel() {
        let subscriber = TrackingSubscriber<Int, Never>()
        Just(42).subscribe(subscriber)
        subscriber.cancel()
        subscriber.request(.unlimited)
        #expect(subscriber.history == [.subscription("Just")])
    }

    @Test func eachSubscriberGetsTheValue() {
        let just = Just("x")
        let first = TrackingSubscriber<String, Never>(initialDemand: .max(1))
        let second = TrackingSubscriber<String, Never>(initialDemand: .unlimited)
        just.subscribe(first)
        just.subscribe(second)
        #expect(first.values == ["x"])
        #expect(second.values == ["x"])
    }

    @Test func mapStaysAJust() {
        let mapped: Just<String> = Just(2).map { String($0 * 10) }
        #expect(mapped == Just("20"))
    }
}
