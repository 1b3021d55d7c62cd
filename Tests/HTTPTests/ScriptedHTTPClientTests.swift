import Foundation
import HTTP
import Streams
import Testing

@Suite struct ScriptedHTTPClientTests {
    let nasa = URL(string: "https://api.nasa.gov/insight_weather/?api_key=DEMO_KEY&feedtype=json")!
    let launches = URL(string: "https://ll.thespacedevs.com/2.2.0/launch/upcoming/?limit=5")!

    @Test func answersFromRoutesInOrderAndRecordsRequests() {
        let client = ScriptedHTTPClient(routes: [
            "/insight_weather/": .ok(json: Data(#"{"sol_keys": []}"#.utf8)),
            "https://ll.thespacedevs.com/2.2.0/launch/": .status(429, headers: ["Retry-After": "60"]),
            "ll.thespacedevs.com": .ok("never: the route above matches first"),
        ])
        var results: [Result<HTTPResponse, HTTPError>] = []
        var cancellables: [AnyCancellable] = []
        for url in [nasa, launches, URL(string: "https://example.com/other")!] {
            client.send(HTTPRequest(url: url, headers: ["Authorization": "Token t"])).sink(
                receiveCompletion: { if case .failure(let error) = $0 { results.append(.failure(error)) } },
                receiveValue: { results.append(.success($0)) }
            ).store(in: &cancellables)
        }

        #expect(results.count == 3)
        let weather = try? results[0].get()
        #expect(weather?.status == 200)
        #expect(weather?.text == #"{"sol_keys": []}"#)
        #expect(weather?.headers["content-type"] == "application/json")
        #expect(weather?.finalURL == nasa)
        #expect((try? results[1].get())?.retryAfter == 60)
        #expect((try? results[2].get())?.status == 404)
        #expect((try? results[2].get())?.text == "no scripted route for https://example.com/other")
        #expect(client.requests.map(\.url) == [nasa, launches, URL(string: "https://example.com/other")!])
        #expect(client.requests.first?.headers["Authorization"] == "Token t")
    }

    @Test func deliversFailures() {
        let client = ScriptedHTTPClient(routes: ["api.nasa.gov": .failure(.cannotResolveHost(host: "api.nasa.gov"))])
        var completion: Subscribers.Completion<HTTPError>?
        let cancellable = client.send(HTTPRequest(url: nasa)).sink(receiveCompletion: { completion = $0 }, receiveValue: { _ in })
        #expect(completion == .failure(.cannotResolveHost(host: "api.nasa.gov")))
        cancellable.cancel()
    }

    @Test func isColdUntilDemand() {
        let client = ScriptedHTTPClient { request in .success(HTTPResponse(status: 200, finalURL: request.url)) }
        let publisher = client.send(HTTPRequest(url: nasa))
        #expect(client.requests.isEmpty)
        let cancellable = publisher.sink(receiveCompletion: { _ in }, receiveValue: { _ in })
        #expect(client.requests.count == 1)
        cancellable.cancel()
    }

    @Test func answersAfterADelayOnTheInjectedScheduler() {
        let scheduler = DispatchQueue.test
        let client = ScriptedHTTPClient(delay: .seconds(2), scheduler: scheduler, routes: ["/insight_weather/": .ok("late")])
        var received: [String] = []
        var finished = false
        let cancellable = client.send(HTTPRequest(url: nasa)).sink(receiveCompletion: { _ in finished = true }, receiveValue: { received.append($0.text) })

        scheduler.advance(by: .milliseconds(1_999))
        #expect(received.isEmpty)
        scheduler.advance(by: .milliseconds(1))
        #expect(received == ["late"])
        #expect(finished)
        cancellable.cancel()
    }

    @Test func cancelBeforeTheAnswerDeliversNothing() {
        let scheduler = DispatchQueue.test
        let client = ScriptedHTTPClient(delay: .seconds(1), scheduler: scheduler, routes: ["/insight_weather/": .ok("late")])
        var events = 0
        let cancellable = client.send(HTTPRequest(url: nasa)).sink(receiveCompletion: { _ in events += 1 }, receiveValue: { _ in events += 1 })
        cancellable.cancel()
        scheduler.advance(by: .seconds(5))
        #expect(events == 0)
    }

    @Test func routeKeysMatchURLPrefixesPathsOrHosts() {
        #expect(ScriptedHTTPClient.route("https://api.nasa.gov/insight", matches: nasa))
        #expect(ScriptedHTTPClient.route("/insight_weather/", matches: nasa))
        #expect(!ScriptedHTTPClient.route("/insight_weather", matches: nasa))
        #expect(ScriptedHTTPClient.route("API.nasa.gov", matches: nasa))
        #expect(!ScriptedHTTPClient.route("nasa.gov", matches: nasa))
    }

    @Test func logsLikeTheRealClient() {
        let lines = LineRecorder()
        let client = ScriptedHTTPClient(routes: ["api.nasa.gov": .ok("12345")], log: HTTPLog { lines.append($0) })
        let cancellable = client.send(HTTPRequest(url: nasa)).sink(receiveCompletion: { _ in }, receiveValue: { _ in })
        cancellable.cancel()
        #expect(lines.values.count == 2)
        #expect(lines.values.first == "http: GET https://api.nasa.gov/insight_weather/?api_key=***&feedtype=json")
        #expect(lines.values.last?.hasPrefix("http: 200 GET https://api.nasa.gov/insight_weather/?api_key=***&feedtype=json 5 bytes ") == true)
    }
}

private final class LineRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    func append(_ line: String) { lock.withLock { stored.append(line) } }
    var values: [String] { lock.withLock { stored } }
}
