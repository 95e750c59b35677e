import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The folders `temporaryDirectory()` made in this process, removed when it exits.
private let madeFolders = Mutex<[String]>([])

/// Registers the removal of ``madeFolders`` at the process's exit (evaluated once, on first
/// use): a test stays free to read its folder until the end, and a run leaves no folders behind.
private let removalAtExit: Void = {
  atexit {
    for folder in madeFolders.withLock({ $0 }) { removeTree(folder) }
  }
}()

/// A fresh folder under /tmp for one test, removed with what it holds when the test process
/// exits.
public func temporaryDirectory() -> String {
  var template = Array("/tmp/playground-tests-XXXXXX".utf8CString)
  let path = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
  let folder = String(cString: path!)
  _ = removalAtExit
  madeFolders.withLock { $0.append(folder) }
  return folder
}

/// Removes `path` and everything under it; a symbolic link there is removed, not followed
/// (what cannot be removed stays).
private func removeTree(_ path: String) {
  try? FileManager.default.removeItem(atPath: path)
}
