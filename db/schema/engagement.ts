// Filled by its area.
export {}
