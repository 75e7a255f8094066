package io.tablestoreycsb.mock;

import com.alicloud.openservices.tablestore.AsyncClient;
import com.alicloud.openservices.tablestore.ClientConfiguration;
import com.alicloud.openservices.tablestore.InternalClient;
import com.alicloud.openservices.tablestore.SyncClient;
import com.alicloud.openservices.tablestore.model.NoRetryStrategy;

/** Real SDK clients for a mock, configured not to retry so that errors surface at once. */
final class SdkClients {
  private SdkClients() {}

  static ClientConfiguration noRetry() {
    ClientConfiguration config = new ClientConfiguration();
    config.setRetryStrategy(new NoRetryStrategy());
    config.setConnectionTimeoutInMillisecond(5_000);
    config.setSocketTimeoutInMillisecond(30_000);
    config.setIoThreadCount(2);
    return config;
  }

  static SyncClient sync(MockTablestore mock) {
    return sync(mock, mock.accessKeyId(), mock.accessKeySecret(), mock.instanceName());
  }

  static SyncClient sync(MockTablestore mock, String accessKeyId, String secret, String instance) {
    return new SyncClient(mock.endpoint(), accessKeyId, secret, instance, noRetry());
  }

  static AsyncClient async(MockTablestore mock) {
    return new AsyncClient(mock.endpoint(), mock.accessKeyId(), mock.accessKeySecret(), mock.instanceName(), noRetry());
  }

  static InternalClient internal(MockTablestore mock) {
    return new InternalClient(mock.endpoint(), mock.accessKeyId(), mock.accessKeySecret(), mock.instanceName(), noRetry());
  }
}
