// Playground (placeholder until the layer lands)
