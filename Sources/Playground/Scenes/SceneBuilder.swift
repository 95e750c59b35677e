import GestureKit

/// Builds the live view tree of a ``Scene``: one ``SceneView`` per view entry,
/// one recognizer per gesture entry, then the relations between gestures.
struct SceneBuilder {
  /// The description to build.
  let scene: Scene

  /// Removes `parent`'s subviews and adds a freshly built tree as its subviews. Linear in
  /// the number of views, old and new.
  func install(into parent: View) -> InstalledScene {
    // From the front: each removal is then the last element's, and no copy of the list is
    // held while it shrinks.
    while let last = parent.subviews.last {
      last.removeFromSuperview()
    }
    var views: [String: SceneView] = [:]
    var recognizers: [String: GestureRecognizer] = [:]
    var gestures: [String: GestureSpec] = [:]
    for (index, spec) in scene.views.enumerated() {
      let view = build(spec, views: &views, recognizers: &recognizers, gestures: &gestures)
      view.initialIndex = index
      parent.addSubview(view)
    }
    let allGestures = scene.allGestures
    for gesture in allGestures where !gesture.requireToFail.isEmpty {
      let recognizer = recognizers[gesture.id]!
      for other in gesture.requireToFail {
        recognizer.require(toFail: recognizers[other]!)
      }
    }
    finishRecipes(views: views, recognizers: recognizers, gestures: allGestures)
    return InstalledScene(scene: scene, views: views, recognizers: recognizers, gestures: gestures)
  }

  private func build(
    _ spec: ViewSpec, views: inout [String: SceneView], recognizers: inout [String: GestureRecognizer],
    gestures: inout [String: GestureSpec]
  ) -> SceneView {
    let view =
      spec.touchHandler == .showTouches
      ? ActiveTouchesView(frame: spec.frame) : Self.makeRecipeView(for: spec)
    view.initialFrame = spec.frame
    if spec.touchHandler == .drag { view.touchHandlers.append(DirectDragHandler()) }
    view.identifier = spec.id
    view.style = spec.style
    view.image = spec.image
    view.alpha = spec.alpha
    view.isHidden = spec.isHidden
    view.isUserInteractionEnabled = spec.isUserInteractionEnabled
    view.isMultipleTouchEnabled = spec.isMultipleTouchEnabled
    view.isExclusiveTouch = spec.isExclusiveTouch
    view.clipsToBounds = spec.clipsToBounds
    view.hitTestMode = spec.hitTest
    views[spec.id] = view

    for gesture in spec.gestures {
      let recognizer = makeRecognizer(gesture)
      attach(gesture.behavior, of: recognizer, to: view)
      if !gesture.simultaneousWith.isEmpty {
        let delegate = SimultaneousRecognitionDelegate(partners: gesture.simultaneousWith)
        view.retainedDelegates.append(delegate)
        recognizer.delegate = delegate
      }
      view.addGestureRecognizer(recognizer)
      recognizers[gesture.id] = recognizer
      gestures[gesture.id] = gesture
    }
    for (index, childSpec) in spec.children.enumerated() {
      let child = build(childSpec, views: &views, recognizers: &recognizers, gestures: &gestures)
      child.initialIndex = index
      view.addSubview(child)
    }
    return view
  }

  private func makeRecognizer(_ gesture: GestureSpec) -> GestureRecognizer {
    let recognizer = Self.recognizer(of: gesture.kind)
    recognizer.name = gesture.id
    recognizer.isEnabled = gesture.isEnabled
    recognizer.cancelsTouchesInView = gesture.cancelsTouchesInView
    recognizer.delaysTouchesBegan = gesture.delaysTouchesBegan
    recognizer.delaysTouchesEnded = gesture.delaysTouchesEnded
    if !(recognizer is HoverGestureRecognizer) { recognizer.allowedTouchTypes = gesture.allowedTouchTypes }
    return recognizer
  }

  /// A fresh recognizer of `kind`, configured with the kind's settings.
  static func recognizer(of kind: GestureKind) -> GestureRecognizer {
    switch kind {
    case .tap(let taps, let touches):
      let tap = TapGestureRecognizer()
      tap.numberOfTapsRequired = taps
      tap.numberOfTouchesRequired = touches
      return tap
    case .longPress(let duration, let movement, let taps, let touches):
      let press = LongPressGestureRecognizer()
      press.minimumPressDuration = duration
      press.allowableMovement = movement
      press.numberOfTapsRequired = taps
      press.numberOfTouchesRequired = touches
      return press
    case .pan(let minimum, let maximum, let scrollTypes):
      let pan = PanGestureRecognizer()
      pan.minimumNumberOfTouches = minimum
      pan.maximumNumberOfTouches = maximum
      for type in scrollTypes {
        pan.scrollTypes.insert(type == "discrete" ? .discrete : .continuous)
      }
      return pan
    case .screenEdgePan(let edges):
      return ScreenEdgePanGestureRecognizer(edges: edges)
    case .swipe(let direction, let touches):
      let swipe = SwipeGestureRecognizer()
      swipe.direction = direction
      swipe.numberOfTouchesRequired = touches
      return swipe
    case .pinch:
      return PinchGestureRecognizer()
    case .rotation:
      return RotationGestureRecognizer()
    case .hover:
      return HoverGestureRecognizer()
    case .circle:
      return CircleGestureRecognizer()
    }
  }

  private func attach(_ behavior: Behavior, of recognizer: GestureRecognizer, to view: SceneView) {
    switch behavior {
    case .none:
      break
    case .bringToFront:
      view.bringsToFrontOnTouchDown = true
    case .drag(let constraints):
      view.bringsToFrontOnTouchDown = true
      view.movesUnderTouch = true
      let drag = DragBehavior(view: view, constraints: constraints)
      recognizer.addTarget { recognizer in drag.handle(recognizer) }
    case .scale:
      view.movesUnderTouch = true
      let scale = ScaleBehavior(view: view)
      recognizer.addTarget { recognizer in scale.handle(recognizer) }
    case .rotate:
      view.movesUnderTouch = true
      let rotate = RotateBehavior(view: view)
      recognizer.addTarget { recognizer in rotate.handle(recognizer) }
    case .toggle:
      recognizer.addTarget { [weak view] recognizer in
        // Discrete kinds flip when recognized, a long press when it begins.
        if recognizer.state == (recognizer.isDiscrete ? .recognized : .began) {
          view?.toggleHighlight()
        }
      }
    case .dismiss:
      let dismiss = DismissBehavior(view: view)
      recognizer.addTarget { recognizer in dismiss.handle(recognizer) }
    case .count:
      view.showsCount()
      recognizer.addTarget { [weak view] recognizer in
        if recognizer.state == (recognizer.isDiscrete ? .recognized : .began) { view?.count += 1 }
      }
    case .reset:
      recognizer.addTarget { [weak view] recognizer in
        if recognizer.state == (recognizer.isDiscrete ? .recognized : .began) { view?.restore() }
      }
    case .resetScene:
      recognizer.addTarget { [weak view] recognizer in
        if recognizer.state == (recognizer.isDiscrete ? .recognized : .began) { view?.restoreScene() }
      }
    case .clear, .flag, .menu, .drawer, .scrollStrip, .pullOut:
      attachRecipe(behavior, of: recognizer, to: view)
    case .verdict:
      let verdict = VerdictBehavior(recognizer: recognizer)
      view.touchHandlers.append(verdict)
      recognizer.addTarget { [weak view] recognizer in
        if let view { verdict.handle(recognizer, view: view) }
      }
    }
  }
}
