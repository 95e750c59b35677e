import Testing

@testable import WaylandBackend

/// The client-side frame's input: a pen drives it as a finger does (a move with its tip's
/// serial, the buttons acting on release over them, the window menu from its barrel button),
/// and the pointer and fingers as before.
///
/// The frame: 400x300 content, so the frame surface is 416x348, the title bar spans x 8 to
/// 408 and y 8 to 40, and its buttons are minimise (288 to 328), maximise (328 to 368) and
/// close (368 to 408).
@Suite("Input on the client-side frame")
struct FrameInteractionTests {
  let frame = WindowFrame(contentWidth: 400, contentHeight: 300, states: [])
  let seat = OpaquePointer(bitPattern: 0x5ea7)!

  /// Feeds `inputs` to `interaction` and returns what they asked for.
  func actions(_ inputs: [FrameInput], into interaction: inout FrameInteraction, on frame: WindowFrame? = nil)
    -> [FrameAction]
  {
    var actions: [FrameAction] = []
    for input in inputs { interaction.handle(input, on: frame ?? self.frame) { actions.append($0) } }
    return actions
  }

  /// A left click where the pointer is: the press with `serial` at `time`, the release with the
  /// next serial `duration` ms later.
  func leftClick(_ serial: UInt32, at time: UInt32, for duration: UInt32 = 50) -> [FrameInput] {
    [
      .pointerButton(
        seat: seat, serial: serial, time: time, button: FrameInteraction.leftButton, pressed: true),
      .pointerButton(
        seat: seat, serial: serial + 1, time: time + duration, button: FrameInteraction.leftButton,
        pressed: false),
    ]
  }

  /// `actions` without the pointer's cursors, for tests of what presses ask for.
  func pressActions(_ actions: [FrameAction]) -> [FrameAction] {
    actions.filter { if case .pointerCursor = $0 { false } else { true } }
  }

  @Test("a pen's tip on the title bar asks for a move with the tip's serial")
  func penMoves() {
    var interaction = FrameInteraction()
    let asked = actions(
      [.toolMotion(tool: 0, x: 100, y: 20), .toolDown(seat: seat, serial: 77, time: 77000, tool: 0)],
      into: &interaction)
    #expect(asked == [.toolCursor(tool: 0, kind: .default), .move(seat: seat, serial: 77)])
    #expect(interaction.pressed == nil)
  }

  @Test("a pen's tap on a button acts on the lift over it, and not when lifted elsewhere")
  func penTaps() {
    var interaction = FrameInteraction()
    #expect(actions([.toolMotion(tool: 1, x: 388, y: 20)], into: &interaction).count == 1)
    #expect(interaction.hovered == .close)
    #expect(actions([.toolDown(seat: seat, serial: 5, time: 5000, tool: 1)], into: &interaction).isEmpty)
    #expect(interaction.pressed == .close)
    #expect(interaction.hovered == nil)
    #expect(actions([.toolUp(tool: 1)], into: &interaction) == [.click(.close)])
    #expect(interaction.pressed == nil)
    #expect(interaction.hovered == .close)

    let slid = actions(
      [
        .toolMotion(tool: 1, x: 348, y: 20), .toolDown(seat: seat, serial: 6, time: 6000, tool: 1),
        .toolMotion(tool: 1, x: 100, y: 20), .toolUp(tool: 1),
      ], into: &interaction)
    #expect(!slid.contains { if case .click = $0 { true } else { false } })
    #expect(interaction.pressed == nil)
  }

  @Test("a pen on an edge shows the edge's cursor and its tip resizes")
  func penResizes() {
    var interaction = FrameInteraction()
    let asked = actions(
      [.toolMotion(tool: 0, x: 2, y: 100), .toolDown(seat: seat, serial: 9, time: 9000, tool: 0)],
      into: &interaction)
    #expect(asked == [.toolCursor(tool: 0, kind: .resizeLeft), .resize(seat: seat, serial: 9, edges: 4)])
  }

  @Test("a pen's first barrel button on the title bar opens the window menu where there is one")
  func penMenu() {
    var interaction = FrameInteraction()
    _ = actions([.toolMotion(tool: 0, x: 100, y: 20)], into: &interaction)
    let stylus = FrameInteraction.stylusButton
    #expect(
      actions(
        [.toolButton(seat: seat, serial: 3, tool: 0, button: stylus, pressed: true)], into: &interaction)
        == [.windowMenu(seat: seat, serial: 3, x: 92, y: 12)])
    // Its release, the second barrel button, and a compositor without a window menu: nothing.
    #expect(
      actions(
        [.toolButton(seat: seat, serial: 4, tool: 0, button: stylus, pressed: false)], into: &interaction
      )
      .isEmpty)
    #expect(
      actions(
        [.toolButton(seat: seat, serial: 5, tool: 0, button: stylus + 1, pressed: true)], into: &interaction
      ).isEmpty)
    var bare = frame
    bare.capabilities = [.maximize]
    #expect(
      actions(
        [.toolButton(seat: seat, serial: 6, tool: 0, button: stylus, pressed: true)], into: &interaction,
        on: bare
      ).isEmpty)
  }

  @Test("a pen that leaves cancels its press; a tip down before any motion does nothing")
  func penLeaves() {
    var interaction = FrameInteraction()
    _ = actions(
      [.toolMotion(tool: 0, x: 348, y: 20), .toolDown(seat: seat, serial: 1, time: 1000, tool: 0)],
      into: &interaction)
    #expect(interaction.pressed == .maximize)
    #expect(actions([.toolLeave(tool: 0), .toolUp(tool: 0)], into: &interaction).isEmpty)
    #expect(interaction.pressed == nil)
    #expect(interaction.hovered == nil)
    #expect(
      actions([.toolDown(seat: seat, serial: 2, time: 2000, tool: 0), .toolUp(tool: 0)], into: &interaction)
        .isEmpty)
  }

  @Test("after the layout changes under a still pen, it lights and presses nothing until it moves")
  func layoutChangeForgetsPen() {
    var interaction = FrameInteraction()
    // The pen taps maximise and stays there; the window is maximised under it.
    _ = actions(
      [
        .toolMotion(tool: 2, x: 348, y: 20), .toolDown(seat: seat, serial: 8, time: 8000, tool: 2),
        .toolUp(tool: 2),
      ], into: &interaction)
    #expect(interaction.hovered == .maximize)
    interaction.forgetToolPlaces()
    #expect(interaction.hovered == nil)
    // Its tip, lifted, and its barrel button, where it was in the old layout, do nothing.
    let maximized = WindowFrame(contentWidth: 1000, contentHeight: 700, states: [.maximized])
    let still = actions(
      [
        .toolDown(seat: seat, serial: 9, time: 9000, tool: 2), .toolUp(tool: 2),
        .toolButton(seat: seat, serial: 10, tool: 2, button: FrameInteraction.stylusButton, pressed: true),
      ], into: &interaction, on: maximized)
    #expect(still.isEmpty)
    #expect(interaction.hovered == nil && interaction.pressed == nil)
    // Moved, it is placed again: over restore (x 928 to 968 in the maximised frame) it lights it.
    #expect(actions([.toolMotion(tool: 2, x: 948, y: 20)], into: &interaction, on: maximized).count == 1)
    #expect(interaction.hovered == .maximize)
    // A tip held down through the change presses nothing, and its lift clicks nothing.
    _ = actions([.toolDown(seat: seat, serial: 11, time: 11000, tool: 2)], into: &interaction, on: maximized)
    #expect(interaction.pressed == .maximize)
    interaction.forgetToolPlaces()
    #expect(interaction.pressed == nil)
    #expect(actions([.toolUp(tool: 2)], into: &interaction).isEmpty)
  }

  @Test("the pointer: left button moves and clicks, right button opens the menu, leaving cancels")
  func pointer() {
    var interaction = FrameInteraction()
    let left = FrameInteraction.leftButton
    #expect(
      actions(
        [
          .pointerEnter(x: 100, y: 20),
          .pointerButton(seat: seat, serial: 10, time: 10000, button: left, pressed: true),
        ], into: &interaction) == [.pointerCursor(.default), .move(seat: seat, serial: 10)])
    #expect(
      actions(
        [
          .pointerMotion(x: 300, y: 20),
          .pointerButton(seat: seat, serial: 11, time: 11000, button: left, pressed: true),
          .pointerButton(seat: seat, serial: 12, time: 12000, button: left, pressed: false),
        ], into: &interaction) == [.pointerCursor(.default), .click(.minimize)])
    #expect(interaction.hovered == .minimize)
    #expect(
      actions(
        [
          .pointerMotion(x: 50, y: 30),
          .pointerButton(
            seat: seat, serial: 13, time: 13000, button: FrameInteraction.rightButton, pressed: true),
        ], into: &interaction) == [
          .pointerCursor(.default), .windowMenu(seat: seat, serial: 13, x: 42, y: 22),
        ])
    _ = actions(
      [
        .pointerMotion(x: 388, y: 20),
        .pointerButton(seat: seat, serial: 14, time: 14000, button: left, pressed: true),
      ],
      into: &interaction)
    #expect(interaction.pressed == .close)
    #expect(
      actions(
        [.pointerLeave, .pointerButton(seat: seat, serial: 15, time: 15000, button: left, pressed: false)],
        into: &interaction
      ).isEmpty)
    #expect(interaction.pressed == nil)
  }

  @Test("a finger: down on the title bar moves, a tap on a button clicks, a cancelled one does not")
  func touch() {
    var interaction = FrameInteraction()
    #expect(
      actions([.touchDown(seat: seat, serial: 20, time: 20000, id: 3, x: 100, y: 20)], into: &interaction)
        == [.move(seat: seat, serial: 20)])
    #expect(
      actions(
        [
          .touchDown(seat: seat, serial: 21, time: 21000, id: 4, x: 388, y: 20),
          .touchUp(id: 4, cancelled: false),
        ],
        into: &interaction) == [.click(.close)])
    _ = actions([.touchDown(seat: seat, serial: 22, time: 22000, id: 5, x: 348, y: 20)], into: &interaction)
    #expect(interaction.pressed == .maximize)
    #expect(actions([.touchUp(id: 5, cancelled: true)], into: &interaction).isEmpty)
    #expect(interaction.pressed == nil)
  }

  @Test("a second press on the title bar within 400 ms and 5 px maximises instead of moving, by any device")
  func doubleClick() {
    let left = FrameInteraction.leftButton
    var interaction = FrameInteraction()
    let clicks = pressActions(
      actions(
        [.pointerEnter(x: 100, y: 20)] + leftClick(1, at: 5_000, for: 80) + [.pointerMotion(x: 104, y: 23)]
          + leftClick(3, at: 5_400), into: &interaction
      ))
    #expect(clicks == [.move(seat: seat, serial: 1), .click(.maximize)])
    // A third press starts afresh: a move, and a fourth soon after maximises again.
    let again = actions(
      [
        .pointerButton(seat: seat, serial: 5, time: 5_500, button: left, pressed: true),
        .pointerButton(seat: seat, serial: 6, time: 5_700, button: left, pressed: true),
      ], into: &interaction)
    #expect(again == [.move(seat: seat, serial: 5), .click(.maximize)])

    // A finger's double tap, and a pen's, each on its own; the press's time wraps round.
    var fingers = FrameInteraction()
    #expect(
      actions(
        [
          .touchDown(seat: seat, serial: 1, time: UInt32.max - 100, id: 0, x: 200, y: 30),
          .touchUp(id: 0, cancelled: false),
          .touchDown(seat: seat, serial: 2, time: 150, id: 1, x: 196, y: 26),
        ], into: &fingers) == [.move(seat: seat, serial: 1), .click(.maximize)])
    var pen = FrameInteraction()
    let tapped = actions(
      [
        .toolMotion(tool: 3, x: 60, y: 20), .toolDown(seat: seat, serial: 1, time: 10, tool: 3),
        .toolUp(tool: 3),
        .toolDown(seat: seat, serial: 2, time: 300, tool: 3),
      ], into: &pen)
    #expect(tapped.suffix(2) == [.move(seat: seat, serial: 1), .click(.maximize)])
  }

  @Test("no double click: too slow, too far, another device, a button pressed between, or no maximise")
  func notDoubleClick() {
    let left = FrameInteraction.leftButton
    let first: [FrameInput] = [.pointerEnter(x: 100, y: 20)] + leftClick(1, at: 1_000)
    func second(
      time: UInt32, x: Double, finger: Bool = false, on frame: WindowFrame? = nil
    ) -> [FrameAction] {
      var interaction = FrameInteraction()
      _ = actions(first, into: &interaction, on: frame)
      let press: [FrameInput] =
        finger
        ? [.touchDown(seat: seat, serial: 3, time: time, id: 0, x: x, y: 20)]
        : [
          .pointerMotion(x: x, y: 20),
          .pointerButton(seat: seat, serial: 3, time: time, button: left, pressed: true),
        ]
      return pressActions(actions(press, into: &interaction, on: frame))
    }
    let move = FrameAction.move(seat: seat, serial: 3)
    #expect(second(time: 1_400, x: 100) == [.click(.maximize)])
    #expect(second(time: 1_401, x: 100) == [move])
    #expect(second(time: 1_200, x: 106) == [move])
    #expect(second(time: 1_200, x: 100, finger: true) == [move])
    var bare = frame
    bare.capabilities = [.minimize]
    #expect(second(time: 1_200, x: 100, on: bare) == [move])
    // A press on a button between the two: no double click.
    var interaction = FrameInteraction()
    let between = pressActions(
      actions(
        first + [
          .pointerMotion(x: 300, y: 20),
          .pointerButton(seat: seat, serial: 3, time: 1_100, button: left, pressed: true),
          .pointerLeave, .pointerEnter(x: 100, y: 20),
          .pointerButton(seat: seat, serial: 4, time: 1_200, button: left, pressed: true),
        ], into: &interaction
      ))
    #expect(between == [.move(seat: seat, serial: 1), .move(seat: seat, serial: 4)])
  }

  @Test("a tool's frame is handed over in the order motion, tip down, button, tip up, once")
  func pendingOrder() {
    var pending = PendingFrameInput()
    pending.up = true
    pending.button = (serial: 8, code: FrameInteraction.stylusButton, pressed: true)
    pending.downSerial = 7
    pending.location = (x: 10, y: 20)
    var handed: [FrameInput] = []
    pending.hand(tool: 2, seat: seat, time: 70) { handed.append($0) }
    #expect(
      handed == [
        .toolMotion(tool: 2, x: 10, y: 20), .toolDown(seat: seat, serial: 7, time: 70, tool: 2),
        .toolButton(seat: seat, serial: 8, tool: 2, button: FrameInteraction.stylusButton, pressed: true),
        .toolUp(tool: 2),
      ])
    handed = []
    pending.hand(tool: 2, seat: seat, time: 70) { handed.append($0) }
    #expect(handed.isEmpty)
  }
}
