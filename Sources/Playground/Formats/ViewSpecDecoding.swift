import CairoRenderer
import GestureKit

/// Reading one view object of a scene file.
extension SceneDecoder {
  /// Keys of a view object, in the order error messages list them.
  static let viewKeys = [
    "id", "frame", "shape", "fill", "stroke", "strokeWidth", "corner", "image", "label", "labelColor",
    "fontSize",
    "alpha", "hidden", "interactive", "multipleTouch", "exclusiveTouch", "hitTest", "clips", "gestures",
    "children", "touchHandler",
  ]

  /// The largest magnitude of a `frame` number (as far as a trace's coordinates go).
  static let frameLimit = 1_000_000.0

  /// Corner radius of a `roundrect` without `corner`.
  static let defaultCornerRadius = 12.0

  /// Decodes the view at `path` and its children.
  mutating func decodeView(_ value: JSONValue, at path: SceneKeyPath) throws(SceneError) -> ViewSpec {
    let object = try reader.object(
      value, at: path, what: "a view", allowed: Self.viewKeys, required: ["id", "frame"])
    let id = try reader.identifier(object["id"]!, at: path.key("id"))
    try registerView(id, at: path.key("id"))

    let framePath = path.key("frame")
    let f = try reader.numbers(object["frame"]!, at: framePath, count: 4, shape: "[x, y, width, height]")
    guard f[2] >= 0, f[3] >= 0 else {
      throw reader.failure(framePath, "width and height must not be negative, got \(format(f))")
    }
    guard f.allSatisfy({ abs($0) <= Self.frameLimit }) else {
      throw reader.failure(
        framePath,
        "every number must be within ±\(SceneFieldReader.format(Self.frameLimit)), got \(format(f))")
    }
    var view = ViewSpec(id: id, frame: Rect(x: f[0], y: f[1], width: f[2], height: f[3]))
    try decodeAppearance(object, at: path, into: &view)

    if let v = object["alpha"] {
      view.alpha = try reader.number(v, at: path.key("alpha"), in: 0...1, "between 0 and 1")
    }
    if let v = object["hidden"] { view.isHidden = try reader.bool(v, at: path.key("hidden")) }
    if let v = object["interactive"] {
      view.isUserInteractionEnabled = try reader.bool(v, at: path.key("interactive"))
    }
    if let v = object["multipleTouch"] {
      view.isMultipleTouchEnabled = try reader.bool(v, at: path.key("multipleTouch"))
    }
    if let v = object["exclusiveTouch"] {
      view.isExclusiveTouch = try reader.bool(v, at: path.key("exclusiveTouch"))
    }
    if let v = object["clips"] { view.clipsToBounds = try reader.bool(v, at: path.key("clips")) }
    if let v = object["touchHandler"] {
      view.touchHandler = ViewTouchHandler(
        rawValue: try reader.choice(
          v, at: path.key("touchHandler"), from: ViewTouchHandler.allCases.map(\.rawValue)))
    }
    if let v = object["hitTest"] {
      let modePath = path.key("hitTest")
      view.hitTest = HitTestMode(
        rawValue: try reader.choice(v, at: modePath, from: ["bounds", "shape", "alpha"]))!
      if view.hitTest == .alpha, view.image == nil {
        throw reader.failure(modePath, "\"alpha\" hit testing needs an image view (shape \"image\")")
      }
    }
    if let v = object["gestures"] {
      let gesturesPath = path.key("gestures")
      for (index, element) in try reader.array(v, at: gesturesPath).enumerated() {
        view.gestures.append(try decodeGesture(element, at: gesturesPath.index(index)))
      }
    }
    if let v = object["children"] {
      let childrenPath = path.key("children")
      for (index, element) in try reader.array(v, at: childrenPath).enumerated() {
        view.children.append(try decodeView(element, at: childrenPath.index(index)))
      }
    }
    return view
  }

  /// `shape`, `corner`, `image`, colours, stroke width, label and font size.
  private mutating func decodeAppearance(
    _ object: JSONObject, at path: SceneKeyPath, into view: inout ViewSpec
  )
    throws(SceneError)
  {
    let shapePath = path.key("shape")
    let shapeName =
      try object["shape"].map { (v) throws(SceneError) in
        try reader.choice(v, at: shapePath, from: ["rect", "roundrect", "circle", "image"])
      } ?? (object["image"] == nil ? "rect" : "image")

    var corner = Self.defaultCornerRadius
    if let v = object["corner"] {
      guard shapeName == "roundrect" else {
        throw reader.failure(
          path.key("corner"),
          "only a \"roundrect\" has a corner radius (this view's shape is \"\(shapeName)\")")
      }
      corner = try reader.number(
        v, at: path.key("corner"), in: 0...Double.greatestFiniteMagnitude, "of at least 0")
    }
    switch shapeName {
    case "roundrect": view.style.shape = .roundRect(cornerRadius: corner)
    case "circle": view.style.shape = .circle
    default: view.style.shape = .rect
    }

    if let v = object["image"] {
      let imagePath = path.key("image")
      guard shapeName == "image" else {
        throw reader.failure(
          imagePath, "only a view with shape \"image\" shows an image (this view's shape is \"\(shapeName)\")"
        )
      }
      let relative = try reader.nonEmptyString(v, at: imagePath)
      // The system's calls take a path up to its first U+0000: another file than the one named.
      guard !relative.unicodeScalars.contains("\0") else {
        throw reader.failure(imagePath, "a file name cannot hold U+0000")
      }
      let resolved = PathName.resolve(relative, against: baseDirectory)
      // Decoded once per file, however many views show it.
      if let decoded = images[resolved] {
        view.image = decoded
      } else {
        do {
          let image = try Image(contentsOfPNG: resolved)
          images[resolved] = image
          view.image = image
        } catch {
          var failure = reader.failure(
            imagePath, "cannot load the PNG image \"\(resolved)\": \(error.reason)")
          failure.otherFile = resolved
          throw failure
        }
      }
      view.imagePath = resolved
    } else if shapeName == "image" {
      throw reader.failure(
        path, "missing required key \"image\" (a view with shape \"image\" needs a PNG path)")
    }

    if let v = object["fill"] { view.style.fill = try reader.color(v, at: path.key("fill")) }
    if let v = object["stroke"] { view.style.stroke = try reader.color(v, at: path.key("stroke")) }
    if let v = object["strokeWidth"] {
      view.style.strokeWidth = try reader.number(
        v, at: path.key("strokeWidth"), in: 0...1000, "between 0 and 1000")
    }
    if let v = object["label"] {
      view.style.label = try reader.text(v, at: path.key("label"), what: "a label", lineBreaks: true)
    }
    if let v = object["labelColor"] {
      view.style.labelColor = try reader.color(v, at: path.key("labelColor"))
    }
    if let v = object["fontSize"] {
      view.style.fontSize = try reader.number(v, at: path.key("fontSize"), in: 1...1000, "between 1 and 1000")
    }
  }
}
