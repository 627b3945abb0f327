#!/usr/bin/python3
"""Runs one command and prints its wall seconds, CPU seconds (user + system), peak resident MB
and exit code on one line: `12.34 11.90 512 0` (124 when it ran past the timeout, 128 + N when
signal N killed it, 127 when it cannot start).
Python's os.wait4 gives the child's own resource use, so bench scripts need neither GNU time
nor bc.

Usage: run_measured.py TIMEOUT_SECONDS STDOUT_FILE STDERR_FILE COMMAND [ARG...]
"""
import os
import signal
import subprocess
import sys
import time


def main():
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    timeout = float(sys.argv[1])
    with open(sys.argv[2], "wb") as out, open(sys.argv[3], "wb") as err:
        start = time.monotonic()
        try:
            proc = subprocess.Popen(sys.argv[4:], stdout=out, stderr=err, start_new_session=True)
        except OSError as e:  # not found / not executable: the shell's 127
            err.write(f"{sys.argv[4]}: {e}\n".encode())
            print("0.00 0.00 0 127")
            return
        timed_out = False
        while True:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() - start > timeout and not timed_out:
                os.killpg(proc.pid, signal.SIGKILL)  # the command's own process group
                timed_out = True
            time.sleep(0.01)
        wall = time.monotonic() - start
    code = os.waitstatus_to_exitcode(status)  # -N when killed by signal N
    rc = 124 if timed_out else (128 - code if code < 0 else code)  # the shell's 128 + N
    print("%.2f %.2f %d %d" % (wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss // 1024, rc))


if __name__ == "__main__":
    main()
