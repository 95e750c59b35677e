import Foundation
import Testing

@testable import WaylandBackend

@Suite("Cursor shapes")
struct CursorShapesTests {
  /// The repository's copy of the protocol, whose enum the shapes are numbers of.
  static let protocolXML = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("protocols/wayland-protocols-1.44/cursor-shape-v1.xml")

  /// `wp_cursor_shape_device_v1.shape`'s entries of version 1, by value, with the name the
  /// protocol gives each (its CSS cursor name, `_` for `-`).
  static func shapeNames() throws -> [UInt32: String] {
    let text = try String(contentsOf: protocolXML, encoding: .utf8)
    guard let start = text.range(of: "<enum name=\"shape\">"),
      let end = text[start.upperBound...].range(of: "</enum>")
    else { return [:] }
    var names: [UInt32: String] = [:]
    for line in text[start.upperBound..<end.lowerBound].split(separator: "\n")
    where line.contains("<entry name=\"") && !line.contains("since=") {
      let fields = line.split(separator: "\"")
      guard fields.count >= 4, let value = UInt32(fields[3]) else { continue }
      names[value] = fields[1].replacingOccurrences(of: "_", with: "-")
    }
    return names
  }

  @Test("Each kind is the shape the theme is searched for first, and no two kinds share one")
  func shapesMatchThemeNames() throws {
    let names = try Self.shapeNames()
    #expect(names.count == 34, "version 1's shapes read: \(names.count)")
    for kind in CursorKind.allCases {
      let shape = CursorShapes.shape(of: kind)
      #expect(names[shape] == kind.themeNames.first, "\(kind): shape \(shape) is \(names[shape] ?? "none")")
    }
    let shapes = CursorKind.allCases.map(CursorShapes.shape(of:))
    #expect(Set(shapes).count == shapes.count, "shapes: \(shapes)")
  }
}
