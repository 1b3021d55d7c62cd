import Foundation
import HTTP
import Testing

@Suite struct HTTPRequestTests {
    @Test func defaultsAreCareful() throws {
        let request = HTTPRequest(url: try #require(URL(string: "https://ll.thespacedevs.com/2.2.0/launch/upcoming/")))
        #expect(request.method == .get)
        #expect(request.connectTimeout == 5)
        #expect(request.totalTimeout == 15)
        #expect(request.maxBodyBytes == 16 * 1024 * 1024)
        #expect(request.headers.isEmpty)
        #expect(request.body == nil)
    }

    @Test func descriptionIsRedacted() throws {
        let request = HTTPRequest(url: try #require(URL(string: "https://api.nasa.gov/insight_weather/?api_key=SECRET")), headers: ["Authorization": "Token SECRET"])
        #expect(request.description == "GET https://api.nasa.gov/insight_weather/?api_key=***")
    }

    @Test func methodsAreUppercased() {
        #expect(HTTPMethod(rawValue: "patch").rawValue == "PATCH")
        #expect(HTTPMethod.post == "post")
    }
}
