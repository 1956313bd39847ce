"""Counted checks for the Python test scripts: a failed one prints a FAIL line; `finish` prints
the totals and exits non-zero when any failed."""
import sys


class Checks:
    def __init__(self):
        self.passed = self.failed = 0

    def __call__(self, condition, what):
        if condition:
            self.passed += 1
        else:
            self.failed += 1
            print(f"FAIL: {what}")

    def finish(self, name, note=""):
        print(f"{name}: {self.passed} passed, {self.failed} failed{note}")
        sys.exit(1 if self.failed else 0)
