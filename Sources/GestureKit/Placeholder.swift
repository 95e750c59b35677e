// GestureKit (placeholder until the layer lands)
