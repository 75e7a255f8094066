"""tablestore-mock for Python tests: the container (Testcontainers) and its admin API.

    with TablestoreMockContainer("tablestore-mock:dev") as mock:
        client = mock.client()                    # tablestore.OTSClient for the container
        mock.admin.add_fault("PutRow=OTSServerBusy@1.0")
        ...
        mock.admin.journal(action="PutRow")       # what the mock served
        mock.admin.clear_faults()
        mock.admin.reset()                        # no table left

MockAdmin also talks to a mock started as bin/tablestore-mock: MockAdmin("http://127.0.0.1:8800").
See docs/mock-admin.md.
"""

from .admin import MockAdmin, MockAdminError
from .container import TablestoreMockContainer

__all__ = ["MockAdmin", "MockAdminError", "TablestoreMockContainer"]
