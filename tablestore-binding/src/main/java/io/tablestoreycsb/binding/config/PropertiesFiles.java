package io.tablestoreycsb.binding.config;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a {@code -P} properties file as YCSB does (ISO 8859-1, {@link Properties#load}), with
 * errors that start with {@code -P FILE:} and name the mistake: a directory, a missing file, a {@code \}{@code u}
 * that is not a unicode escape (a Windows path such as {@code C:\}{@code users} in a value),
 * with its line.
 */
public final class PropertiesFiles {
  /** A backslash-u not preceded by an escaping backslash and not followed by four hex digits. */
  private static final Pattern BAD_UNICODE_ESCAPE =
      Pattern.compile("(?<!\\\\)(?:\\\\\\\\)*\\\\u(?![0-9A-Fa-f]{4})(.{0,4})");

  private PropertiesFiles() {
  }

  /** The properties of {@code file}. */
  public static Properties load(Path file) {
    Properties props = new Properties();
    loadInto(props, file);
    return props;
  }

  /**
   * Adds the properties of {@code file} to {@code props} (a later file's values win, as in YCSB).
   *
   * @throws IllegalArgumentException naming the file and what is wrong with it
   */
  public static void loadInto(Properties props, Path file) {
    if (Files.isDirectory(file)) {
      throw new IllegalArgumentException("-P " + file + ": is a directory, not a properties file");
    }
    byte[] bytes;
    try {
      bytes = Files.readAllBytes(file);
    } catch (NoSuchFileException e) {
      throw new IllegalArgumentException("-P " + file + ": no such file");
    } catch (AccessDeniedException e) {
      throw new IllegalArgumentException("-P " + file + ": permission denied");
    } catch (IOException e) {
      throw new IllegalArgumentException("-P " + file + ": cannot read it: " + e.getMessage(), e);
    }
    try {
      props.load(new ByteArrayInputStream(bytes));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("-P " + file + ": " + describeBadEscape(new String(bytes, StandardCharsets.ISO_8859_1),
          e.getMessage()), e);
    } catch (IOException e) {
      throw new IllegalArgumentException("-P " + file + ": cannot read it: " + e.getMessage(), e);
    }
  }

  /** Where the first bad backslash-u escape is, and how to write a backslash. */
  private static String describeBadEscape(String text, String loadError) {
    String[] lines = text.split("\\R", -1);
    for (int i = 0; i < lines.length; i++) {
      Matcher m = BAD_UNICODE_ESCAPE.matcher(lines[i]);
      if (m.find()) {
        return "line " + (i + 1) + ": '\\u" + m.group(1) + "' is not a \\uXXXX unicode escape; write a backslash"
            + " as \\\\ (e.g. C:\\\\Users\\\\me) or use /";
      }
    }
    return loadError; // Properties.load's own words ("Malformed \\uxxxx encoding.") when the line is not found
  }
}
