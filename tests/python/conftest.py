# Every Python test run verifies the TIR after each pass (and after LowerTE), as the C++ suite
# does; TIRGEN_VERIFY_EACH=0 in the environment turns it off. Set before tirgen is imported:
# the library reads it on first use.
import os

os.environ.setdefault("TIRGEN_VERIFY_EACH", "1")
