"""A client of the mock's admin API (/_mock/...), JSON in and out, standard library only."""

import base64
import datetime
import hashlib
import hmac
import json
import urllib.error
import urllib.parse
import urllib.request
from typing import Any, Optional


class MockAdminError(Exception):
    """The admin API refused a request: its HTTP status and the mock's message."""

    def __init__(self, status: int, message: str):
        super().__init__(f"{status}: {message}")
        self.status = status
        self.message = message


def signature(secret: str, method: str, target: str, date: str, body: bytes) -> str:
    """X-Mock-Signature: Base64(HMAC-SHA1(secret, METHOD \\n TARGET \\n DATE \\n Base64(MD5(body))))."""
    md5 = base64.b64encode(hashlib.md5(body).digest()).decode()
    to_sign = "\n".join([method, target, date, md5])
    return base64.b64encode(hmac.new(secret.encode(), to_sign.encode(), hashlib.sha1).digest()).decode()


class MockAdmin:
    """The admin API of one mock. With credentials every request is signed (a mock bound beyond
    loopback, such as the container, refuses unsigned ones); without, requests go unsigned."""

    def __init__(self, endpoint: str, access_key_id: Optional[str] = None,
                 access_key_secret: Optional[str] = None, timeout: float = 30):
        self.endpoint = endpoint.rstrip("/")
        self._access_key_id = access_key_id
        self._secret = access_key_secret
        self._timeout = timeout

    def request(self, method: str, path: str, body: str = "", query: Optional[dict] = None) -> Any:
        """Sends one request and returns its JSON; raises MockAdminError for a 4xx or 5xx."""
        target = path
        if query:
            target += "?" + urllib.parse.urlencode({k: v for k, v in query.items() if v is not None})
        data = body.encode()
        headers = {"Content-Type": "text/plain; charset=utf-8"}
        if self._access_key_id is not None:
            date = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
            headers["X-Mock-AccessKeyId"] = self._access_key_id
            headers["X-Mock-Date"] = date
            headers["X-Mock-Signature"] = signature(self._secret, method, target, date, data)
        req = urllib.request.Request(self.endpoint + target, data=data if method != "GET" else None,
                                     method=method, headers=headers)
        try:
            with urllib.request.urlopen(req, timeout=self._timeout) as reply:
                return json.load(reply)
        except urllib.error.HTTPError as e:
            text = e.read().decode(errors="replace")
            try:
                message = json.loads(text).get("error", text)
            except ValueError:
                message = text
            raise MockAdminError(e.code, message) from None

    # faults, latency, capacity
    def add_fault(self, spec: str) -> dict:
        """Adds a rule in the --fault syntax, e.g. PutRow=OTSServerBusy@1.0; returns it with its id."""
        return self.request("POST", "/_mock/faults", spec)

    def faults(self) -> list:
        """The fault rules, each with its id and how often it fired."""
        return self.request("GET", "/_mock/faults")["faults"]

    def remove_fault(self, rule_id: int) -> None:
        self.request("DELETE", f"/_mock/faults/{rule_id}")

    def clear_faults(self) -> list:
        """Removes every fault rule; returns them as they were (with how often each fired)."""
        return self.request("DELETE", "/_mock/faults")["removed"]

    def add_latency(self, spec: str) -> dict:
        """Adds a rule in the --latency syntax, e.g. GetRow=uniform(1ms,5ms)."""
        return self.request("POST", "/_mock/latency", spec)

    def latencies(self) -> list:
        return self.request("GET", "/_mock/latency")["latency"]

    def clear_latencies(self) -> list:
        return self.request("DELETE", "/_mock/latency")["removed"]

    def set_partition_capacity(self, rows_per_second: float) -> None:
        """Rows per second per partition; 0 = unlimited."""
        self.request("POST", "/_mock/capacity", str(rows_per_second))

    # journal
    def journal(self, action: Optional[str] = None, table: Optional[str] = None,
                since: Optional[int] = None) -> list:
        """The recorded requests, oldest first: action, table, rows (primary keys), status,
        errorCode, injected, consumedCapacity, time, requestId, sequence."""
        return self.request("GET", "/_mock/journal",
                            query={"action": action, "table": table, "since": since})["requests"]

    def clear_journal(self) -> None:
        self.request("DELETE", "/_mock/journal")

    # state
    def reset(self) -> dict:
        """Drops every table, row, stream, tunnel and local transaction; faults and journal stay."""
        return self.request("POST", "/_mock/reset")

    def health(self) -> dict:
        return self.request("GET", "/_mock/health")
