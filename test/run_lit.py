#!/usr/bin/env python3
"""Runs the FP8Q lit suite and ends with one summary line.

    run_lit.py <lit> <test dir> [lit args...]

lit's own output comes first (failures with their logs); the last line is
`FP8Q tests: <P> passed, <F> failed, <U> unsupported, <T> total`. Exit code
is lit's.
"""

import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET


def main() -> int:
    lit, test_dir, *extra = sys.argv[1:]
    with tempfile.TemporaryDirectory() as tmp:
        xml_path = os.path.join(tmp, "results.xml")
        rc = subprocess.call([lit, "-sv", "--xunit-xml-output", xml_path,
                              *extra, test_dir])
        passed = failed = unsupported = 0
        if os.path.exists(xml_path):
            for case in ET.parse(xml_path).getroot().iter("testcase"):
                if case.find("failure") is not None:
                    failed += 1
                elif case.find("skipped") is not None:
                    unsupported += 1
                else:
                    passed += 1
        elif rc != 0:
            failed = 1
    total = passed + failed + unsupported
    print(f"FP8Q tests: {passed} passed, {failed} failed, "
          f"{unsupported} unsupported, {total} total")
    return rc


if __name__ == "__main__":
    sys.exit(main())
