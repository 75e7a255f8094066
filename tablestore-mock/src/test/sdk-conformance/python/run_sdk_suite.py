#!/usr/bin/env python3
"""Runs test files of the Python SDK authors' own suite (the ``tests/`` directory of PyPI
``tablestore``'s source package), unmodified, against a Tablestore endpoint.

Usage:
    OTS_TEST_ACCESS_KEY_SECRET=... python3 run_sdk_suite.py \
        --source-package tablestore-6.1.0.tar.gz --work-dir DIR \
        --endpoint http://127.0.0.1:PORT --instance mock --access-key-id ID \
        [--exclusions FILE] MODULE [MODULE...]

The suite's ``tests`` package is taken as published from the source package (``pip download
--no-binary :all: --no-deps tablestore==6.1.0``) into DIR, which is also the working directory
(the suite writes its log there). Each MODULE is a test file's module name without the package,
e.g. ``row_op_test``. The suite reads its connection settings from the environment
(``tests/lib/test_config.py``: OTS_TEST_ENDPOINT, OTS_TEST_INSTANCE, OTS_TEST_ACCESS_KEY_ID,
OTS_TEST_ACCESS_KEY_SECRET); this runner sets the first three from its options and takes the
secret only from the environment, so it never shows on a command line.

Only two things are supplied around the files:
- connection settings, as above;
- no waits: the suite sleeps where the service needs time (up to 60 s for a new table's
  partitions to load, 5 s after CreateTable, 0.5 s between table operations). The mock's tables
  are ready at once, so the test modules and the suite's base class get a ``time`` whose
  ``sleep`` returns at once. The SDK itself keeps the real ``time``.
Tables the suite expects to exist in advance (``sdk-suite-fixtures.txt``: transaction_test.py's
table with local transactions on, which the Python SDK cannot create) must be there before this
runs; PythonSdkSuiteTest creates them with the Java SDK.

The exclusion file names tests not run, one per line: ``module.Class.test_name  reason``
(a reason is required; ``#`` starts a comment). Prints ``PASS id``, ``FAIL id: detail``,
``ERROR id: detail`` or ``EXCLUDED id: reason`` per test, then
``N passed, N failed, N excluded``; exits 1 when a test failed, 2 on bad usage.
"""

import argparse
import importlib
import logging
import os
import shutil
import sys
import tarfile
import time
import traceback
import unittest

SECRET_ENV = "OTS_TEST_ACCESS_KEY_SECRET"


class NoWaitTime:
    """The ``time`` module with a ``sleep`` that returns at once."""

    def __getattr__(self, name):
        return getattr(time, name)

    @staticmethod
    def sleep(_seconds):
        return None


def extract_suite(source_package, work_dir):
    """Copies the ``tests`` package out of the source package into ``work_dir``, replacing any
    earlier copy, and returns ``work_dir``."""
    target = os.path.join(work_dir, "tests")
    shutil.rmtree(target, ignore_errors=True)
    with tarfile.open(source_package) as archive:
        members = []
        for member in archive.getmembers():
            parts = member.name.split("/")
            if len(parts) > 2 and parts[1] == "tests" and (member.isfile() or member.isdir()):
                member.name = "/".join(parts[1:])
                members.append(member)
        if not any(m.name == "tests/lib/api_test_base.py" for m in members):
            raise SystemExit("%s has no tests/lib/api_test_base.py" % source_package)
        archive.extractall(work_dir, members=members)
    return work_dir


def read_exclusions(path):
    """Maps test id to the reason it is excluded; refuses an entry without a reason."""
    exclusions = {}
    if not path:
        return exclusions
    with open(path, encoding="utf-8") as lines:
        for number, line in enumerate(lines, start=1):
            entry = line.split("#", 1)[0].strip()
            if not entry:
                continue
            parts = entry.split(None, 1)
            if len(parts) < 2:
                raise SystemExit("%s:%d: '%s' has no reason" % (path, number, parts[0]))
            exclusions[parts[0]] = parts[1].strip()
    return exclusions


def test_id(test):
    """``module.Class.test_name`` without the ``tests.`` package prefix."""
    name = test.id()
    return name[len("tests."):] if name.startswith("tests.") else name


def flatten(suite):
    for item in suite:
        if isinstance(item, unittest.TestSuite):
            yield from flatten(item)
        else:
            yield item


class LineResult(unittest.TestResult):
    """Prints one line per test as it ends."""

    def __init__(self):
        super().__init__()
        self.passed = 0

    def addSuccess(self, test):
        super().addSuccess(test)
        self.passed += 1
        print("PASS %s" % test_id(test), flush=True)

    def addFailure(self, test, err):
        super().addFailure(test, err)
        print("FAIL %s: %s" % (test_id(test), self._describe(err)), flush=True)

    def addError(self, test, err):
        super().addError(test, err)
        print("ERROR %s: %s" % (test_id(test), self._describe(err)), flush=True)

    def addSkip(self, test, reason):
        super().addSkip(test, reason)
        print("SKIPPED %s: %s" % (test_id(test), reason), flush=True)

    @staticmethod
    def _describe(err):
        return "".join(traceback.format_exception(*err)).rstrip()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--source-package", required=True)
    parser.add_argument("--work-dir", required=True)
    parser.add_argument("--endpoint", required=True)
    parser.add_argument("--instance", required=True)
    parser.add_argument("--access-key-id", required=True)
    parser.add_argument("--exclusions")
    parser.add_argument("modules", nargs="+")
    args = parser.parse_args()
    if not os.environ.get(SECRET_ENV):
        parser.error("set %s in the environment" % SECRET_ENV)

    os.environ["OTS_TEST_ENDPOINT"] = args.endpoint
    os.environ["OTS_TEST_INSTANCE"] = args.instance
    os.environ["OTS_TEST_ACCESS_KEY_ID"] = args.access_key_id
    # The SDK announces on stderr that its optional native codec is absent; that is noise here.
    logging.getLogger("tablestore").setLevel(logging.CRITICAL)
    exclusions = read_exclusions(args.exclusions)
    work_dir = os.path.abspath(args.work_dir)
    os.makedirs(work_dir, exist_ok=True)
    sys.path.insert(0, extract_suite(args.source_package, work_dir))
    os.chdir(work_dir)

    base = importlib.import_module("tests.lib.api_test_base")
    base.time = NoWaitTime()
    loader = unittest.TestLoader()
    tests = []
    for name in args.modules:
        module = importlib.import_module("tests." + name)
        if hasattr(module, "time"):
            module.time = NoWaitTime()
        tests.extend(flatten(loader.loadTestsFromModule(module)))

    listed = {name for name in exclusions if name.split(".", 1)[0] in args.modules}
    unknown = sorted(listed - {test_id(test) for test in tests})
    if unknown:
        raise SystemExit("excluded tests that the modules do not have: %s" % ", ".join(unknown))

    result = LineResult()
    excluded = 0
    for test in tests:
        reason = exclusions.get(test_id(test))
        if reason is not None:
            excluded += 1
            print("EXCLUDED %s: %s" % (test_id(test), reason), flush=True)
            continue
        test.run(result)
    failed = len(result.failures) + len(result.errors) + len(result.skipped)
    print("%d passed, %d failed, %d excluded" % (result.passed, failed, excluded), flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
