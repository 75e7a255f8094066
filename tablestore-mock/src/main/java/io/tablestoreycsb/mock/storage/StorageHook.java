package io.tablestoreycsb.mock.storage;

/**
 * The one place a catalog's tables and partitions find the {@link StorageListener} (none unless
 * one is attached), so that a listener attached after tables exist reaches them all.
 */
final class StorageHook {
  volatile StorageListener listener;
}
