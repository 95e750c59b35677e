import GestureKit

/// Greedy shrinking: tries simpler candidates of a failing value, in order, and keeps the
/// first that still fails, until none does or the budget of tries is spent.
struct Shrinker<Value> {
  /// Simpler variants of a value, most promising (biggest cut) first.
  var candidates: (Value) -> [Value]
  /// True when the value still shows the failure.
  var fails: (Value) -> Bool
  /// The most times `fails` is called.
  var budget = 3000

  /// The smallest failing value found from `value` (which must fail), and the tries used.
  func shrink(_ value: Value) -> (value: Value, tries: Int) {
    var current = value
    var tries = 0
    var improved = true
    while improved, tries < budget {
      improved = false
      for candidate in candidates(current) {
        guard tries < budget else { break }
        tries += 1
        if fails(candidate) {
          current = candidate
          improved = true
          break
        }
      }
    }
    return (current, tries)
  }
}

/// The simpler variants of a case: fewer steps (halves, quarters, ... single steps), fewer
/// views and recognizers, plainer settings, rounder coordinates.
enum CaseShrinking {
  static func candidates(of testCase: PropertyCase) -> [PropertyCase] {
    var result: [PropertyCase] = []
    // Fewer steps: drop chunks, biggest first.
    let count = testCase.steps.count
    var chunk = count
    while chunk >= 1 {
      var start = 0
      while start < count {
        var smaller = testCase
        smaller.steps.removeSubrange(start..<min(count, start + chunk))
        result.append(smaller)
        start += chunk
      }
      chunk /= 2
    }
    // Fewer views: a view with its subtree, or a view replaced by its children.
    for view in testCase.scene.allViews {
      result.append(removingView(view.id, from: testCase, keepChildren: false))
      if !view.children.isEmpty { result.append(removingView(view.id, from: testCase, keepChildren: true)) }
    }
    // Fewer recognizers.
    for gesture in testCase.scene.allGestures {
      result.append(removingGestures([gesture.id], from: testCase))
    }
    // Plainer settings.
    result += simplifiedSettings(of: testCase)
    // Steps the trace cannot carry become plain ones where possible; coordinates round.
    for (index, step) in testCase.steps.enumerated() {
      guard case .seat(let event) = step.action, let simpler = rounded(event), simpler != event else {
        continue
      }
      var candidate = testCase
      candidate.steps[index].action = .seat(simpler)
      result.append(candidate)
    }
    // Earlier times: close the gap before a step (and shift the later ones).
    for index in testCase.steps.indices {
      let gap = testCase.steps[index].ms - (index > 0 ? testCase.steps[index - 1].ms : 0)
      guard gap > 0 else { continue }
      var candidate = testCase
      for later in index..<count { candidate.steps[later].ms -= gap - gap / 4 }
      result.append(candidate)
    }
    return result
  }

  private static func simplifiedSettings(of testCase: PropertyCase) -> [PropertyCase] {
    var result: [PropertyCase] = []
    func edit(_ change: (inout ViewModel) -> Bool) {
      var candidate = testCase
      var changed = false
      candidate.scene.views = candidate.scene.views.map {
        mapViews($0) { view in changed = change(&view) || changed }
      }
      if changed { result.append(candidate) }
    }
    for view in testCase.scene.allViews {
      let id = view.id
      edit { view in
        guard view.id == id, view.transform != nil else { return false }
        view.transform = nil
        return true
      }
      edit { view in
        guard view.id == id else { return false }
        let plain = ViewModel(
          id: view.id, frame: view.frame, gestures: view.gestures, children: view.children)
        guard view != plain else { return false }
        view = plain
        return true
      }
      for (index, gesture) in view.gestures.enumerated() {
        edit { view in
          guard view.id == id else { return false }
          var plain = GestureModel(id: gesture.id, kind: gesture.kind)
          plain.requireToFail = gesture.requireToFail
          plain.simultaneousWith = gesture.simultaneousWith
          guard view.gestures[index] != plain else { return false }
          view.gestures[index] = plain
          return true
        }
        edit { view in
          guard view.id == id, !gesture.requireToFail.isEmpty || !gesture.simultaneousWith.isEmpty else {
            return false
          }
          view.gestures[index].requireToFail = []
          view.gestures[index].simultaneousWith = []
          return true
        }
      }
    }
    return result
  }

  /// A coordinate event with its coordinates rounded to tens (far ones brought near), or nil.
  private static func rounded(_ event: SeatEvent) -> SeatEvent? {
    func round(_ p: Point) -> Point {
      func r(_ v: Double) -> Double {
        guard v.isFinite else { return 0 }
        return (min(max(v, -1000), 2000) / 10).rounded() * 10
      }
      return Point(x: r(p.x), y: r(p.y))
    }
    switch event {
    case .touchDown(let id, let p): return .touchDown(id: id, location: round(p))
    case .touchMotion(let id, let p): return .touchMotion(id: id, location: round(p))
    case .pointerEnter(let p): return .pointerEnter(location: round(p))
    case .pointerMotion(let p): return .pointerMotion(location: round(p))
    case .pointerAxis(let axis, let value, let source, let discrete, let value120) where !value.isFinite:
      return .pointerAxis(axis: axis, value: 10, source: source, discrete: discrete, value120: value120)
    case .pinchUpdate(let delta, let scale, let rotation) where !rotation.isFinite || !scale.isFinite:
      return .pinchUpdate(
        delta: delta, scale: scale.isFinite ? scale : 1, rotation: rotation.isFinite ? rotation : 0)
    default: return nil
    }
  }

  private static func mapViews(_ view: ViewModel, _ change: (inout ViewModel) -> Void) -> ViewModel {
    var copy = view
    change(&copy)
    copy.children = copy.children.map { mapViews($0, change) }
    return copy
  }

  /// The case without view `id` (and, unless `keepChildren`, its subtree), and without
  /// everything that referred to what went.
  static func removingView(_ id: String, from testCase: PropertyCase, keepChildren: Bool) -> PropertyCase {
    var removedGestures: [String] = []
    var removedViews: [String] = []
    func filter(_ views: [ViewModel]) -> [ViewModel] {
      views.flatMap { view -> [ViewModel] in
        if view.id == id {
          removedGestures += view.gestures.map(\.id)
          removedViews.append(view.id)
          if keepChildren { return filter(view.children) }
          removedGestures += view.allViews.flatMap(\.gestures).map(\.id)
          removedViews += view.allViews.map(\.id)
          return []
        }
        var copy = view
        copy.children = filter(view.children)
        return [copy]
      }
    }
    var result = testCase
    result.scene.views = filter(testCase.scene.views)
    result.steps.removeAll {
      if case .removeView(let view) = $0.action { return removedViews.contains(view) }
      return false
    }
    return removingGestures(removedGestures, from: result)
  }

  /// The case without the gestures `ids`, the references to them, and the steps about them.
  static func removingGestures(_ ids: [String], from testCase: PropertyCase) -> PropertyCase {
    var result = testCase
    result.scene.views = result.scene.views.map {
      mapViews($0) { view in
        view.gestures.removeAll { ids.contains($0.id) }
        for index in view.gestures.indices {
          view.gestures[index].requireToFail.removeAll { ids.contains($0) }
          view.gestures[index].simultaneousWith.removeAll { ids.contains($0) }
        }
      }
    }
    result.steps.removeAll {
      if case .setEnabled(let gesture, _) = $0.action { return ids.contains(gesture) }
      return false
    }
    return result
  }
}
