// WaylandBackend (placeholder until the layer lands)
