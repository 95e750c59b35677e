import CWaylandProtocols
import Foundation
import Testing

@testable import WaylandBackend

extension EndToEnd {
  /// The backend's start-up errors, against a real Weston (whose globals are known: it offers
  /// wl_compositor version 4 and no xdg-decoration).
  @Suite("Global registry")
  struct GlobalRegistryTests {
    @Test("a required global the compositor lacks is named in the error")
    func missingGlobal() throws {
      try WestonSession.with { session in
        let connection = try DisplayConnection(name: session.socketPath)
        let registry = GlobalRegistry(display: connection.display)
        try connection.roundtrip()
        let error = #expect(throws: WaylandError.self) {
          _ = try registry.bindRequired(gp_zxdg_decoration_manager_v1_interface(), minimum: 1, preferred: 1)
        }
        #expect(
          error == .missingGlobal(interface: "zxdg_decoration_manager_v1", minimumVersion: 1, advertised: nil)
        )
        #expect(
          error?.description
            == "the compositor does not offer zxdg_decoration_manager_v1 (version 1 or later is required)")
        #expect(error?.exitCode == 2)
      }
    }

    @Test("a required global offered in too old a version names both versions")
    func tooOldGlobal() throws {
      try WestonSession.with { session in
        let connection = try DisplayConnection(name: session.socketPath)
        let registry = GlobalRegistry(display: connection.display)
        try connection.roundtrip()
        let error = #expect(throws: WaylandError.self) {
          _ = try registry.bindRequired(gp_wl_compositor_interface(), minimum: 99, preferred: 99)
        }
        // Weston 10 offers version 4, Weston 14 version 6.
        let offered = try #require(registry.first("wl_compositor")).version
        #expect(
          error?.description
            == "the compositor offers wl_compositor version \(offered), but version 99 or later is required")
      }
    }

    @Test("globals are bound with the lower of the advertised and the implemented version")
    func versionNegotiation() throws {
      try WestonSession.with { session in
        let connection = try DisplayConnection(name: session.socketPath)
        let registry = GlobalRegistry(display: connection.display)
        try connection.roundtrip()
        let offered = try #require(registry.first("wl_compositor")).version
        #expect(offered >= 4)
        let high = try registry.bindRequired(gp_wl_compositor_interface(), minimum: 1, preferred: 99)
        let low = try registry.bindRequired(gp_wl_compositor_interface(), minimum: 1, preferred: 2)
        // The caller owns the proxies it binds (found by `make asan`: they leaked).
        withExtendedLifetime(connection) {
          wl_proxy_destroy(high.proxy)
          wl_proxy_destroy(low.proxy)
        }
        #expect([high.version, low.version] == [offered, 2])
      }
    }

    @Test("no compositor on the socket is a clear error with exit code 2")
    func noCompositor() {
      let error = #expect(throws: WaylandError.self) {
        _ = try DisplayConnection(name: "/nonexistent/gesture-playground-socket")
      }
      #expect(
        error?.description
          == "cannot connect to the Wayland compositor on '/nonexistent/gesture-playground-socket': no such socket"
      )
      #expect(error?.exitCode == 2)
    }
  }
}
