import GestureKit

/// Builds the live view tree of a ``Scene``: one ``SceneView`` per view entry,
/// one recognizer per gesture entry, then the relations between gestures.
struct SceneBuilder {
  /// The description to build.
  let scene: Scene

  /// Removes the root view's subviews and adds a freshly built tree.
  func install(in window: Window) -> InstalledScene {
    for view in window.rootView.subviews {
      view.removeFromSuperview()
    }
    var views: [String: SceneView] = [:]
    var recognizers: [String: GestureRecognizer] = [:]
    var gestures: [String: GestureSpec] = [:]
    for spec in scene.views {
      window.rootView.addSubview(build(spec, views: &views, recognizers: &recognizers, gestures: &gestures))
    }
    for gesture in scene.allGestures {
      let recognizer = recognizers[gesture.id]!
      for other in gesture.requireToFail {
        recognizer.require(toFail: recognizers[other]!)
      }
    }
    return InstalledScene(scene: scene, views: views, recognizers: recognizers, gestures: gestures)
  }

  private func build(
    _ spec: ViewSpec, views: inout [String: SceneView], recognizers: inout [String: GestureRecognizer],
    gestures: inout [String: GestureSpec]
  ) -> SceneView {
    let view = SceneView(frame: spec.frame)
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
    for child in spec.children {
      view.addSubview(build(child, views: &views, recognizers: &recognizers, gestures: &gestures))
    }
    return view
  }

  private func makeRecognizer(_ gesture: GestureSpec) -> GestureRecognizer {
    let recognizer: GestureRecognizer
    switch gesture.kind {
    case .pan(let minimum, let maximum):
      let pan = PanGestureRecognizer()
      pan.minimumNumberOfTouches = minimum
      pan.maximumNumberOfTouches = maximum
      recognizer = pan
    }
    recognizer.name = gesture.id
    recognizer.isEnabled = gesture.isEnabled
    recognizer.cancelsTouchesInView = gesture.cancelsTouchesInView
    recognizer.delaysTouchesBegan = gesture.delaysTouchesBegan
    recognizer.delaysTouchesEnded = gesture.delaysTouchesEnded
    return recognizer
  }

  private func attach(_ behavior: Behavior, of recognizer: GestureRecognizer, to view: SceneView) {
    switch behavior {
    case .none:
      break
    case .bringToFront:
      view.bringsToFrontOnTouchDown = true
    case .drag(let constraints):
      view.bringsToFrontOnTouchDown = true
      let drag = DragBehavior(view: view, constraints: constraints)
      recognizer.addTarget { recognizer in drag.handle(recognizer) }
    }
  }
}
