package io.tablestoreycsb.binding.config;

/** A property is missing or has a value the binding cannot use; the message names the property. */
public class ConfigException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  public ConfigException(String message) {
    super(message);
  }
}
