"""`python -m hot_ls` is the `hot-ls` command."""
import sys

from hot_ls.cli.main import main

sys.exit(main())
