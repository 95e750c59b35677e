import Testing

@testable import Playground

/// Fixes for what the file fuzzer (FileFuzzTests) found.
@Suite("Parser hardening")
struct ParserHardeningTests {
  @Test("line breaks quoted from the file are escaped, so the error stays one line")
  func escapedLineBreaks() {
    #expect(
      traceError(#"{"t": 0, "type": "a\nb"}"#)?.hasPrefix(#"drag.jsonl:1: unknown type "a\nb" (expected"#)
        == true)
    #expect(
      traceError("{\"t\": 0, \"type\": \"touch.frame\", \"\\u2028\\u001b\": 1}")?.hasPrefix(
        #"drag.jsonl:1: unknown key "\u{2028}\u{1B}""#) == true)
    do {
      _ = try load("{\"name\": \"a\\\nb\"}")
    } catch {
      #expect(error.description == #"t.json:1:12: invalid escape \\n in string"#)
    }
    #expect(throws: SceneError.self) { try load(sceneJSON(view: #", "fill": "a\nb""#)) }
    do {
      _ = try load(sceneJSON(view: #", "fill": "a\r\nb""#))
    } catch {
      #expect(
        error.description
          == ##"t.json: views[0].fill: expected a colour "#rrggbb" or "#rrggbbaa", got "a\r\nb""##)
    }
  }

  @Test("a huge quoted name is cut, and its error comes without a quadratic spelling check")
  func longKey() {
    let key = String(repeating: "k", count: 300_000)
    let error = traceError(#"{"t": 0, "type": "touch.frame", "\#(key)": 1}"#)
    #expect(error?.count ?? 0 < 2100)
    #expect(error?.hasSuffix(" more characters)") == true)
  }

  @Test("scene sizes and view frames beyond the limits are rejected")
  func limits() {
    #expect(throws: SceneError.self) { try load(#"{"name": "t", "size": [1e300, 100]}"#) }
    do {
      _ = try load(#"{"name": "t", "size": [16385, 100]}"#)
    } catch {
      #expect(error.description == "t.json: size: width and height must be at most 16384, got [16385, 100]")
    }
    do {
      _ = try load(sceneJSON(view: "").replacingOccurrences(of: "[0, 0, 50, 50]", with: "[0, 0, 1e300, 50]"))
    } catch {
      #expect(
        error.description
          == "t.json: views[0].frame: every number must be within ±1000000, got [0, 0, 1e+300, 50]")
    }
    #expect((try? load(#"{"name": "t", "size": [16384, 16384]}"#)) != nil)
  }
  @Test(
    "text the app draws holds no control character but a label's line breaks; a file name no U+0000",
    arguments: [
      (
        sceneJSON(view: #", "label": "a\u0000fter""#),
        "views[0].label: a label cannot hold the control character U+0000 (code point 2)"
      ),
      (
        sceneJSON(view: #", "label": "a\r\nb""#),
        #"views[0].label: a label cannot hold the control character U+000D (code point 2); write a line break as \n"#
      ),
      (
        sceneJSON(view: #", "label": "a\u2028b""#),
        #"views[0].label: a label cannot hold the control character U+2028 (code point 2); write a line break as \n"#
      ),
      (
        #"{"name": "t", "title": "a\tb", "size": [1, 1]}"#,
        "title: a title cannot hold the control character U+0009 (code point 2)"
      ),
      (
        #"{"name": "t", "title": "a\nb", "size": [1, 1]}"#,
        "title: a title cannot hold the control character U+000A (code point 2); a title is one line"
      ),
      (
        #"{"name": "t\u0085", "size": [1, 1]}"#,
        "name: a name cannot hold the control character U+0085 (code point 2); a name is one line"
      ),
      (
        #"{"name": "t", "hint": "\u0007", "size": [1, 1]}"#,
        "hint: a hint cannot hold the control character U+0007 (code point 1)"
      ),
      (
        sceneJSON().replacingOccurrences(of: #""id": "a""#, with: #""id": "a\u001b[31m""#),
        "views[0].id: an id cannot hold the control character U+001B (code point 2)"
      ),
      (
        sceneJSON(gestures: #"{"id": "g\u007f", "kind": "tap"}"#),
        "views[0].gestures[0].id: an id cannot hold the control character U+007F (code point 2)"
      ),
      (sceneJSON(view: #", "image": "a.png\u0000b.png""#), "views[0].image: a file name cannot hold U+0000"),
    ])
  func undrawableText(text: String, message: String) {
    #expect(throws: SceneError.self) { try load(text) }
    do { _ = try load(text) } catch { #expect(error.description == "t.json: " + message) }
  }

  @Test("a label's line breaks and the Unicode format characters (bidi marks, joiners) are text")
  func drawableText() throws {
    let scene = try load(sceneJSON(view: #", "label": "one\ntwo \u202eevil\u202c \u200f\u200d""#))
    #expect(scene.views[0].style.label == "one\ntwo \u{202E}evil\u{202C} \u{200F}\u{200D}")
  }
}
