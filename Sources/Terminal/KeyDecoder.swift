// Turning the bytes a terminal sends into key presses.
//
// The decoder is incremental: feed it whatever `read` returned, in chunks of any
// size, and it yields the same keys however the bytes were split, because every
// partial sequence (an escape sequence, a UTF-8 character, a bracketed paste)
// waits for the next chunk. A lone ESC is ambiguous: the Escape key, or the start
// of a sequence whose rest has not arrived yet. Terminals send a sequence's bytes
// together, so when `hasPendingInput` is true and no byte came for `escapeTimeout`,
// the caller calls `flush()`, which settles it (the Escape key, for a lone ESC).
//
// Unknown or unwanted sequences (mouse reports, focus events, terminal replies,
// OSC/DCS strings) are consumed whole and produce nothing: never garbage text.

/// Shift, Alt and Control held with a key, as xterm reports them (`ESC [1;5C`) and
/// Alt as an ESC prefix (`ESC x`).
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let shift = KeyModifiers(rawValue: 1)
    public static let alt = KeyModifiers(rawValue: 2)
    public static let control = KeyModifiers(rawValue: 4)
}

public enum Key: Hashable, Sendable {
    /// Printable text: one or more characters typed (any UTF-8; invalid bytes arrive as U+FFFD).
    case text(String)
    /// A bracketed paste, cleaned of control characters and escape sequences.
    case paste(String)
    case enter, tab, backTab, backspace, delete, insert, escape
    case up, down, left, right, home, end, pageUp, pageDown
    /// F1 … F12.
    case function(Int)
    /// Control with a letter or one of `@ [ \ ] ^ _`, lowercased: Ctrl-A is `.control("a")`.
    /// Ctrl-I, Ctrl-M and Ctrl-H arrive as `.tab`, `.enter` and `.backspace`, which is what
    /// the terminal sends for them.
    case control(Character)
}

public struct KeyPress: Hashable, Sendable, CustomStringConvertible {
    public var key: Key
    public var modifiers: KeyModifiers

    public init(_ key: Key, modifiers: KeyModifiers = []) {
        self.key = key
        self.modifiers = modifiers
    }

    public var description: String {
        var parts: [String] = []
        if modifiers.contains(.control) { parts.append("ctrl") }
        if modifiers.contains(.alt) { parts.append("alt") }
        if modifiers.contains(.shift) { parts.append("shift") }
        parts.append("\(key)")
        return parts.joined(separator: "+")
    }
}

public struct KeyDecoder: Sendable {
    /// How long a caller waits, with `hasPendingInput` true and no new byte, before `flush()`.
    public var escapeTimeout: Duration
    /// Longest bracketed paste kept; the rest is read and dropped so memory stays bounded.
    public var maximumPasteBytes: Int
    /// Longest escape sequence kept for interpretation; longer ones are consumed and ignored.
    static let maximumSequenceBytes = 64

    private enum State: Sendable {
        case ground
        case escape
        case controlSequence
        case singleShift
        case controlString
        case controlStringEscape
        /// Inside a UTF-8 character; `alt` when an ESC came just before it (Alt+é).
        case utf8(remaining: Int, lowerBound: UInt8, upperBound: UInt8, alt: Bool)
        case paste(matched: Int)
    }

    private var state = State.ground
    private var sequence: [UInt8] = []
    private var sequenceOverflowed = false
    private var scalarValue: UInt32 = 0
    private var pasteBuffer: [UInt8] = []
    private var pendingText = String.UnicodeScalarView()
    private var output: [KeyPress] = []

    private static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)
    private static let replacement: Unicode.Scalar = "\u{FFFD}"

    /// How long a lone ESC waits for the rest of a sequence before it is the Escape key:
    /// 100 ms, as fzf (`defaultEscDelay`) and vim's usual `ttimeoutlen`. Long enough
    /// that an arrow key split by a slow SSH link (`ESC`, then `[A` 50 ms later) stays
    /// an arrow; short enough that Esc still feels immediate.
    public static let defaultEscapeTimeout: Duration = .milliseconds(100)

    public init(escapeTimeout: Duration = KeyDecoder.defaultEscapeTimeout, maximumPasteBytes: Int = 1 << 20) {
        self.escapeTimeout = escapeTimeout
        self.maximumPasteBytes = maximumPasteBytes
    }

    /// Whether bytes are held back waiting for the rest of a sequence: if nothing more
    /// arrives within `escapeTimeout`, call `flush()`. A paste in progress is not pending
    /// in this sense: it waits for its end marker however long that takes.
    public var hasPendingInput: Bool {
        switch state {
        case .ground, .paste: return false
        default: return true
        }
    }

    /// The keys in `bytes`, given everything fed before.
    public mutating func feed<Bytes: Sequence>(_ bytes: Bytes) -> [KeyPress] where Bytes.Element == UInt8 {
        for byte in bytes { consume(byte) }
        flushText()
        return takeOutput()
    }

    /// Settles what is pending after `escapeTimeout` without input: a lone ESC is the Escape
    /// key, `ESC [` and `ESC O` are Alt-[ and Alt-O, a partial UTF-8 character is U+FFFD,
    /// and a partial escape sequence or control string is dropped.
    public mutating func flush() -> [KeyPress] {
        switch state {
        case .escape:
            emit(.escape)
        case .controlSequence where sequence.isEmpty:
            emit(.text("["), [.alt])
        case .singleShift where sequence.isEmpty:
            emit(.text("O"), [.alt])
        case .utf8(_, _, _, let alt):
            if alt {
                emit(.text(String(Self.replacement)), [.alt])
            } else {
                pendingText.append(Self.replacement)
                flushText()
            }
        case .ground, .paste:
            return takeOutput()
        default:
            break
        }
        state = .ground
        resetSequence()
        return takeOutput()
    }

    // MARK: - Bytes

    private mutating func consume(_ byte: UInt8) {
        switch state {
        case .ground:
            ground(byte)
        case .escape:
            afterEscape(byte)
        case .controlSequence:
            switch byte {
            case 0x20...0x3F:
                record(byte)
            case 0x40...0x7E:
                state = .ground
                controlSequence(final: byte)
                resetSequence()
            default:
                // Not part of a sequence: the sequence was broken; judge the byte afresh.
                state = .ground
                resetSequence()
                ground(byte)
            }
        case .singleShift:
            switch byte {
            case 0x30...0x39, 0x3B:
                record(byte)
            case 0x40...0x7E:
                state = .ground
                singleShift(final: byte)
                resetSequence()
            default:
                state = .ground
                resetSequence()
                ground(byte)
            }
        case .controlString:
            switch byte {
            case 0x07: state = .ground
            case 0x1B: state = .controlStringEscape
            default: break
            }
        case .controlStringEscape:
            if byte == 0x5C {
                state = .ground
            } else {
                state = .escape
                afterEscape(byte)
            }
        case .utf8(let remaining, let lowerBound, let upperBound, let alt):
            guard byte >= lowerBound && byte <= upperBound else {
                if alt { emit(.text(String(Self.replacement)), [.alt]) } else { pendingText.append(Self.replacement) }
                state = .ground
                ground(byte)
                return
            }
            scalarValue = scalarValue << 6 | UInt32(byte & 0x3F)
            if remaining > 1 {
                state = .utf8(remaining: remaining - 1, lowerBound: 0x80, upperBound: 0xBF, alt: alt)
            } else {
                state = .ground
                let scalar = Unicode.Scalar(scalarValue) ?? Self.replacement
                if alt {
                    // C1 controls encoded in UTF-8 are controls: Alt with one is nothing.
                    if !(0x80...0x9F).contains(scalar.value) { emit(.text(String(scalar)), [.alt]) }
                } else {
                    appendTyped(scalar)
                }
            }
        case .paste(let matched):
            paste(byte, matched: matched)
        }
    }

    private mutating func ground(_ byte: UInt8) {
        switch byte {
        case 0x20...0x7E:
            pendingText.append(Unicode.Scalar(byte))
        case 0x1B:
            state = .escape
        case 0x80...0xFF:
            startUTF8(byte)
        default:
            emit(controlKey(byte))
        }
    }

    private mutating func afterEscape(_ byte: UInt8) {
        switch byte {
        case 0x5B: // [
            state = .controlSequence
        case 0x4F: // O
            state = .singleShift
        case 0x5D, 0x50, 0x58, 0x5E, 0x5F: // OSC, DCS, SOS, PM, APC: replies, never keys
            state = .controlString
        case 0x1B:
            // ESC ESC: the first was the Escape key; the second may start a sequence.
            emit(.escape)
        case 0x20...0x7E:
            state = .ground
            emit(.text(String(Unicode.Scalar(byte))), [.alt])
        case 0x80...0xFF:
            // ESC then a UTF-8 character is Alt with that character (Alt+é), as for
            // ASCII: never the Escape key, which would end the search.
            state = .ground
            startUTF8(byte, alt: true)
        default:
            state = .ground
            emit(controlKey(byte).key, [.alt])
        }
    }

    private func controlKey(_ byte: UInt8) -> KeyPress {
        switch byte {
        case 0x0D, 0x0A: return KeyPress(.enter)
        case 0x09: return KeyPress(.tab)
        case 0x08, 0x7F: return KeyPress(.backspace)
        case 0x00: return KeyPress(.control("@"))
        case 0x01...0x1A: return KeyPress(.control(Character(Unicode.Scalar(byte + 0x60))))
        default: return KeyPress(.control(Character(Unicode.Scalar(byte + 0x40)))) // 0x1B...0x1F: [ \ ] ^ _
        }
    }

    private mutating func startUTF8(_ byte: UInt8, alt: Bool = false) {
        let remaining: Int
        var lowerBound: UInt8 = 0x80
        var upperBound: UInt8 = 0xBF
        switch byte {
        case 0xC2...0xDF: remaining = 1; scalarValue = UInt32(byte & 0x1F)
        case 0xE0: remaining = 2; lowerBound = 0xA0; scalarValue = UInt32(byte & 0x0F)
        case 0xED: remaining = 2; upperBound = 0x9F; scalarValue = UInt32(byte & 0x0F)
        case 0xE1...0xEF: remaining = 2; scalarValue = UInt32(byte & 0x0F)
        case 0xF0: remaining = 3; lowerBound = 0x90; scalarValue = UInt32(byte & 0x07)
        case 0xF4: remaining = 3; upperBound = 0x8F; scalarValue = UInt32(byte & 0x07)
        case 0xF1...0xF3: remaining = 3; scalarValue = UInt32(byte & 0x07)
        default:
            // A continuation byte without a lead, or a byte that never occurs in UTF-8.
            if alt { emit(.text(String(Self.replacement)), [.alt]) } else { pendingText.append(Self.replacement) }
            return
        }
        state = .utf8(remaining: remaining, lowerBound: lowerBound, upperBound: upperBound, alt: alt)
    }

    private mutating func appendTyped(_ scalar: Unicode.Scalar) {
        // C1 controls encoded in UTF-8 are controls all the same.
        if (0x80...0x9F).contains(scalar.value) { return }
        pendingText.append(scalar)
    }

    // MARK: - Sequences

    private mutating func record(_ byte: UInt8) {
        if sequence.count < Self.maximumSequenceBytes {
            sequence.append(byte)
        } else {
            sequenceOverflowed = true
        }
    }

    private mutating func resetSequence() {
        sequence.removeAll(keepingCapacity: true)
        sequenceOverflowed = false
    }

    /// The numeric parameters of the sequence so far (`1;5` → [1, 5]), nil when it has a
    /// private marker (`<`, `=`, `>`, `?`: mouse reports, device attribute replies),
    /// intermediates, or was too long.
    private func numericParameters() -> [Int]? {
        guard !sequenceOverflowed else { return nil }
        var parameters: [Int] = []
        var current: Int?
        var inSubparameter = false
        for byte in sequence {
            switch byte {
            case 0x30...0x39:
                if !inSubparameter { current = min((current ?? 0) * 10 + Int(byte - 0x30), 100_000) }
            case 0x3A: // `:` sub-parameters (kitty, for example): keep the main value
                inSubparameter = true
            case 0x3B:
                parameters.append(current ?? 1)
                current = nil
                inSubparameter = false
            default:
                return nil
            }
        }
        if current != nil || !parameters.isEmpty { parameters.append(current ?? 1) }
        return parameters
    }

    private static func modifiers(_ parameters: [Int]) -> KeyModifiers {
        guard parameters.count >= 2, parameters[1] >= 2, parameters[1] <= 16 else { return [] }
        return KeyModifiers(rawValue: UInt8(parameters[1] - 1) & 0x07)
    }

    private mutating func controlSequence(final: UInt8) {
        guard let parameters = numericParameters() else { return }
        let modifiers = Self.modifiers(parameters)
        switch final {
        case 0x41: emit(.up, modifiers)       // A
        case 0x42: emit(.down, modifiers)     // B
        case 0x43: emit(.right, modifiers)    // C
        case 0x44: emit(.left, modifiers)     // D
        case 0x48: emit(.home, modifiers)     // H
        case 0x46: emit(.end, modifiers)      // F
        case 0x5A: emit(.backTab, modifiers)  // Z
        case 0x50, 0x51, 0x53:                // P Q S: F1, F2, F4 with modifiers
            emit(.function(final == 0x53 ? 4 : Int(final - 0x4F)), modifiers)
        case 0x7E:                            // ~
            tildeSequence(parameters.first ?? 0, modifiers: modifiers)
        default:
            break // cursor position reports, focus events, kitty keys: not ours
        }
    }

    private mutating func tildeSequence(_ code: Int, modifiers: KeyModifiers) {
        switch code {
        case 1, 7: emit(.home, modifiers)
        case 4, 8: emit(.end, modifiers)
        case 2: emit(.insert, modifiers)
        case 3: emit(.delete, modifiers)
        case 5: emit(.pageUp, modifiers)
        case 6: emit(.pageDown, modifiers)
        case 11...15: emit(.function(code - 10), modifiers)
        case 17...21: emit(.function(code - 11), modifiers)
        case 23, 24: emit(.function(code - 12), modifiers)
        case 200:
            flushText()
            pasteBuffer.removeAll(keepingCapacity: true)
            state = .paste(matched: 0)
        default:
            break // 201 without a start, and codes no key sends
        }
    }

    private mutating func singleShift(final: UInt8) {
        let modifiers = Self.modifiers([1] + (numericParameters() ?? []))
        switch final {
        case 0x41: emit(.up, modifiers)
        case 0x42: emit(.down, modifiers)
        case 0x43: emit(.right, modifiers)
        case 0x44: emit(.left, modifiers)
        case 0x48: emit(.home, modifiers)
        case 0x46: emit(.end, modifiers)
        case 0x4D: emit(.enter, modifiers)   // keypad Enter
        case 0x50...0x53: emit(.function(Int(final - 0x4F)), modifiers)
        default: break
        }
    }

    // MARK: - Paste

    private mutating func paste(_ byte: UInt8, matched: Int) {
        let terminator = Self.pasteEnd
        if byte == terminator[matched] {
            if matched + 1 == terminator.count {
                state = .ground
                let content = String(decoding: pasteBuffer, as: UTF8.self)
                pasteBuffer.removeAll(keepingCapacity: false)
                let cleaned = TerminalSanitizer.clean(content, mode: .singleLine)
                if !cleaned.isEmpty { emit(.paste(cleaned)) }
            } else {
                state = .paste(matched: matched + 1)
            }
            return
        }
        // A partial end marker was content after all. ESC occurs only at the marker's
        // start, so the byte that broke the match can only begin a new one.
        appendPasted(terminator[0..<matched])
        if byte == terminator[0] {
            state = .paste(matched: 1)
        } else {
            appendPasted(CollectionOfOne(byte))
            state = .paste(matched: 0)
        }
    }

    private mutating func appendPasted<C: Collection>(_ bytes: C) where C.Element == UInt8 {
        let room = maximumPasteBytes - pasteBuffer.count
        if room > 0 { pasteBuffer.append(contentsOf: bytes.prefix(room)) }
    }

    // MARK: - Output

    private mutating func emit(_ key: Key, _ modifiers: KeyModifiers = []) {
        emit(KeyPress(key, modifiers: modifiers))
    }

    private mutating func emit(_ press: KeyPress) {
        flushText()
        output.append(press)
    }

    private mutating func flushText() {
        guard !pendingText.isEmpty else { return }
        output.append(KeyPress(.text(String(pendingText))))
        pendingText.removeAll()
    }

    private mutating func takeOutput() -> [KeyPress] {
        defer { output.removeAll(keepingCapacity: true) }
        return output
    }
}
