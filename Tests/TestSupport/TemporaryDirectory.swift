#if canImport(Glibc)
  import Glibc
#endif

/// A fresh folder under /tmp for one test.
public func temporaryDirectory() -> String {
  var template = Array("/tmp/playground-tests-XXXXXX".utf8CString)
  let path = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
  return String(cString: path!)
}
