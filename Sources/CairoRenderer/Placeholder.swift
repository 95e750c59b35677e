// CairoRenderer (placeholder until the layer lands)
