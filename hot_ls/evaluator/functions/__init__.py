"""Ports of Heat's intrinsic functions, one family per module; `table` maps versions to them."""
