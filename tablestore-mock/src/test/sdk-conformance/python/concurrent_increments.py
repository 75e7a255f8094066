#!/usr/bin/env python3
"""Many official Python SDK clients changing one row at once: every acknowledged change counts once.

Usage:
    TABLESTORE_ACCESS_KEY_SECRET=... python3 concurrent_increments.py \
        --endpoint http://127.0.0.1:PORT --instance mock --access-key-id ID [--clients 20] [--rounds 1]

Each round, on a row of its own:
- increments: client t (1..N) sends 25 UpdateRow requests, each an atomic increment of column
  ``price`` by t; the row must end at the sum of the acknowledged increments (25 x N(N+1)/2 when
  none failed);
- compare-and-set: every client reads ``counter`` and writes counter + 1 under a column condition
  (counter == the value read), 10 attempts each; the counter must end at the number of updates
  the endpoint acknowledged.

Prints ``PASS name`` or ``FAIL name: detail`` per check and ``N passed, N failed``; exits 1 when a
check failed, 2 on bad usage. The secret is read only from the environment.
"""

import argparse
import logging
import os
import sys
import threading
import uuid

logging.getLogger("tablestore").setLevel(logging.CRITICAL)

from tablestore import (  # noqa: E402  (import after the logging setup on purpose)
    CapacityUnit,
    ComparatorType,
    Condition,
    OTSClient,
    OTSServiceError,
    ReservedThroughput,
    Row,
    RowExistenceExpectation,
    SingleColumnCondition,
    TableMeta,
    TableOptions,
)

SECRET_ENV = "TABLESTORE_ACCESS_KEY_SECRET"
INCREMENTS_PER_CLIENT = 25
CAS_ATTEMPTS_PER_CLIENT = 10


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--endpoint", default=os.environ.get("TABLESTORE_ENDPOINT"))
    parser.add_argument("--instance", default=os.environ.get("TABLESTORE_INSTANCE"))
    parser.add_argument("--access-key-id", default=os.environ.get("TABLESTORE_ACCESS_KEY_ID"))
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=1)
    args = parser.parse_args()
    secret = os.environ.get(SECRET_ENV)
    missing = [name for name, value in (("--endpoint", args.endpoint), ("--instance", args.instance),
                                        ("--access-key-id", args.access_key_id), (SECRET_ENV, secret)) if not value]
    if missing:
        parser.error("missing " + ", ".join(missing))
    return args, secret


def run_clients(count, body):
    """Runs body(t) for t in 1..count on threads of their own; returns the exceptions they raised."""
    errors = []
    lock = threading.Lock()

    def run(t):
        try:
            body(t)
        except Exception as e:  # noqa: BLE001 (reported as a failed check)
            with lock:
                errors.append("client %d: %r" % (t, e))

    threads = [threading.Thread(target=run, args=(t,)) for t in range(1, count + 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return errors


def read_column(client, table, key, column):
    _, row, _ = client.get_row(table, [("pk", key)], columns_to_get=[column], max_version=1)
    if row is None:
        return None
    values = [value for name, value, _ in row.attribute_columns if name == column]
    return values[0] if values else None


def increments_round(clients, table, key):
    acknowledged = [0] * (len(clients) + 1)

    def body(t):
        for _ in range(INCREMENTS_PER_CLIENT):
            row = Row([("pk", key)], {"increment": [("price", t)]})
            clients[t - 1].update_row(table, row, Condition(RowExistenceExpectation.IGNORE))
            acknowledged[t] += t

    errors = run_clients(len(clients), body)
    final = read_column(clients[0], table, key, "price")
    return sum(acknowledged), final, errors


def compare_and_set_round(clients, table, key):
    clients[0].put_row(table, Row([("pk", key)], [("counter", 0)]), Condition(RowExistenceExpectation.IGNORE))
    succeeded = [0] * (len(clients) + 1)

    def body(t):
        client = clients[t - 1]
        for _ in range(CAS_ATTEMPTS_PER_CLIENT):
            seen = read_column(client, table, key, "counter")
            condition = Condition(RowExistenceExpectation.EXPECT_EXIST,
                                  SingleColumnCondition("counter", seen, ComparatorType.EQUAL))
            row = Row([("pk", key)], {"put": [("counter", seen + 1)]})
            try:
                client.update_row(table, row, condition)
                succeeded[t] += 1
            except OTSServiceError as e:
                if e.get_error_code() != "OTSConditionCheckFail":
                    raise

    errors = run_clients(len(clients), body)
    final = read_column(clients[0], table, key, "counter")
    return sum(succeeded), final, errors


def main():
    args, secret = parse_args()
    clients = [OTSClient(args.endpoint, args.access_key_id, secret, args.instance, logger_name="tablestore")
               for _ in range(args.clients)]
    table = "increments_" + uuid.uuid4().hex[:12]
    clients[0].create_table(TableMeta(table, [("pk", "STRING")]), TableOptions(-1, 1),
                            ReservedThroughput(CapacityUnit(0, 0)))
    passed = failed = 0
    try:
        for round_number in range(1, args.rounds + 1):
            for name, run_round in (("increments", increments_round), ("compare-and-set", compare_and_set_round)):
                acknowledged, final, errors = run_round(clients, table, "%s-%d" % (name, round_number))
                check = "%s round %d" % (name, round_number)
                if errors:
                    failed += 1
                    print("FAIL %s: %d client errors, first: %s" % (check, len(errors), errors[0]))
                elif final != acknowledged:
                    failed += 1
                    print("FAIL %s: the row ends at %s, the acknowledged changes add up to %d"
                          % (check, final, acknowledged))
                else:
                    passed += 1
                    print("PASS %s: %d acknowledged, the row ends at %d" % (check, acknowledged, final))
    finally:
        clients[0].delete_table(table)
    print("%d passed, %d failed" % (passed, failed))
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
