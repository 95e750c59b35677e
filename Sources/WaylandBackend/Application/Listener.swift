/// A listener struct (`wl_pointer_listener`, `xdg_toplevel_listener`, ...) stored where
/// libwayland needs it: allocated once, never freed, never moved, for proxies that may live
/// as long as the program (`wl_proxy_add_listener` keeps the pointer, not a copy).
///
/// Every listener is built from its zeroed value, `T()` (the initialiser Swift gives every
/// imported C struct), with the events it handles assigned one by one. A listener struct from
/// a system header grows when libwayland adds events (1.22 added `preferred_buffer_scale` and
/// `preferred_buffer_transform` to `wl_surface_listener` and `axis_relative_direction` to
/// `wl_pointer_listener`), so no code names all of its members: a memberwise initialiser
/// stops compiling the day one is added. A slot left zero belongs to an event of a newer
/// version than the one bound, which the compositor never sends (libwayland calls slots
/// without a NULL check, so every event of the bound version must be assigned).
func makeListener<T>(_ value: T) -> UnsafeMutablePointer<T> {
  let listener = UnsafeMutablePointer<T>.allocate(capacity: 1)
  listener.initialize(to: value)
  return listener
}
