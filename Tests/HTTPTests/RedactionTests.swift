import Foundation
import HTTP
import Testing

@Suite struct RedactionTests {
    @Test(arguments: [
        ("https://api.nasa.gov/insight_weather/?api_key=DEMO_KEY&feedtype=json&ver=1.0",
         "https://api.nasa.gov/insight_weather/?api_key=***&feedtype=json&ver=1.0"),
        ("https://api.nasa.gov/x?feedtype=json&API_KEY=abc#frag", "https://api.nasa.gov/x?feedtype=json&API_KEY=***#frag"),
        ("https://example.com/?token=t&apikey=k&access_token=a", "https://example.com/?token=***&apikey=***&access_token=***"),
        ("https://example.com/?monkey=banana&keyboard=qwerty", "https://example.com/?monkey=banana&keyboard=qwerty"),
        ("https://user:hunter2@example.com/path?q=1", "https://***@example.com/path?q=1"),
        ("https://example.com/?api_key=", "https://example.com/?api_key="),
        ("https://ll.thespacedevs.com/2.2.0/launch/upcoming/?limit=10", "https://ll.thespacedevs.com/2.2.0/launch/upcoming/?limit=10"),
    ])
    func redactsSecretsInURLs(_ input: String, _ expected: String) {
        #expect(Redaction.redact(url: input) == expected)
    }

    @Test func redactsURLValues() throws {
        let url = try #require(URL(string: "https://api.nasa.gov/insight_weather/?api_key=SECRET&feedtype=json"))
        #expect(Redaction.redact(url: url) == "https://api.nasa.gov/insight_weather/?api_key=***&feedtype=json")
    }

    @Test func redactsMalformedURLs() {
        #expect(Redaction.redact(url: "not a url api_key=SECRET") == "not a url api_key=***")
    }

    @Test func redactsFreeText() {
        let text = #"{"error": {"code": "API_KEY_INVALID", "message": "bad api_key=SECRET"}}"#
        #expect(Redaction.redact(text: text) == #"{"error": {"code": "API_KEY_INVALID", "message": "bad api_key=***"}}"#)
        #expect(Redaction.redact(text: "request failed\nAuthorization: Token abc\nok") == "request failed\nAuthorization: ***\nok")
        #expect(Redaction.redact(text: "sent authorization: Bearer x.y.z") == "sent authorization: ***")
    }

    @Test func redactsCredentialHeaders() {
        #expect(Redaction.redact(headerValue: "Token abc", name: "AUTHORIZATION") == "***")
        #expect(Redaction.redact(headerValue: "k", name: "X-Api-Key") == "***")
        #expect(Redaction.redact(headerValue: "application/json", name: "Accept") == "application/json")
    }
}
