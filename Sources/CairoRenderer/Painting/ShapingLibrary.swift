import CCairo

/// HarfBuzz's and FriBidi's functions (`gp_shaping`, CCairo's shim), loaded the first time a
/// line needs shaping.
enum ShapingLibrary {
  /// The functions, nil when a library or one of them is missing. Swift makes a global once,
  /// thread-safely, at its first use.
  static let functions: gp_shaping? = {
    var functions = gp_shaping()  // every function nil until found
    return gp_shaping_load(&functions) != 0 ? functions : nil
  }()
}
