package io.tablestoreycsb.mock.storage;

/**
 * A table's stream (CreateTable/UpdateTable {@code stream_spec}): whether writes are logged, the
 * stream's id, how long records are kept, when the stream was last enabled, and the columns whose
 * values before each write its records carry ({@code columns_to_get}, the SDKs' origin columns).
 */
public record StreamSettings(boolean enabled, String streamId, int expirationHours, long lastEnableTimeMillis,
    java.util.List<String> originColumns) {
  public StreamSettings {
    originColumns = java.util.List.copyOf(originColumns);
  }

  /** A stream whose records carry no origin columns. */
  public StreamSettings(boolean enabled, String streamId, int expirationHours, long lastEnableTimeMillis) {
    this(enabled, streamId, expirationHours, lastEnableTimeMillis, java.util.List.of());
  }

  /** The service's default and its bounds for {@code expiration_time}, in hours. */
  public static final int DEFAULT_EXPIRATION_HOURS = 24;
  public static final int MIN_EXPIRATION_HOURS = 1;
  public static final int MAX_EXPIRATION_HOURS = 168;

  public static final StreamSettings DISABLED = new StreamSettings(false, null, 0, 0);

  public long expirationMillis() {
    return expirationHours * 3_600_000L;
  }
}
