import GestureKit
import TestSupport
import Testing

@testable import Playground

#if canImport(Glibc)
  import Glibc
#endif

@Suite("Scene library", .serialized)
struct SceneLibraryTests {
  @Test("the bundled cards scene loads: five draggable cards on a dark background")
  func cardsLoads() throws {
    let scene = try SceneLibrary.load("cards")
    #expect(scene.name == "cards")
    #expect(scene.title == "Drag the cards")
    #expect(scene.size == Size(width: 960, height: 640))
    #expect(scene.background == Color(hex: "#1e2127"))
    #expect(scene.views.map(\.id) == ["red", "green", "blue", "yellow", "purple"])
    for view in scene.views {
      #expect(view.gestures.count == 1)
      #expect(
        view.gestures.first?.kind
          == .pan(minimumNumberOfTouches: 1, maximumNumberOfTouches: view.id == "purple" ? 2 : .max))
      if case .drag = view.gestures.first?.behavior {} else { Issue.record("\(view.id) does not drag") }
      #expect(view.style.label != nil)
    }
  }

  @Test("names ending in .json or containing a slash are paths")
  func pathsAreRecognised() {
    #expect(SceneLibrary.isPath("my.json"))
    #expect(SceneLibrary.isPath("dir/cards"))
    #expect(!SceneLibrary.isPath("cards"))
  }

  @Test("an unknown name lists the bundled scenes")
  func unknownName() {
    let names = SceneLibrary.bundledScenes().map(\.name)
    #expect(names.contains("cards") && names.contains("gestures"))
    #expect(
      throws: SceneError(
        file: "nope", location: .file,
        message:
          "no bundled scene with this name (bundled scenes: \(names.joined(separator: ", ")); a path to a .json file also works)"
      )
    ) { try SceneLibrary.load("nope") }
  }

  @Test("the bundled scenes are listed by name")
  func listing() {
    #expect(SceneLibrary.bundledScenes().map(\.name).contains("cards"))
  }

  @Test("a scene file's images are found next to it")
  func imagesNextToTheScene() throws {
    let folder = temporaryDirectory()
    try render(renderedWindow()).writePNG(to: folder + "/pic.png")
    let json =
      #"{"name": "pic", "size": [100, 80], "views": [{"id": "p", "frame": [0, 0, 100, 80], "image": "pic.png", "hitTest": "alpha"}]}"#
    let path = folder + "/pic.json"
    let file = fopen(path, "w")!
    fputs(json, file)
    fclose(file)
    let scene = try SceneLibrary.load(path)
    #expect(scene.views[0].image?.width == 100)
    #expect(scene.views[0].imagePath == folder + "/pic.png")
    unlink(folder + "/pic.png")
    unlink(path)
    rmdir(folder)
  }

  @Test("$GESTURE_PLAYGROUND_DATA/scenes is searched first")
  func dataDirectoryFirst() throws {
    let folder = temporaryDirectory()
    mkdir(folder + "/scenes", 0o755)
    let path = folder + "/scenes/envonly.json"
    let file = fopen(path, "w")!
    fputs(#"{"name": "envonly", "title": "From the data folder", "size": [10, 10]}"#, file)
    fclose(file)
    defer {
      unlink(path)
      rmdir(folder + "/scenes")
      rmdir(folder)
    }
    // The environment is passed explicitly: setenv would race with tests running in parallel.
    let directories = SceneLibrary.searchDirectories(dataDirectory: folder)
    #expect(directories.first == folder + "/scenes")
    #expect(directories.dropFirst().elementsEqual(SceneLibrary.searchDirectories(dataDirectory: nil)))
    let found = try #require(SceneLibrary.path(forName: "envonly", in: directories))
    #expect(try Scene(contentsOfFile: found).title == "From the data folder")
    let bundled = SceneLibrary.bundledScenes().map(\.name)
    #expect(SceneLibrary.bundledScenes(in: directories).map(\.name) == (bundled + ["envonly"]).sorted())
  }
}
