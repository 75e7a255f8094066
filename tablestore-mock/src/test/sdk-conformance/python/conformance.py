#!/usr/bin/env python3
"""Drives a Tablestore endpoint with the official Python SDK (PyPI ``tablestore``) and checks
that every answer is what the real service gives that SDK.

Usage:
    TABLESTORE_ACCESS_KEY_SECRET=... python3 conformance.py \
        --endpoint http://127.0.0.1:PORT --instance mock --access-key-id ID [--rows 6000]

Endpoint, instance and access key id may also come from TABLESTORE_ENDPOINT,
TABLESTORE_INSTANCE and TABLESTORE_ACCESS_KEY_ID. The secret is read only from the environment
(TABLESTORE_ACCESS_KEY_SECRET) so that it never shows on a command line.

Prints one line per check, ``PASS name`` or ``FAIL name: detail``, then ``N passed, N failed``;
exits 1 when any check failed, 2 on bad usage.
"""

import argparse
import logging
import os
import sys
import traceback
import uuid

# The SDK announces on stderr that its optional native codec is absent; that is noise here.
logging.getLogger("tablestore").setLevel(logging.CRITICAL)

from tablestore import (  # noqa: E402  (import after the logging setup on purpose)
    INF_MAX,
    INF_MIN,
    BatchGetRowRequest,
    BatchWriteRowRequest,
    CapacityUnit,
    Condition,
    DeleteRowItem,
    Direction,
    NoRetryPolicy,
    OTSClient,
    OTSServiceError,
    PutRowItem,
    ReservedThroughput,
    Row,
    RowExistenceExpectation,
    TableInBatchGetRowItem,
    TableInBatchWriteRowItem,
    TableMeta,
    TableOptions,
    UpdateRowItem,
)

SECRET_ENV = "TABLESTORE_ACCESS_KEY_SECRET"
BATCH_WRITE_LIMIT = 200  # rows per BatchWriteRow, the service's limit


class CheckFailed(Exception):
    """A check saw an answer other than the expected one."""


class Checks:
    """Runs named checks, prints one line for each and counts the outcomes."""

    def __init__(self):
        self.passed = 0
        self.failed = 0

    def run(self, name, fn):
        try:
            fn()
        except CheckFailed as e:
            self._fail(name, str(e))
            return False
        except OTSServiceError as e:
            self._fail(name, "service error %s (HTTP %s): %s" % (
                e.get_error_code(), e.get_http_status(), e.get_error_message()))
            return False
        except Exception as e:  # the SDK rejecting a response lands here (OTSClientError etc.)
            last = traceback.extract_tb(e.__traceback__)[-1]
            self._fail(name, "%s: %s (at %s:%s)" % (
                type(e).__name__, e, os.path.basename(last.filename), last.lineno))
            return False
        self.passed += 1
        print("PASS %s" % name, flush=True)
        return True

    def _fail(self, name, detail):
        self.failed += 1
        print("FAIL %s: %s" % (name, " ".join(str(detail).split())), flush=True)


def expect(condition, message):
    if not condition:
        raise CheckFailed(message)


def expect_equal(actual, expected, what):
    if actual != expected:
        raise CheckFailed("%s: expected %r, got %r" % (what, expected, actual))


def expect_service_error(fn, code, status):
    try:
        fn()
    except OTSServiceError as e:
        expect_equal(e.get_error_code(), code, "error code")
        expect_equal(e.get_http_status(), status, "HTTP status of " + code)
        expect(e.get_request_id(), "no request id with " + code)
        return
    raise CheckFailed("expected %s, the call succeeded" % code)


def columns_by_name(row):
    """{name: value} of a returned row's attribute columns (value, timestamp tuples)."""
    expect(row is not None, "row not found")
    return {c[0]: c[1] for c in (row.attribute_columns or [])}


def ignore():
    return Condition(RowExistenceExpectation.IGNORE)


class Conformance:
    def __init__(self, client, args, secret):
        self.client = client
        self.args = args
        self.secret = secret
        suffix = uuid.uuid4().hex[:8]
        self.str_table = "pyconf_s_" + suffix
        self.cmp_table = "pyconf_c_" + suffix
        self.checks = Checks()

    # ---- table operations -------------------------------------------------------------
    def create_tables(self):
        options = TableOptions(time_to_live=-1, max_version=1)
        throughput = ReservedThroughput(CapacityUnit(0, 0))
        self.client.create_table(TableMeta(self.str_table, [("id", "STRING")]), options, throughput)
        self.client.create_table(
            TableMeta(self.cmp_table, [("gid", "INTEGER"), ("uid", "STRING")]), options, throughput)

    def list_table(self):
        names = self.client.list_table()
        for t in (self.str_table, self.cmp_table):
            expect(t in names, "%s missing from ListTable %r" % (t, names))

    def describe_table(self):
        resp = self.client.describe_table(self.cmp_table)
        expect_equal(resp.table_meta.table_name, self.cmp_table, "table name")
        expect_equal([tuple(x[:2]) for x in resp.table_meta.schema_of_primary_key],
                     [("gid", "INTEGER"), ("uid", "STRING")], "primary key schema")
        expect_equal(resp.table_options.max_version, 1, "max versions")
        expect_equal(resp.table_options.time_to_live, -1, "time to live")

    def update_table(self):
        resp = self.client.update_table(self.cmp_table, TableOptions(time_to_live=-1, max_version=2), None)
        expect_equal(resp.table_options.max_version, 2, "max versions in the UpdateTable response")
        described = self.client.describe_table(self.cmp_table)
        expect_equal(described.table_options.max_version, 2, "max versions described after UpdateTable")

    # ---- single-row operations ----------------------------------------------------------
    def put_row(self):
        row = Row([("id", "row-1")], [
            ("s", "hello"), ("i", 42), ("d", 2.5), ("b", True), ("bin", bytearray(b"\x00\x01\xff")),
            ("gone", "to be deleted")])
        consumed, _ = self.client.put_row(self.str_table, row, ignore())
        expect(consumed.write >= 1, "PutRow consumed %r write CU, expected >= 1" % consumed.write)

    def get_row(self):
        consumed, row, _ = self.client.get_row(self.str_table, [("id", "row-1")], max_version=1)
        expect(consumed.read >= 1, "GetRow consumed %r read CU, expected >= 1" % consumed.read)
        expect_equal(row.primary_key, [("id", "row-1")], "primary key")
        cols = columns_by_name(row)
        expect_equal(cols, {"s": "hello", "i": 42, "d": 2.5, "b": True,
                            "bin": bytearray(b"\x00\x01\xff"), "gone": "to be deleted"}, "columns")
        for c in row.attribute_columns:
            expect(isinstance(c[2], int) and c[2] > 0, "column %s has no timestamp: %r" % (c[0], c))

    def get_row_columns_to_get(self):
        _, row, _ = self.client.get_row(self.str_table, [("id", "row-1")], columns_to_get=["i", "s"],
                                        max_version=1)
        expect_equal(columns_by_name(row), {"s": "hello", "i": 42}, "columns_to_get [i, s]")

    def get_row_missing(self):
        consumed, row, _ = self.client.get_row(self.str_table, [("id", "no-such-row")], max_version=1)
        expect(row is None, "expected no row, got %r" % (row,))
        expect(consumed.read >= 1, "a miss still costs a read CU, got %r" % consumed.read)

    def update_row(self):
        row = Row([("id", "row-1")], {"PUT": [("s", "changed"), ("extra", 7)], "DELETE_ALL": ["gone"]})
        self.client.update_row(self.str_table, row, Condition(RowExistenceExpectation.EXPECT_EXIST))
        _, got, _ = self.client.get_row(self.str_table, [("id", "row-1")], max_version=1)
        cols = columns_by_name(got)
        expect("gone" not in cols, "deleted column still present: %r" % cols)
        expect_equal(cols.get("s"), "changed", "updated column s")
        expect_equal(cols.get("extra"), 7, "added column extra")
        expect_equal(cols.get("i"), 42, "untouched column i")

    def delete_row(self):
        consumed, _ = self.client.delete_row(self.str_table, Row([("id", "row-1")]), ignore())
        expect(consumed.write >= 1, "DeleteRow consumed %r write CU" % consumed.write)
        _, row, _ = self.client.get_row(self.str_table, [("id", "row-1")], max_version=1)
        expect(row is None, "row still there after DeleteRow: %r" % (row,))

    def condition_failure(self):
        self.client.put_row(self.str_table, Row([("id", "cond")], [("v", 1)]), ignore())
        expect_service_error(
            lambda: self.client.put_row(self.str_table, Row([("id", "cond")], [("v", 2)]),
                                        Condition(RowExistenceExpectation.EXPECT_NOT_EXIST)),
            "OTSConditionCheckFail", 403)
        expect_service_error(
            lambda: self.client.update_row(self.str_table, Row([("id", "cond-absent")], {"PUT": [("v", 1)]}),
                                           Condition(RowExistenceExpectation.EXPECT_EXIST)),
            "OTSConditionCheckFail", 403)
        _, row, _ = self.client.get_row(self.str_table, [("id", "cond")], max_version=1)
        expect_equal(columns_by_name(row).get("v"), 1, "value after the failed conditional put")

    def missing_table(self):
        expect_service_error(
            lambda: self.client.get_row("pyconf_no_such_table", [("id", "x")], max_version=1),
            "OTSObjectNotExist", 404)
        expect_service_error(lambda: self.client.describe_table("pyconf_no_such_table"),
                             "OTSObjectNotExist", 404)

    def wrong_secret(self):
        bad = OTSClient(self.args.endpoint, self.args.access_key_id, self.secret + "-wrong",
                        self.args.instance, retry_policy=NoRetryPolicy(), socket_timeout=30)
        expect_service_error(bad.list_table, "OTSAuthFailed", 403)
        expect_service_error(lambda: bad.get_row(self.str_table, [("id", "x")], max_version=1),
                             "OTSAuthFailed", 403)

    # ---- range and batch operations ------------------------------------------------------
    def get_range_forward(self):
        for uid in ("c", "a", "b"):
            self.client.put_row(self.cmp_table, Row([("gid", 1), ("uid", uid)], [("v", "v-" + uid)]), ignore())
        self.client.put_row(self.cmp_table, Row([("gid", 2), ("uid", "a")], [("v", "other")]), ignore())
        consumed, next_pk, rows, _ = self.client.get_range(
            self.cmp_table, Direction.FORWARD, [("gid", 1), ("uid", INF_MIN)], [("gid", 1), ("uid", INF_MAX)],
            max_version=1)
        expect_equal([r.primary_key for r in rows],
                     [[("gid", 1), ("uid", u)] for u in ("a", "b", "c")], "rows of gid=1 in order")
        expect_equal([columns_by_name(r)["v"] for r in rows], ["v-a", "v-b", "v-c"], "values")
        expect(next_pk is None, "next start key at the end of the range: %r" % (next_pk,))
        expect(consumed.read >= 1, "GetRange consumed %r read CU" % consumed.read)
        _, _, rows, _ = self.client.get_range(
            self.cmp_table, Direction.BACKWARD, [("gid", 1), ("uid", INF_MAX)], [("gid", 1), ("uid", INF_MIN)],
            columns_to_get=["v"], limit=2, max_version=1)
        expect_equal([r.primary_key[1][1] for r in rows], ["c", "b"], "backward, limit 2")

    def get_range_paginated(self):
        total = self.args.rows
        for start in range(0, total, BATCH_WRITE_LIMIT):
            items = [PutRowItem(Row([("gid", 100), ("uid", "k%06d" % n)], [("n", n)]), ignore())
                     for n in range(start, min(start + BATCH_WRITE_LIMIT, total))]
            request = BatchWriteRowRequest()
            request.add(TableInBatchWriteRowItem(self.cmp_table, items))
            result = self.client.batch_write_row(request)
            expect(result.is_all_succeed(), "BatchWriteRow rows failed: %r" % (
                [(r.error_code, r.error_message) for r in result.get_failed_of_put()][:3],))
        start_pk = [("gid", 100), ("uid", INF_MIN)]
        end_pk = [("gid", 100), ("uid", INF_MAX)]
        seen, pages, expected_n = 0, 0, 0
        while start_pk is not None:
            _, start_pk, rows, _ = self.client.get_range(self.cmp_table, Direction.FORWARD, start_pk, end_pk,
                                                         max_version=1)
            pages += 1
            expect(pages <= total + 1, "GetRange does not terminate")
            for r in rows:
                expect_equal(columns_by_name(r).get("n"), expected_n, "row %d of the scan" % expected_n)
                expected_n += 1
            seen += len(rows)
        expect_equal(seen, total, "rows read over %d pages" % pages)
        if total > 5000:  # the service returns at most 5000 rows per GetRange
            expect(pages >= 2, "%d rows came back in one GetRange page" % total)

    def batch_get_row(self):
        keys = [[("gid", 1), ("uid", "a")], [("gid", 9), ("uid", "none")], [("gid", 1), ("uid", "c")]]
        request = BatchGetRowRequest()
        request.add(TableInBatchGetRowItem(self.cmp_table, keys, columns_to_get=["v"], max_version=1))
        result = self.client.batch_get_row(request)
        rows = result.get_result_by_table(self.cmp_table)
        expect_equal(len(rows), 3, "results for 3 keys")
        expect(all(r.is_ok for r in rows), "failed rows: %r" % [(r.error_code, r.error_message) for r in rows])
        expect_equal(rows[0].row.primary_key, keys[0], "first row key")
        expect_equal(columns_by_name(rows[0].row), {"v": "v-a"}, "first row")
        expect(rows[1].row is None, "missing key returned a row: %r" % (rows[1].row,))
        expect_equal(columns_by_name(rows[2].row), {"v": "v-c"}, "third row")

    def batch_write_row(self):
        items = [
            PutRowItem(Row([("gid", 3), ("uid", "p")], [("v", "put")]), ignore()),
            UpdateRowItem(Row([("gid", 1), ("uid", "a")], {"PUT": [("v", "upd")]}),
                          Condition(RowExistenceExpectation.EXPECT_EXIST)),
            DeleteRowItem(Row([("gid", 1), ("uid", "b")]), ignore()),
            PutRowItem(Row([("gid", 1), ("uid", "c")], [("v", "x")]),
                       Condition(RowExistenceExpectation.EXPECT_NOT_EXIST)),
        ]
        request = BatchWriteRowRequest()
        request.add(TableInBatchWriteRowItem(self.cmp_table, items))
        result = self.client.batch_write_row(request)
        puts = result.get_put_by_table(self.cmp_table)
        expect_equal([r.is_ok for r in puts], [True, False], "put results (2nd violates its condition)")
        expect_equal(puts[1].error_code, "OTSConditionCheckFail", "failed row's error code")
        expect_equal([r.is_ok for r in result.get_update_by_table(self.cmp_table)], [True], "update result")
        expect_equal([r.is_ok for r in result.get_delete_by_table(self.cmp_table)], [True], "delete result")
        _, got, _ = self.client.get_row(self.cmp_table, [("gid", 3), ("uid", "p")], max_version=1)
        expect_equal(columns_by_name(got), {"v": "put"}, "row put by the batch")
        _, got, _ = self.client.get_row(self.cmp_table, [("gid", 1), ("uid", "a")], max_version=1)
        expect_equal(columns_by_name(got), {"v": "upd"}, "row updated by the batch")
        _, got, _ = self.client.get_row(self.cmp_table, [("gid", 1), ("uid", "b")], max_version=1)
        expect(got is None, "row deleted by the batch still there")
        _, got, _ = self.client.get_row(self.cmp_table, [("gid", 1), ("uid", "c")], max_version=1)
        expect_equal(columns_by_name(got), {"v": "v-c"}, "row whose conditional put failed")

    def delete_tables(self):
        for t in (self.str_table, self.cmp_table):
            self.client.delete_table(t)
        names = self.client.list_table()
        for t in (self.str_table, self.cmp_table):
            expect(t not in names, "%s still listed after DeleteTable" % t)
        expect_service_error(lambda: self.client.describe_table(self.str_table), "OTSObjectNotExist", 404)

    def run(self):
        c = self.checks
        if c.run("CreateTable", self.create_tables):
            c.run("ListTable", self.list_table)
            c.run("DescribeTable", self.describe_table)
            c.run("UpdateTable", self.update_table)
            c.run("PutRow", self.put_row)
            c.run("GetRow", self.get_row)
            c.run("GetRow columns_to_get", self.get_row_columns_to_get)
            c.run("GetRow missing row", self.get_row_missing)
            c.run("UpdateRow put and delete column", self.update_row)
            c.run("DeleteRow", self.delete_row)
            c.run("GetRange forward", self.get_range_forward)
            c.run("BatchGetRow", self.batch_get_row)
            c.run("BatchWriteRow", self.batch_write_row)
            c.run("GetRange paginated over %d rows" % self.args.rows, self.get_range_paginated)
            c.run("Condition failure", self.condition_failure)
            c.run("Missing table", self.missing_table)
            c.run("Wrong secret", self.wrong_secret)
            c.run("DeleteTable", self.delete_tables)
        print("%d passed, %d failed" % (c.passed, c.failed), flush=True)
        return 0 if c.failed == 0 else 1


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--endpoint", default=os.environ.get("TABLESTORE_ENDPOINT"))
    parser.add_argument("--instance", default=os.environ.get("TABLESTORE_INSTANCE"))
    parser.add_argument("--access-key-id", default=os.environ.get("TABLESTORE_ACCESS_KEY_ID"))
    parser.add_argument("--rows", type=int, default=6000, help="rows written for the paginated GetRange")
    args = parser.parse_args(argv)
    secret = os.environ.get(SECRET_ENV)
    missing = [n for n, v in (("--endpoint", args.endpoint), ("--instance", args.instance),
                              ("--access-key-id", args.access_key_id), (SECRET_ENV, secret)) if not v]
    if missing:
        parser.error("missing " + ", ".join(missing))
    client = OTSClient(args.endpoint, args.access_key_id, secret, args.instance,
                       retry_policy=NoRetryPolicy(), socket_timeout=30)
    return Conformance(client, args, secret).run()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
