# engine_tap.py: what the Python tests of catur-engine share (TAP output, an engine session)
# SPDX-License-Identifier: GPL-3.0-or-later
#
# A test script marks its checks with @test, runs them with `sys.exit(main())` and talks to
# catur-engine through run_engine(). Every check runs even after one fails, and a failure
# prints its reason as TAP comments, so that one broken command does not hide the others.
import subprocess

_tests = []


def test(function):
    """Adds the function to the checks main() runs, in the order of the script."""
    _tests.append(function)
    return function


def run_engine(argv, commands, timeout=60, env=None):
    """Runs the engine program argv on the commands, then `quit`, and returns its output
    lines. An engine that exits with a status other than 0 fails the check."""
    text = "\n".join(tuple(commands) + ("quit",)) + "\n"
    result = subprocess.run(argv, input=text, capture_output=True, text=True, timeout=timeout,
                            env=env)
    if result.returncode != 0:
        raise AssertionError("engine exited with %d: %s" % (result.returncode, result.stderr))
    return result.stdout.splitlines()


def main():
    """Runs every check as a TAP test; returns the exit status (1 when any failed)."""
    print("1..%d" % len(_tests))
    failed = 0
    for number, function in enumerate(_tests, 1):
        try:
            function()
            print("ok %d - %s" % (number, function.__name__))
        except Exception as error:  # a failing check prints why and the run goes on
            failed += 1
            print("not ok %d - %s" % (number, function.__name__))
            for line in str(error).splitlines() or [repr(error)]:
                print("# " + line)
    return 1 if failed else 0
