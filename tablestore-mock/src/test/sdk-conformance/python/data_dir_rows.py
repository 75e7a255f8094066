#!/usr/bin/env python3
"""The official Python SDK writes 1,000 rows, or reads them back after the mock restarted on its data directory.

Usage:
    TABLESTORE_ACCESS_KEY_SECRET=... python3 data_dir_rows.py write|read \
        --endpoint http://127.0.0.1:PORT --instance mock --access-key-id ID [--rows 1000]

write: creates table ``kept`` and puts rows row0000.. each with an integer and a string column,
printing ``acknowledged N`` once every PutRow has been answered.
read: scans ``kept`` (following next_start_primary_key) and checks every row and value.
Prints ``PASS name`` or ``FAIL name: detail`` per check and ``N passed, N failed``; exits 1 when a
check failed, 2 on bad usage. The secret is read only from the environment.
"""

import argparse
import logging
import os
import sys

logging.getLogger("tablestore").setLevel(logging.CRITICAL)

from tablestore import (  # noqa: E402  (import after the logging setup on purpose)
    INF_MAX,
    INF_MIN,
    CapacityUnit,
    Condition,
    Direction,
    NoRetryPolicy,
    OTSClient,
    ReservedThroughput,
    Row,
    RowExistenceExpectation,
    TableMeta,
    TableOptions,
)

TABLE = "kept"


def expected(i):
    return {"n": i, "s": "value %d" % i}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("mode", choices=["write", "read"])
    parser.add_argument("--endpoint", required=True)
    parser.add_argument("--instance", required=True)
    parser.add_argument("--access-key-id", required=True)
    parser.add_argument("--rows", type=int, default=1000)
    args = parser.parse_args()
    secret = os.environ.get("TABLESTORE_ACCESS_KEY_SECRET")
    if not secret:
        print("TABLESTORE_ACCESS_KEY_SECRET is not set", file=sys.stderr)
        return 2
    client = OTSClient(args.endpoint, args.access_key_id, secret, args.instance, retry_policy=NoRetryPolicy(),
                       socket_timeout=30)
    if args.mode == "write":
        client.create_table(TableMeta(TABLE, [("id", "STRING")]), TableOptions(), ReservedThroughput(CapacityUnit(0, 0)))
        for i in range(args.rows):
            attributes = sorted(expected(i).items())
            client.put_row(TABLE, Row([("id", "row%04d" % i)], attributes), Condition(RowExistenceExpectation.IGNORE))
        print("acknowledged %d" % args.rows)
        print("1 passed, 0 failed")
        return 0
    seen = {}
    start = [("id", INF_MIN)]
    while start is not None:
        _, start, rows, _ = client.get_range(TABLE, Direction.FORWARD, start, [("id", INF_MAX)], max_version=1)
        for row in rows:
            seen[row.primary_key[0][1]] = {c[0]: c[1] for c in row.attribute_columns}
    wrong = [i for i in range(args.rows) if seen.get("row%04d" % i) != expected(i)]
    if wrong:
        print("FAIL rows: %d of %d rows missing or changed, first row%04d: %r"
              % (len(wrong), args.rows, wrong[0], seen.get("row%04d" % wrong[0])))
        print("0 passed, 1 failed")
        return 1
    print("PASS rows: all %d rows read back with their values (%d rows in the table)" % (args.rows, len(seen)))
    print("1 passed, 0 failed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
