package io.tablestoreycsb.binding.client;

import com.alicloud.openservices.tablestore.SyncClient;

/** A DB instance's use of an SDK client; closing it releases (and possibly shuts down) the client. */
public interface ClientLease extends AutoCloseable {
  SyncClient client();

  @Override
  void close();
}
