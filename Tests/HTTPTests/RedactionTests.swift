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

    /// The searches run over UTF-8: text before the secret that is not ASCII
    /// moves it by bytes, not characters, and must not shift the mask.
    @Test func redactsFreeTextAfterTextThatIsNotASCII() {
        #expect(Redaction.redact(text: "Réponse du serveur — Authorization: Token abc") == "Réponse du serveur — Authorization: ***")
        #expect(Redaction.redact(text: "Échec : token Ab3fXYZ refusé") == "Échec : token *** refusé")
        #expect(Redaction.redact(text: "clé api_key=SECRET ünd mehr") == "clé api_key=*** ünd mehr")
    }

    @Test func redactsCredentialHeaders() {
        #expect(Redaction.redact(headerValue: "Token abc", name: "AUTHORIZATION") == "***")
        #expect(Redaction.redact(headerValue: "k", name: "X-Api-Key") == "***")
        #expect(Redaction.redact(headerValue: "application/json", name: "Accept") == "application/json")
    }

    // MARK: - Literal secrets and auth schemes

    @Test func masksALiteralSecretWhereverAServerEchoesIt() {
        let secrets = ["SECRETTOKEN456"]
        #expect(Redaction.redact(text: #"{"detail":"Invalid token SECRETTOKEN456"}"#, secrets: secrets) == #"{"detail":"Invalid token ***"}"#)
        #expect(Redaction.redact(text: "<p>key SECRETTOKEN456 unknown</p>", secrets: secrets) == "<p>key *** unknown</p>")
        #expect(Redaction.redact(text: "xSECRETTOKEN456ySECRETTOKEN456", secrets: secrets) == "x***y***")
        // Its escaped spellings too: percent-encoded in a URL, `\/` in JSON.
        #expect(Redaction.redact(text: "/p?q=ab%2Fcd%2Bef12", secrets: ["ab/cd+ef12"]) == "/p?q=***")
        #expect(Redaction.redact(text: #""ab\/cd+ef12""#, secrets: ["ab/cd+ef12"]) == #""***""#)
    }

    @Test func aSecretShorterThanTheMinimumIsNotMaskedLiterally() {
        // "abc" (or a 4-digit PIN) occurs in ordinary text: masking every "abc" would garble
        // the output and point at the secret. Patterns still hide it where it is named.
        #expect(Redaction.minimumSecretLength == 8)
        #expect(Redaction.redact(text: "fabccc abc", secrets: ["abc"]) == "fabccc abc")
        #expect(Redaction.redact(text: "2024 launches", secrets: ["2024"]) == "2024 launches")
        #expect(Redaction.redact(text: "see ?token=abc", secrets: ["abc"]) == "see ?token=***")
        #expect(Redaction.redact(text: "1234567 12345678", secrets: ["1234567", "12345678"]) == "1234567 ***")
    }

    @Test func theLongerOfTwoOverlappingSecretsIsMaskedWhole() {
        #expect(Redaction.redact(text: "key ABCDEFGH12345678!", secrets: ["ABCDEFGH", "ABCDEFGH12345678"]) == "key ***!")
    }

    @Test(arguments: [
        ("auth=Token SECRET", "auth=Token ***"),
        ("auth=Bearer abc.def&x=1", "auth=Bearer ***&x=1"),
        ("sent Token SECRET to the server", "sent Token *** to the server"),
        ("Invalid token ab12cd34ef", "Invalid token ***"),
        ("use Bearer eyJhbGciOi.x.y now", "use Bearer *** now"),
        ("Basic dXNlcjpwYXNz", "Basic ***"),
        // Ordinary words after a scheme word are text, not credentials.
        ("no token provided", "no token provided"),
        ("Basic authentication is off", "Basic authentication is off"),
        ("Tokenize Bearers", "Tokenize Bearers"),
    ])
    func masksTheCredentialAfterAnAuthScheme(_ input: String, _ expected: String) {
        #expect(Redaction.redact(text: input, secrets: []) == expected)
    }

    @Test func registeredSecretsReachEveryRedaction() {
        // A distinctive value: registration is process-wide and never undone.
        let secret = "regTEST\(UInt32.random(in: 1_000_000...9_999_999))zz"
        Redaction.register(secret: secret)
        Redaction.register(secret: "short")
        #expect(Redaction.registeredSecrets.contains(secret))
        #expect(!Redaction.registeredSecrets.contains("short"))
        #expect(Redaction.redact(text: "Invalid: \(secret).") == "Invalid: ***.")
        #expect(Redaction.redact(url: "https://example.com/\(secret)/x") == "https://example.com/***/x")
        #expect(Redaction.maskRegisteredSecrets(in: "a \(secret) b") == "a *** b")
        let body = Data(#"{"echo": "\#(secret)"}"#.utf8)
        #expect(String(decoding: Redaction.maskRegisteredSecrets(in: body), as: UTF8.self) == #"{"echo": "***"}"#)
        let response = HTTPResponse(status: 200, body: Data("[\(secret)]".utf8), finalURL: URL(string: "https://example.com/")!)
        #expect(response.text == "[***]")
        let error = HTTPError.transport(code: 7, detail: "refused \(secret)", url: "https://example.com/")
        #expect(!error.description.contains(secret))
    }
}
