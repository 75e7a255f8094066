"""What a team's test looks like: the official SDK against the mock's container, a fault injected
mid-test, the SDK's retries seen in the mock's journal, then the fault removed and the write done.

Runs against the image named by $TABLESTORE_MOCK_IMAGE (default tablestore-mock:dev; see
docs/mock-admin.md for building it).
"""

import os

import docker
import pytest
from tablestore import CapacityUnit, OTSServiceError, ReservedThroughput, Row, TableMeta, TableOptions
from tablestore.retry import DefaultRetryPolicy

from tablestore_mock import MockAdminError, TablestoreMockContainer

IMAGE = os.environ.get("TABLESTORE_MOCK_IMAGE", "tablestore-mock:dev")


def _engine_missing():
    try:
        docker.from_env().ping()
        return None
    except Exception as e:  # no engine, no socket, no permission: the machine's fact, not the mock's
        return f"no Docker engine answers ({e.__class__.__name__})"


@pytest.fixture(scope="module")
def mock():
    missing = _engine_missing()
    if missing and os.environ.get("TSY_CONTAINER_TESTS") != "required":
        pytest.skip(missing)
    with TablestoreMockContainer(IMAGE, access_key_id="py-test-id", access_key_secret="py-test-secret") as container:
        yield container


@pytest.fixture(autouse=True)
def fresh(mock):
    """Each test starts with no table, no fault and an empty journal."""
    mock.admin.reset()
    mock.admin.clear_faults()
    mock.admin.clear_journal()
    yield


class FewQuickRetries(DefaultRetryPolicy):
    """The SDK's default policy, with 3 retries a few ms apart so the test stays short."""
    max_retry_times = 3
    server_throttling_exception_delay_factor = 0.01
    stability_exception_delay_factor = 0.01


def create_users_table(client):
    client.create_table(TableMeta("users", [("userid", "STRING")]), TableOptions(),
                        ReservedThroughput(CapacityUnit(0, 0)))


def test_a_busy_put_row_is_retried_then_succeeds_once_the_fault_is_gone(mock):
    client = mock.client(retry_policy=FewQuickRetries())
    create_users_table(client)
    client.put_row("users", Row([("userid", "u1")], [("name", "Ann")]))

    fault = mock.admin.add_fault("PutRow=OTSServerBusy@1.0")
    with pytest.raises(OTSServiceError) as refused:
        client.put_row("users", Row([("userid", "u2")], [("name", "Bob")]))

    assert refused.value.get_error_code() == "OTSServerBusy"
    attempts = [r for r in mock.admin.journal(action="PutRow", table="users") if r["rows"][0]["primaryKey"] == {"userid": "u2"}]
    assert len(attempts) == 1 + FewQuickRetries.max_retry_times          # the first try and each retry
    assert all(a["status"] == 503 and a["errorCode"] == "OTSServerBusy" and a["injected"] for a in attempts)
    assert [f["fired"] for f in mock.admin.faults() if f["id"] == fault["id"]] == [len(attempts)]

    mock.admin.clear_faults()
    client.put_row("users", Row([("userid", "u2")], [("name", "Bob")]))

    after = mock.admin.journal(action="PutRow", since=attempts[-1]["sequence"])
    assert [(a["status"], a["rows"][0]["primaryKey"]["userid"]) for a in after] == [(200, "u2")]
    _, row, _ = client.get_row("users", [("userid", "u2")], max_version=1)
    assert row.attribute_columns[0][1] == "Bob"


def test_reset_leaves_no_table(mock):
    client = mock.client()
    create_users_table(client)
    assert list(client.list_table()) == ["users"]

    dropped = mock.admin.reset()

    assert dropped["tables"] == 1
    assert list(client.list_table()) == []


def test_the_container_refuses_unsigned_admin_requests(mock):
    from tablestore_mock import MockAdmin

    with pytest.raises(MockAdminError) as refused:
        MockAdmin(mock.endpoint).add_fault("PutRow=OTSServerBusy@1.0")

    assert refused.value.status == 401
    assert mock.admin.faults() == []


def test_a_data_directory_keeps_rows_for_the_next_container(mock, tmp_path):
    data = tmp_path / "mock-data"
    with TablestoreMockContainer(IMAGE).with_data_directory(data) as first:
        client = first.client()
        create_users_table(client)
        client.put_row("users", Row([("userid", "u1")], [("name", "Ann")]))
    # leaving the block killed and removed the container; the directory keeps what it acknowledged

    with TablestoreMockContainer(IMAGE).with_data_directory(data) as second:
        _, row, _ = second.client().get_row("users", [("userid", "u1")], max_version=1)

    assert row.attribute_columns[0][1] == "Ann"
    owner = os.stat(data).st_uid
    assert {name: os.stat(data / name).st_uid for name in ("FORMAT", "state.mv", "lock")} == \
        {"FORMAT": owner, "state.mv": owner, "lock": owner}


def test_a_volume_name_that_is_a_path_is_refused_naming_the_other_method():
    with pytest.raises(ValueError, match=r"with_data_directory\(path\)"):
        TablestoreMockContainer(IMAGE).with_data_volume("/home/me/mock-data")
