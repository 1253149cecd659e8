"""checks.py: the check lines every Python output test prints ("ok   what", or "FAIL what: detail"),
counted, for the closing line "N passed, N failed". indent="  " makes run_all.sh show the ok lines
in its summary."""
import sys


class Checks:
    def __init__(self, indent=""):
        self.indent = indent
        self.passed = 0
        self.failed = 0

    def __call__(self, ok, what, detail=""):
        if ok:
            self.passed += 1
            print(f"{self.indent}ok   {what}")
        else:
            self.failed += 1
            print(f"FAIL {what}{': ' + str(detail) if detail else ''}")
        sys.stdout.flush()
        return ok

    def finish(self, need_one=False):
        """Prints the closing line; the exit status: 1 on a failure (or, with need_one, when
        nothing was checked)."""
        print(f"{self.passed} passed, {self.failed} failed")
        return 1 if self.failed or (need_one and not self.passed) else 0
