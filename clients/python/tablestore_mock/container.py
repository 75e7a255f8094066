"""The mock's container image under Testcontainers."""

import ipaddress
import os
import re
import socket
from typing import Optional

from testcontainers.core.config import ConnectionMode
from testcontainers.core.container import DockerContainer
from testcontainers.core.wait_strategies import LogMessageWaitStrategy

from .admin import MockAdmin

PORT = 8800
READY_LINE = r"tablestore-mock listening on "
DEFAULT_INSTANCE = "mock"
DEFAULT_ACCESS_KEY_ID = "mock-access-key-id"
DEFAULT_ACCESS_KEY_SECRET = "mock-access-key-secret"
DATA_DIR = "/data"   # the image's volume (tablestore-mock/Dockerfile)
_VOLUME_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*")


def _is_loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(socket.gethostbyname(host)).is_loopback
    except (OSError, ValueError):
        return False


class TablestoreMockContainer(DockerContainer):
    """tablestore-mock in a container (the image tablestore-mock/Dockerfile builds).

    Inside the container the mock listens on 0.0.0.0:8800; on a local engine the port is published
    on the host's loopback only (a random port). The credentials reach it as environment variables.
    The container is ready when the mock prints its ready line.
    """

    def __init__(self, image: str = "tablestore-mock:dev", instance_name: str = DEFAULT_INSTANCE,
                 access_key_id: str = DEFAULT_ACCESS_KEY_ID,
                 access_key_secret: str = DEFAULT_ACCESS_KEY_SECRET, **kwargs):
        super().__init__(image, **kwargs)
        self.instance_name = instance_name
        self.access_key_id = access_key_id
        self.access_key_secret = access_key_secret
        self._options: list = []
        self._data: Optional[tuple] = None   # (volume name or host directory, "uid:gid" to run as or None)
        self.with_env("TABLESTORE_MOCK_ACCESS_KEY_ID", access_key_id)
        self.with_env("TABLESTORE_MOCK_ACCESS_KEY_SECRET", access_key_secret)
        self.waiting_for(LogMessageWaitStrategy(READY_LINE).with_poll_interval(0.1))

    def with_fault(self, spec: str) -> "TablestoreMockContainer":
        """A fault rule from the start (--fault SPEC); at run time use admin.add_fault."""
        self._options += ["--fault", spec]
        return self

    def with_latency(self, spec: str) -> "TablestoreMockContainer":
        self._options += ["--latency", spec]
        return self

    def with_option(self, *args: str) -> "TablestoreMockContainer":
        """Any other launcher option, e.g. with_option("--journal-capacity", "50000")."""
        self._options += list(args)
        return self

    def with_data_volume(self, name: str) -> "TablestoreMockContainer":
        """Keeps the mock's state in the Docker volume NAME (--data-dir /data on it; the engine creates
        it when missing, owned by the image's user): a container started later on the same volume
        serves the tables and rows this one acknowledged. One container at a time per volume."""
        if not _VOLUME_NAME.fullmatch(name or ""):
            raise ValueError(f"a Docker volume name is letters, digits and _.- (starting with a letter or digit),"
                             f" got {name!r}; for a host directory use with_data_directory(path)")
        self._data = (name, None)
        return self

    def with_data_directory(self, path) -> "TablestoreMockContainer":
        """Keeps the mock's state in the host directory PATH (created when missing; the engine must run
        on this machine), as with_data_volume does in a volume. The container runs as the directory's
        owner, so the mock may write there and its files belong to that owner on the host."""
        directory = os.path.abspath(path)
        os.makedirs(directory, exist_ok=True)
        owner = os.stat(directory)
        self._data = (directory, f"{owner.st_uid}:{owner.st_gid}")
        return self

    def start(self) -> "TablestoreMockContainer":
        data_options = []
        if self._data is not None:
            source, user = self._data
            self.with_volume_mapping(source, DATA_DIR, "rw")
            if user is not None:
                self.with_kwargs(**{**self._kwargs, "user": user})
            data_options = ["--data-dir", DATA_DIR]
        self.with_command(["--host", "0.0.0.0", "--port", str(PORT), "--instance", self.instance_name]
                          + self._options + data_options)
        client = self.get_docker_client()
        if client.get_connection_mode() == ConnectionMode.docker_host and _is_loopback(client.host()):
            self.ports[f"{PORT}/tcp"] = ("127.0.0.1", None)   # a random port on the host's loopback only
        else:
            self.with_exposed_ports(PORT)
        super().start()
        return self

    @property
    def endpoint(self) -> str:
        """The endpoint clients on the Docker host use, e.g. http://127.0.0.1:32768."""
        host = self.get_container_host_ip()
        if host == "localhost":
            host = "127.0.0.1"   # where the port is published; "localhost" may name ::1 first
        return f"http://{host}:{self.get_exposed_port(PORT)}"

    @property
    def admin(self) -> MockAdmin:
        """The admin API, signed with the mock's credentials (the container requires them)."""
        return MockAdmin(self.endpoint, self.access_key_id, self.access_key_secret)

    def client(self, retry_policy: Optional[object] = None, **kwargs):
        """An official SDK client (tablestore.OTSClient) for this mock."""
        from tablestore import OTSClient
        if retry_policy is not None:
            kwargs["retry_policy"] = retry_policy
        return OTSClient(self.endpoint, self.access_key_id, self.access_key_secret, self.instance_name, **kwargs)
