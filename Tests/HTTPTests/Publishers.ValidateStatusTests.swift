import Foundation
import HTTP
import Streams
import Testing

@Suite struct ValidateStatusTests {
    let url = URL(string: "https://api.nasa.gov/insight_weather/?api_key=SECRET")!

    private func outcome(status: Int, headers: HTTPHeaders = [:], body: String = "") -> (values: [Int], completion: Subscribers.Completion<HTTPError>?) {
        let client = ScriptedHTTPClient(routes: ["api.nasa.gov": .status(status, headers: headers, body: Data(body.utf8))])
        var values: [Int] = []
        var completion: Subscribers.Completion<HTTPError>?
        let cancellable = client.get(url).validateStatus().sink(receiveCompletion: { completion = $0 }, receiveValue: { values.append($0.status) })
        cancellable.cancel()
        return (values, completion)
    }

    @Test(arguments: [200, 201, 204, 299])
    func passesSuccess(_ status: Int) {
        let (values, completion) = outcome(status: status)
        #expect(values == [status])
        #expect(completion == .finished)
    }

    @Test(arguments: [301, 400, 401, 404, 429, 500, 503])
    func failsEverythingElse(_ status: Int) {
        let (values, completion) = outcome(status: status, headers: ["Retry-After": "7"], body: "nope")
        #expect(values.isEmpty)
        #expect(completion == .failure(.status(code: status, bodyExcerpt: "nope", retryAfter: 7, url: "https://api.nasa.gov/insight_weather/?api_key=***")))
    }

    @Test func passesUpstreamFailuresThrough() {
        let client = ScriptedHTTPClient(routes: ["api.nasa.gov": .failure(.emptyResponse(url: "u"))])
        var completion: Subscribers.Completion<HTTPError>?
        let cancellable = client.get(url).validateStatus().sink(receiveCompletion: { completion = $0 }, receiveValue: { _ in })
        #expect(completion == .failure(.emptyResponse(url: "u")))
        cancellable.cancel()
    }

    @Test func waitsForDemandAndCancelsUpstream() {
        let scheduler = DispatchQueue.test
        let client = ScriptedHTTPClient(delay: .seconds(1), scheduler: scheduler, routes: ["api.nasa.gov": .ok("x")])
        var received = 0
        let cancellable = client.get(url).validateStatus().sink(receiveCompletion: { _ in received += 1 }, receiveValue: { _ in received += 1 })
        #expect(client.requests.count == 1)
        cancellable.cancel()
        scheduler.advance(by: .seconds(2))
        #expect(received == 0)
    }
}
