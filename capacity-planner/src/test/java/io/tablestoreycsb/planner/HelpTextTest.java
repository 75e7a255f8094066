package io.tablestoreycsb.planner;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablestoreycsb.binding.tools.TableTool;
import io.tablestoreycsb.mock.cli.MockCli;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;

/**
 * The --help of every picocli launcher (capacity-plan and its commands, quickstart,
 * tablestore-table and its commands, tablestore-mock) wraps at 80 columns without breaking a word:
 * picocli's line breaking splits at '.', ':', '(' and ',' (report.│html, tablestore.│instance), so
 * every word of the help rendered 250 columns wide must appear whole in the 80-column help.
 */
class HelpTextTest {
  static Stream<String> commands() {
    List<String> names = new ArrayList<>();
    for (CommandLine root : List.of(capacityPlan(), quickstart(), tableTool(), mock())) {
      names.add(root.getCommandName());
      root.getSubcommands().keySet().forEach(sub -> names.add(root.getCommandName() + " " + sub));
    }
    return names.stream();
  }

  @ParameterizedTest(name = "{0} --help")
  @MethodSource("commands")
  void helpWrapsBetweenWordsOnly(String command) {
    String narrow = usage(command, 80);
    String wide = usage(command, 250);
    List<String> broken = Arrays.stream(wide.split("\\s+"))
        .filter(word -> !narrow.contains(word))
        .toList();
    assertThat(broken).as(command + " --help at 80 columns:%n%s", narrow).isEmpty();
  }

  private static String usage(String command, int width) {
    String[] parts = command.split(" ");
    CommandLine cl = roots().stream().map(Supplier::get)
        .filter(c -> c.getCommandName().equals(parts[0])).findFirst().orElseThrow();
    cl.setUsageHelpWidth(width);
    if (parts.length > 1) {
      cl = cl.getSubcommands().get(parts[1]);
    }
    return cl.getUsageMessage(CommandLine.Help.Ansi.OFF);
  }

  private static List<Supplier<CommandLine>> roots() {
    return List.of(HelpTextTest::capacityPlan, HelpTextTest::quickstart, HelpTextTest::tableTool,
        HelpTextTest::mock);
  }

  private static CommandLine capacityPlan() {
    return new CommandLine(new CapacityPlanCli());
  }

  private static CommandLine quickstart() {
    return new CommandLine(new QuickstartCommand());
  }

  private static CommandLine tableTool() {
    return new CommandLine(new TableTool());
  }

  private static CommandLine mock() {
    return MockCli.commandLine(Map.of(), new CountDownLatch(0));
  }
}
