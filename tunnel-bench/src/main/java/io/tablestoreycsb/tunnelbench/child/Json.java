package io.tablestoreycsb.tunnelbench.child;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** Result files as JSON, written whole or not at all. */
public final class Json {
  public static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private Json() {}

  public static void write(Path file, Object value) throws IOException {
    Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
    MAPPER.writeValue(tmp.toFile(), value);
    Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }

  public static <T> T read(Path file, Class<T> type) throws IOException {
    return MAPPER.readValue(file.toFile(), type);
  }
}
