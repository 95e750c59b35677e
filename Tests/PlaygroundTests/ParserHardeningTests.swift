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
}
