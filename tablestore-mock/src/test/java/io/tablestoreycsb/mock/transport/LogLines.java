package io.tablestoreycsb.mock.transport;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.LoggerConfig;
import org.apache.logging.log4j.core.config.Property;

/**
 * The lines one logger writes while a test runs (at INFO and above), as "LEVEL message": the
 * mock logs through SLF4J, which the tests route to Log4j 2.
 */
public final class LogLines implements AutoCloseable {
  private final List<String> lines = new CopyOnWriteArrayList<>();
  private final String loggerName;
  private final AbstractAppender appender;
  /** The logger's own configuration in log4j2-test.xml, if it has one: put back on close. */
  private final LoggerConfig configured;

  public LogLines(Class<?> logger) {
    this(logger.getName());
  }

  /** The lines of the logger named {@code loggerName} (a class's name: one this package cannot see). */
  public LogLines(String loggerName) {
    this.loggerName = loggerName;
    this.appender = new AbstractAppender("capture-" + loggerName, null, null, true, Property.EMPTY_ARRAY) {
      @Override
      public void append(LogEvent event) {
        lines.add(event.getLevel() + " " + event.getMessage().getFormattedMessage());
      }
    };
    appender.start();
    LoggerContext context = (LoggerContext) LogManager.getContext(false);
    Configuration config = context.getConfiguration();
    // addLogger keeps a configuration already there under the name, so the file's is set aside for the test.
    configured = config.getLoggers().get(loggerName);
    if (configured != null) {
      config.removeLogger(loggerName);
    }
    LoggerConfig loggerConfig = new LoggerConfig(loggerName, Level.INFO, false);
    loggerConfig.addAppender(appender, Level.INFO, null);
    config.addLogger(loggerName, loggerConfig);
    context.updateLoggers();
  }

  public List<String> lines() {
    return List.copyOf(lines);
  }

  @Override
  public void close() {
    LoggerContext context = (LoggerContext) LogManager.getContext(false);
    Configuration config = context.getConfiguration();
    config.removeLogger(loggerName);
    if (configured != null) {
      config.addLogger(loggerName, configured);
    }
    context.updateLoggers();
    appender.stop();
  }
}
