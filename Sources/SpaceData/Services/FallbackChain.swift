import Foundation
import Streams

/// A live answer: the decoded value and the raw body the cache keeps.
public struct LiveAnswer<Value> {
    public var value: Value
    public var body: Data
    /// What to say although the answer is shown (a later page that failed).
    public var notices: [Notice]

    public init(value: Value, body: Data, notices: [Notice] = []) {
        self.value = value
        self.body = body
        self.notices = notices
    }
}

extension LiveAnswer: Sendable where Value: Sendable {}

/// The live request did not finish within the chain's time limit.
public struct LiveTimeout: Error, Sendable, Equatable, CustomStringConvertible {
    /// The limit, in seconds.
    public let limit: TimeInterval
    public init(limit: TimeInterval) { self.limit = limit }
    public var description: String { "no answer within \(Int(limit.rounded())) s" }
}

/// Thrown by a chain's `sample` when the bundled sample is fine but holds none
/// of what was asked for: the chain then fails with one message instead of
/// announcing a sample that shows nothing.
public struct SampleHasNone: Error, Sendable, Equatable {
    /// What was asked for: "past launches".
    public var wanted: String
    /// Why the sample cannot help: "the bundled sample has upcoming launches only".
    public var why: String

    public init(wanted: String, why: String) {
        self.wanted = wanted
        self.why = why
    }

    /// The one line saying so, after the reason live data is missing (none
    /// under `--offline`, where no request was made).
    func message(reason: Notice?, offline: Bool) -> String {
        if offline || reason == nil { return "no \(wanted) available offline: none cached, and \(why)" }
        return "no \(wanted) available: \(reason!.message); none cached, and \(why)"
    }
}

/// Live data, then the cache, then the bundled sample, composed from stream
/// operators, with one notice for each step down saying why.
///
/// - A cached answer younger than `freshness` is shown without a request
///   (unless the policy asks to refresh or is strict); so is a recent empty live answer remembered as
///   empty, so a silent feed is not asked again on every run.
/// - A live answer with data is saved (raw body) and shown.
/// - A live answer without data, or a failed request, falls back to the cache
///   (any age) and then to the sample; a strict policy fails instead.
/// - An offline policy makes no request at all.
public struct FallbackChain<Value: Sendable>: Sendable {
    /// What the chain fetches, in words and cache names.
    public struct Subject: Sendable {
        /// What the data is, for notices: "Mars weather", "upcoming launches".
        public var name: String
        /// The cache entry's name.
        public var cacheKey: String
        /// How long a cached answer counts as current, in seconds.
        public var freshness: TimeInterval
        /// What the bundled sample is: "InSight's archived weather for sols 675–681 (October 2020)".
        public var sampleSummary: String

        public init(name: String, cacheKey: String, freshness: TimeInterval, sampleSummary: String) {
            self.name = name
            self.cacheKey = cacheKey
            self.freshness = freshness
            self.sampleSummary = sampleSummary
        }
    }

    public let subject: Subject
    public let policy: FetchPolicy
    let environment: ServiceEnvironment
    /// The time limit on the whole live step, measured on the scheduler; nil
    /// when the live step bounds its own requests.
    public let liveTimeout: TimeInterval?
    let layout: CacheLayout
    /// How the steps down are told; nil: one last notice joining the reasons
    /// and what is shown instead.
    let narration: Narration?

    let live: @Sendable () -> AnyPublisher<LiveAnswer<Value>, any Error>
    let decode: @Sendable (Data) throws -> Value
    let hasData: @Sendable (Value) -> Bool
    let emptyNotice: @Sendable () -> Notice
    let explain: @Sendable (any Error) -> Notice
    let sample: @Sendable () throws -> Value

    var cache: CacheStore? { environment.cache }
    var clock: @Sendable () -> Date { environment.clock }
    var scheduler: AnySchedulerOf<DispatchQueue> { environment.scheduler }

    /// Where answers are kept and read back.
    enum CacheLayout: Sendable {
        /// One entry under `subject.cacheKey`, written by the chain.
        case single
        /// Entries the live step writes itself as they arrive (Launch Library
        /// keeps one per page, so a later page failing keeps the earlier
        /// ones), read back by `read` at the start of a run.
        case paged(read: @Sendable () -> CacheRead)
    }

    /// How the steps down are told, when not as one last notice joining the
    /// reasons and what is shown instead.
    struct Narration: Sendable {
        /// The reason under `offline`.
        var offline: Notice
        /// The notices of a live answer, after the cache's problems.
        var live: @Sendable (_ cacheProblems: [Notice], _ answerNotices: [Notice]) -> [Notice]
        var cached: @Sendable (_ reason: Notice, _ cacheProblems: [Notice], _ entry: CachedValue) -> [Notice]
        var sample: @Sendable (_ reason: Notice, _ cacheProblems: [Notice], _ offline: Bool) -> [Notice]
    }

    /// - Parameters:
    ///   - layout: how the cache holds answers (`.single` entry or `.paged`).
    ///   - narration: the wording of the steps down, when not the standard one.
    ///   - live: the request, decoded; a cold publisher run once per subscription.
    ///   - decode: reads a cached body back (the same decoder as the live answer).
    ///   - hasData: whether a decoded answer has anything to show.
    ///   - emptyNotice: why an answer without data is not shown.
    ///   - explain: why a failed request is not shown (rate limit, timeout, no network…).
    ///   - sample: the bundled sample, decoded.
    init(
        subject: Subject,
        policy: FetchPolicy,
        environment: ServiceEnvironment,
        liveTimeout: TimeInterval?,
        layout: CacheLayout = .single,
        narration: Narration? = nil,
        live: @escaping @Sendable () -> AnyPublisher<LiveAnswer<Value>, any Error>,
        decode: @escaping @Sendable (Data) throws -> Value,
        hasData: @escaping @Sendable (Value) -> Bool,
        emptyNotice: @escaping @Sendable () -> Notice,
        explain: @escaping @Sendable (any Error) -> Notice,
        sample: @escaping @Sendable () throws -> Value
    ) {
        self.subject = subject
        self.policy = policy
        self.environment = environment
        self.liveTimeout = liveTimeout
        self.layout = layout
        self.narration = narration
        self.live = live
        self.decode = decode
        self.hasData = hasData
        self.emptyNotice = emptyNotice
        self.explain = explain
        self.sample = sample
    }

    /// The name under which an empty live answer is remembered.
    var emptyMarkerKey: String { subject.cacheKey + "-empty" }

    // MARK: - The chain

    /// The data with its origin and notices, delivered on `scheduler`. Cold:
    /// each subscription runs the chain once.
    public func publisher() -> AnyPublisher<Sourced<Value>, ServiceFailure> {
        let chain = self
        return Deferred { () -> AnyPublisher<Sourced<Value>, ServiceFailure> in
            let cached = chain.readCache()
            if chain.policy.offline {
                return chain.fallback(after: chain.narration.map { [$0.offline] } ?? [], cached: cached)
            }
            if chain.policy.answersFromFreshCache {
                if let fresh = cached.fresh {
                    return Just(fresh).setFailureType(to: ServiceFailure.self).eraseToAnyPublisher()
                }
                if let checked = chain.recentEmptyCheck() {
                    var notice = chain.emptyNotice()
                    notice = Notice(notice.kind, "\(notice.message) (checked \(AgeText.describe(checked)) ago)")
                    return chain.fallback(after: [notice], cached: cached)
                }
            }
            return chain.liveStep()
                .map { LiveOutcome.answered($0) }
                .catch { error in Just(LiveOutcome.failed(error)) }
                .setFailureType(to: ServiceFailure.self)
                .flatMap(maxPublishers: .max(1)) { outcome in chain.resolve(outcome, cached: cached) }
                .eraseToAnyPublisher()
        }
        // Erased before `receive(on:)`: its value's type is then AnyPublisher's own
        // parameter, not `Deferred`'s associated type, which the runtime resolves on
        // first delivery by searching every conformance in the binary (a tenth of a
        // cached `launches next`).
        .eraseToAnyPublisher()
        .receive(on: scheduler)
        .eraseToAnyPublisher()
    }

    enum LiveOutcome {
        case answered(LiveAnswer<Value>)
        case failed(any Error)
    }

    /// The request, bounded by `liveTimeout` on the injected scheduler (so tests
    /// drive it in virtual time).
    func liveStep() -> AnyPublisher<LiveAnswer<Value>, any Error> {
        guard let limit = liveTimeout else { return live() }
        return live()
            .timeout(.seconds(limit), scheduler: scheduler, customError: { LiveTimeout(limit: limit) })
            .eraseToAnyPublisher()
    }

    /// What a live outcome leads to: show and cache it, or step down.
    func resolve(_ outcome: LiveOutcome, cached: CacheRead) -> AnyPublisher<Sourced<Value>, ServiceFailure> {
        switch outcome {
        case .failed(let error):
            return fallback(after: [explain(error)], cached: cached)
        case .answered(let answer) where !hasData(answer.value):
            // Remember the empty answer so the next run within `freshness` does not ask again.
            _ = try? cache?.write(emptyMarkerKey, body: answer.body)
            return fallback(after: [emptyNotice()], cached: cached)
        case .answered(let answer):
            var notices = answer.notices
            if case .single = layout, let cache {
                do {
                    try cache.write(subject.cacheKey, body: answer.body)
                    cache.remove(emptyMarkerKey)
                } catch {
                    notices.append(Notice(.cacheNotSaved, "could not save \(subject.name) in the cache: \(error)"))
                }
            }
            if let narration { notices = narration.live(cached.problems, notices) }
            let sourced = Sourced(answer.value, origin: .live(fetchedAt: clock()), notices: notices)
            return Just(sourced).setFailureType(to: ServiceFailure.self).eraseToAnyPublisher()
        }
    }

    /// The cache (any age), then the bundled sample; under `--strict`, a failure
    /// carrying the first reason instead.
    func fallback(after reasons: [Notice], cached: CacheRead) -> AnyPublisher<Sourced<Value>, ServiceFailure> {
        if policy.strict {
            let reason = reasons.first ?? Notice(.liveFailed, "no live \(subject.name)")
            return Fail(error: .noLiveData(subject: subject.name, reason: reason)).eraseToAnyPublisher()
        }
        let chain = self
        return cachedStep(cached)
            .map { entry in
                if let narration = chain.narration, let reason = reasons.first {
                    return Sourced(entry.value, origin: entry.origin, notices: narration.cached(reason, cached.problems, entry),
                                   fallbackReason: reason)
                }
                return chain.sourced(entry.value, origin: entry.origin, reasons: reasons + cached.problems,
                              tail: "showing \(chain.subject.name) cached \(AgeText.describe(entry.age)) ago")
            }
            .catch { (_: CacheUnavailable) in chain.sampleStep(reasons: reasons, cached: cached) }
            .eraseToAnyPublisher()
    }

    struct CacheUnavailable: Error {}

    func cachedStep(_ cached: CacheRead) -> AnyPublisher<CachedValue, CacheUnavailable> {
        guard let entry = cached.value else { return Fail(error: CacheUnavailable()).eraseToAnyPublisher() }
        return Just(entry).setFailureType(to: CacheUnavailable.self).eraseToAnyPublisher()
    }

    func sampleStep(reasons: [Notice], cached: CacheRead) -> AnyPublisher<Sourced<Value>, ServiceFailure> {
        let value: Value
        do {
            value = try sample()
        } catch let none as SampleHasNone {
            let reason = reasons.first { $0.kind != .offline }
            return Fail(error: .nothingToShow(none.message(reason: reason, offline: policy.offline))).eraseToAnyPublisher()
        } catch {
            return Fail(error: .sampleBroken(subject: subject.name, detail: "\(error)")).eraseToAnyPublisher()
        }
        if let narration, let reason = reasons.first {
            let notices = narration.sample(reason, cached.problems, policy.offline)
            return Just(Sourced(value, origin: .sample, notices: notices, fallbackReason: reason)).setFailureType(to: ServiceFailure.self).eraseToAnyPublisher()
        }
        let cacheWasMissing = cached.problems.isEmpty
        var reasons = reasons + cached.problems
        var tail = "showing the bundled sample: \(subject.sampleSummary)"
        if cacheWasMissing {
            if reasons.isEmpty {
                // --offline with nothing cached: the missing cache is the only step down.
                reasons.append(Notice(.cacheMissing, "no cached \(subject.name) yet"))
            } else {
                tail = "no cached copy, so " + tail
            }
        }
        return Just(sourced(value, origin: .sample, reasons: reasons, tail: tail))
            .setFailureType(to: ServiceFailure.self)
            .eraseToAnyPublisher()
    }

    /// The notices for a fallback: each reason once, in order, the last one
    /// also saying what is shown instead; the first is why live data is not shown.
    func sourced(_ value: Value, origin: DataOrigin, reasons: [Notice], tail: String) -> Sourced<Value> {
        let reason = reasons.first
        var notices: [Notice] = []
        for reason in reasons where !notices.contains(reason) { notices.append(reason) }
        if let last = notices.popLast() {
            notices.append(Notice(last.kind, "\(last.message); \(tail)"))
        }
        return Sourced(value, origin: origin, notices: notices, fallbackReason: reason)
    }

    // MARK: - Reading the cache once

    struct CachedValue {
        var value: Value
        var origin: DataOrigin
        var age: TimeInterval
    }

    /// The cache as read at the start of a run: the decoded entry, if usable,
    /// and why not otherwise (each reported once: damaged entries are removed).
    struct CacheRead {
        var value: CachedValue?
        var problems: [Notice]
        var isFresh: Bool

        var fresh: Sourced<Value>? {
            guard isFresh, let value else { return nil }
            return Sourced(value.value, origin: value.origin)
        }
    }

    func readCache() -> CacheRead {
        if case .paged(let read) = layout { return read() }
        guard let cache else {
            return CacheRead(value: nil, problems: [Notice(.cacheUnreadable, environment.wording.noCacheDirectory)], isFresh: false)
        }
        let now = clock()
        switch cache.read(subject.cacheKey) {
        case .miss:
            return CacheRead(value: nil, problems: [], isFresh: false)
        case .unreadable(let problem):
            return CacheRead(value: nil, problems: [Notice(.cacheUnreadable, "the cached \(subject.name) could not be used: \(problem)")], isFresh: false)
        case .hit(let entry):
            do {
                let value = try decode(entry.body)
                let age = entry.age(at: now)
                let cached = CachedValue(value: value, origin: .cache(savedAt: entry.savedAt, age: age), age: age)
                return CacheRead(value: cached, problems: [], isFresh: entry.isFresh(within: subject.freshness, at: now))
            } catch {
                cache.remove(subject.cacheKey)
                return CacheRead(value: nil, problems: [Notice(.cacheUnreadable, "the cached \(subject.name) could not be read (\(error)); removed it")], isFresh: false)
            }
        }
    }

    /// Seconds since a live answer without data, when that was within `freshness`.
    func recentEmptyCheck() -> TimeInterval? {
        guard let cache, case .hit(let marker) = cache.read(emptyMarkerKey) else { return nil }
        let now = clock()
        return marker.isFresh(within: subject.freshness, at: now) ? marker.age(at: now) : nil
    }
}
