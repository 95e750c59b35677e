/// How a view looks: its shape, colours and label. The renderer draws it; GestureKit only
/// stores it (and redraws when it changes).
public struct ViewStyle: Hashable, Sendable {
  /// The outline filled and stroked inside the bounds.
  public var shape: ViewShape
  /// The fill colour, or nil for no fill.
  public var fill: Color?
  /// The stroke colour, or nil for no stroke.
  public var stroke: Color?
  /// The stroke width in pixels (drawn inside the bounds).
  public var strokeWidth: Double
  /// Text centred in the bounds, or nil.
  public var label: String?
  /// The label's colour.
  public var labelColor: Color
  /// The label's font size in pixels.
  public var fontSize: Double

  /// A style; the defaults are a plain rectangle with no fill or stroke, a 2 px stroke width,
  /// no label, white 16 px label text.
  public init(
    shape: ViewShape = .rect, fill: Color? = nil, stroke: Color? = nil, strokeWidth: Double = 2,
    label: String? = nil, labelColor: Color = .white, fontSize: Double = 16
  ) {
    self.shape = shape
    self.fill = fill
    self.stroke = stroke
    self.strokeWidth = strokeWidth
    self.label = label
    self.labelColor = labelColor
    self.fontSize = fontSize
  }
}
