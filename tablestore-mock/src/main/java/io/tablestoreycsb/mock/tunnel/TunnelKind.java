package io.tablestoreycsb.mock.tunnel;

/**
 * A tunnel's type: Stream (the change log from a start point), BaseData (a full read of every
 * partition) or BaseAndStream (the full read, then the change log from the tunnel's creation).
 */
enum TunnelKind {
  STREAM("Stream", false, true),
  BASE_DATA("BaseData", true, false),
  BASE_AND_STREAM("BaseAndStream", true, true);

  /** The name on the wire (TunnelInfo.tunnel_type, the SDK's TunnelType enum constant). */
  final String wireName;
  final boolean hasBaseData;
  final boolean hasStream;

  TunnelKind(String wireName, boolean hasBaseData, boolean hasStream) {
    this.wireName = wireName;
    this.hasBaseData = hasBaseData;
    this.hasStream = hasStream;
  }
}
