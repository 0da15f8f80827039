"""Editor features: each a pure function from an analysis and a position to hot-ls's own types."""
