import os
import sys

# the end-to-end helpers of the server tests (lsp_session.py)
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(__file__)), 'server'))
