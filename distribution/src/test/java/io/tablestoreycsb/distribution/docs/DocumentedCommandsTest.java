package io.tablestoreycsb.distribution.docs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import io.tablestoreycsb.mock.MockTablestore;
import io.tablestoreycsb.mock.journal.RecordedRequest;
import io.tablestoreycsb.mock.journal.RecordedRow;
import io.tablestoreycsb.mock.protocol.ActionName;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every command block of README.md, the tarball's README and docs/*.md, run as a user types it
 * from the unpacked tarball with the shipped conf/ (edited only where the docs say to edit it),
 * twice in the same directory unless its {@link CiMarker} says otherwise, and a block CI does not
 * run says why in the docs source ({@code <!-- not run in CI: ... -->}).
 *
 * <p>Where they run: the tarball's README from a directory holding only the tarball (its first
 * block unpacks it); README.md from a source checkout's layout (the unpacked distribution plus
 * distribution/src/conf, as after {@code mvn package}); docs/*.md from the unpacked distribution.
 * Each block starts where the document's previous block ended (a block may cd).
 *
 * <p>What a user relies on is checked: exit status 0; a line a comment promises ({@code # 20000},
 * {@code # exit status 0}); no process left running; no notice that a file or -p changed the
 * workload's case; a batch load that sent BatchWriteRow only with
 * every row written (the binding's [TABLESTORE] lines, and for "your instance" blocks the mock's
 * request journal: no PutRow, every key of the load in a successful BatchWriteRow).
 *
 * <p>A block marked {@code kubernetes} (kubectl, {@code --executor kubernetes}) runs against the real cluster
 * {@code .ci/with-kubernetes} starts, as "your cluster": KUBECONFIG is its kubeconfig, and the object store
 * key the docs read from the environment is set; without such a cluster it is skipped, saying why. The
 * namespaces those blocks create are deleted at the end.
 */
class DocumentedCommandsTest {
  private static final Path REPO = Path.of(System.getProperty("tsy.repo.dir", "..")).toAbsolutePath().normalize();
  private static final Path DIST = Path.of(System.getProperty("tsy.dist.dir", "target/missing"));
  private static final Duration BLOCK_TIMEOUT = Duration.ofMinutes(4);
  private static final Pattern PROMISED_LINE = Pattern.compile("#\\s*(\\d+|exit status \\d+)\\s*$", Pattern.MULTILINE);
  private static final Pattern BATCH_LOAD = Pattern.compile(
      "bin/ycsb load tablestore [^\\n]*(?:\\\\\\n[^\\n]*)*workloads/tablestore-batch-write(?:[^\\n]*\\\\\\n)*[^\\n]*");
  private static final Pattern RECORD_COUNT = Pattern.compile("-p recordcount=(\\d+)");
  private static final Pattern COUNTER = Pattern.compile("^\\[TABLESTORE\\], ([\\w.]+), (\\d+)$", Pattern.MULTILINE);

  @TempDir
  static Path work;

  private static final YourCluster yourCluster = new YourCluster();

  /** What the docs' Kubernetes blocks created in the cluster (namespaces, and all they hold) goes. */
  @AfterAll
  static void deleteWhatTheKubernetesBlocksCreated() throws Exception {
    yourCluster.deleteCreatedNamespaces();
  }

  /** The documents in the order they run: the tarball's README unpacks what the others use. */
  private static List<Document> documents() throws IOException {
    List<Document> documents = new ArrayList<>();
    documents.add(new Document("distribution/src/dist/README.md", Start.TARBALL));
    documents.add(new Document("README.md", Start.CHECKOUT));
    try (Stream<Path> docs = Files.list(REPO.resolve("docs"))) {
      docs.filter(p -> p.toString().endsWith(".md")).sorted()
          .forEach(p -> documents.add(new Document("docs/" + p.getFileName(), Start.DISTRIBUTION)));
    }
    return documents;
  }

  private enum Start { TARBALL, CHECKOUT, DISTRIBUTION }

  private record Document(String path, Start start) {
    List<DocBlock> blocks() throws IOException {
      return DocBlock.read(REPO.resolve(path), path);
    }
  }

  /** Every marker reads, every substitution still matches, every block not run says why. */
  @Test
  void everyCommandBlockRunsOrSaysWhyNot() throws IOException {
    int run = 0;
    int notRun = 0;
    for (Document document : documents()) {
      for (DocBlock block : document.blocks()) {
        if (block.marker().runsInCi()) {
          block.marker().apply(block.text());
          run++;
        } else {
          assertThat(block.marker().notRunReason()).as(block.where()).isNotBlank();
          notRun++;
        }
      }
    }
    assertThat(run).as("blocks run").isGreaterThanOrEqualTo(8);
    assertThat(notRun).as("blocks not run").isGreaterThan(0);
  }

  @TestFactory
  Stream<DynamicTest> theDocumentedCommandsRunAsTheUserTypesThem() throws IOException {
    Directories directories = new Directories();
    List<DynamicTest> tests = new ArrayList<>();
    for (Document document : documents()) {
      for (DocBlock block : document.blocks()) {
        if (block.marker().runsInCi()) {
          tests.add(DynamicTest.dynamicTest(block.where(), () -> runBlock(document, block, directories)));
        }
      }
    }
    return tests.stream();
  }

  /** Where each document's next block starts. */
  private static final class Directories {
    private final Map<String, Path> next = new HashMap<>();
    private Path distribution;

    Path start(Document document) throws IOException {
      Path current = next.get(document.path());
      if (current != null) {
        return current;
      }
      Path start = switch (document.start()) {
        case TARBALL -> tarballOnly();
        case CHECKOUT -> checkout();
        case DISTRIBUTION -> distribution();
      };
      next.put(document.path(), start);
      return start;
    }

    void ended(Document document, Path directory) {
      next.put(document.path(), directory);
    }

    private Path tarballOnly() throws IOException {
      Path dir = Files.createDirectories(work.resolve("download"));
      try (Stream<Path> built = Files.list(DIST.getParent().getParent())) {
        Path tarball = built.filter(p -> p.getFileName().toString().matches("tablestore-ycsb-.*\\.tar\\.gz"))
            .findFirst().orElseThrow(() -> new IllegalStateException("no tarball beside " + DIST));
        Files.copy(tarball, dir.resolve(tarball.getFileName()));
      }
      return dir;
    }

    /** The unpacked tarball: the tarball README's first block made it, else unpack it here. */
    Path distribution() throws IOException {
      if (distribution == null) {
        try (Stream<Path> unpacked = Files.list(work.resolve("download"))) {
          distribution = unpacked.filter(Files::isDirectory).findFirst()
              .orElseThrow(() -> new IllegalStateException("the tarball README's first block unpacked nothing"));
        }
      }
      return distribution;
    }

    /** A clone after mvn package: the launchers, conf, workloads and lib, and distribution/src/conf. */
    private Path checkout() throws IOException {
      Path dir = Files.createDirectories(work.resolve("clone"));
      for (String tree : List.of("bin", "conf", "workloads", "docs")) {
        copyTree(distribution().resolve(tree), dir.resolve(tree));
      }
      Files.createSymbolicLink(dir.resolve("lib"), distribution().resolve("lib"));
      Path conf = Files.createDirectories(dir.resolve("distribution/src/conf"));
      Files.copy(REPO.resolve("distribution/src/conf/tablestore.properties"), conf.resolve("tablestore.properties"));
      return dir;
    }
  }

  private static void runBlock(Document document, DocBlock block, Directories directories) throws Exception {
    Path start = directories.start(document);
    String script = block.marker().apply(block.text());
    int times = block.marker().timesToRun();
    Map<String, String> environment = new HashMap<>(Map.of("JAVA_HOME", System.getProperty("java.home")));
    if (block.marker().kubernetes()) {
      Assumptions.assumeTrue(YourCluster.isThere(), YourCluster.WHY_NOT);
      environment.putAll(yourCluster.environment());
    }
    for (int time = 1; time <= times; time++) {
      String name = block.where().replaceAll("[^A-Za-z0-9]+", "-") + "-run" + time;
      ScriptRun run;
      try (Instance instance = block.marker().instance().isPresent()
          ? Instance.start(start.resolve(block.marker().instance().get())) : null) {
        String typed = instance == null ? script : instance.keysFor(script);
        run = ScriptRun.run(typed, start, work.resolve("logs"), name, environment, BLOCK_TIMEOUT);
        String context = String.format("%s, run %d of %d (%s), stderr:%n%s", block.where(), time, times,
            run.took(), tail(run.stderr()));
        assertThat(run.timedOut()).as("timed out after %s: %s", BLOCK_TIMEOUT, context).isFalse();
        assertThat(run.exitStatus()).as("exit status of %s", context).isZero();
        assertThat(run.leftProcesses()).as("processes left running by %s", context).isFalse();
        for (String promised : promisedLines(script)) {
          assertThat(run.stdout().lines()).as("the line '%s' the docs promise, %s", promised, context).contains(promised);
        }
        // The shipped conf and the documented -p sizes leave every workload's case as it is.
        assertThat(run.stderr()).as("override notices, %s", context).doesNotContainPattern("(?m)^ycsb: .* overrid");
        checkBatchLoad(script, run, context);
        if (instance != null) {
          instance.checkJournal(script, context);
        }
      }
      System.out.printf("%s run %d of %d: %d s%n", block.where(), time, times, run.took().toSeconds());
      directories.ended(document, run.endDirectory());
    }
  }

  private static List<String> promisedLines(String script) {
    List<String> promised = new ArrayList<>();
    Matcher m = PROMISED_LINE.matcher(script);
    while (m.find()) {
      promised.add(m.group(1));
    }
    return promised;
  }

  /** The recordcount of the block's one batch load, or -1 when it has none. */
  private static long batchLoadRows(String script) {
    Matcher load = BATCH_LOAD.matcher(script);
    if (!load.find()) {
      return -1;
    }
    Matcher rows = RECORD_COUNT.matcher(load.group());
    if (!rows.find()) {
      fail("a batch load without -p recordcount: " + load.group());
    }
    assertThat(load.find()).as("one batch load per block").isFalse();
    return Long.parseLong(rows.group(1));
  }

  /** The binding's own account of a batch load: BatchWriteRow only, every row written, none failed. */
  private static void checkBatchLoad(String script, ScriptRun run, String context) {
    long rows = batchLoadRows(script);
    if (rows < 0) {
      return;
    }
    Map<String, List<Long>> counters = new HashMap<>();
    Matcher m = COUNTER.matcher(run.stdout());
    while (m.find()) {
      counters.computeIfAbsent(m.group(1), k -> new ArrayList<>()).add(Long.parseLong(m.group(2)));
    }
    assertThat(counters.get("Requests.BatchWriteRow")).as("BatchWriteRow requests, %s", context)
        .anyMatch(n -> n > 0);
    assertThat(counters.get("Requests.PutRow")).as("PutRow requests in a batch load, %s", context)
        .allMatch(n -> n == 0);
    assertThat(counters.get("Rows.Written")).as("rows written, %s", context).contains(rows);
    assertThat(counters.get("Batch.RowsFailed")).as("rows failed, %s", context).allMatch(n -> n == 0);
  }

  /**
   * "Your instance": a mock in this JVM with its request journal on, its endpoint and instance
   * written into the file the docs tell the user to edit, its keys given for the docs' "...".
   */
  private static final class Instance implements AutoCloseable {
    private final MockTablestore mock;

    private Instance(MockTablestore mock) {
      this.mock = mock;
    }

    static Instance start(Path propertiesFile) throws IOException {
      assertThat(propertiesFile).as("the file the docs tell the user to edit").exists();
      MockTablestore mock = MockTablestore.builder().port(0).journalCapacity(2_000_000).start();
      String edited = Files.readString(propertiesFile)
          .replaceFirst("(?m)^tablestore\\.endpoint=.*$", "tablestore.endpoint=" + mock.endpoint())
          .replaceFirst("(?m)^tablestore\\.instance=.*$", "tablestore.instance=" + mock.instanceName());
      assertThat(edited).as(propertiesFile + " has the lines the docs tell the user to set")
          .contains("tablestore.endpoint=" + mock.endpoint()).contains("tablestore.instance=" + mock.instanceName());
      Files.writeString(propertiesFile, edited);
      return new Instance(mock);
    }

    String keysFor(String script) {
      return script.replace("TABLESTORE_ACCESS_KEY_ID=...", "TABLESTORE_ACCESS_KEY_ID=" + mock.accessKeyId())
          .replace("TABLESTORE_ACCESS_KEY_SECRET=...", "TABLESTORE_ACCESS_KEY_SECRET=" + mock.accessKeySecret());
    }

    /** What the service saw: no PutRow; a batch load's every key in a successful BatchWriteRow. */
    void checkJournal(String script, String context) {
      assertThat(mock.journal().droppedCount()).as("journal complete").isZero();
      assertThat(mock.journal().requests(ActionName.PUT_ROW)).as("PutRow requests, %s", context).isEmpty();
      long rows = batchLoadRows(script);
      if (rows < 0) {
        return;
      }
      List<RecordedRequest> batches = mock.journal().requests(ActionName.BATCH_WRITE_ROW);
      assertThat(batches).as("BatchWriteRow requests, %s", context).isNotEmpty()
          .allMatch(RecordedRequest::succeeded);
      List<RecordedRow> written = mock.journal().rows(ActionName.BATCH_WRITE_ROW);
      assertThat(written).as("rows of the BatchWriteRow requests").allMatch(RecordedRow::succeeded);
      Set<String> keys = written.stream().map(row -> row.key("userid")).collect(Collectors.toCollection(HashSet::new));
      assertThat(keys).as("distinct keys written by BatchWriteRow, %s", context).hasSize((int) rows);
      System.out.printf("%s: %d BatchWriteRow requests, %d rows, %d distinct keys, 0 PutRow%n",
          context.substring(0, context.indexOf(',')), batches.size(), written.size(), keys.size());
    }

    @Override
    public void close() {
      mock.close();
    }
  }

  private static String tail(String text) {
    List<String> lines = text.lines().toList();
    return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
  }

  private static void copyTree(Path from, Path to) throws IOException {
    try (Stream<Path> files = Files.walk(from)) {
      for (Path source : files.toList()) {
        Path target = to.resolve(from.relativize(source).toString());
        if (Files.isDirectory(source)) {
          Files.createDirectories(target);
        } else {
          Files.copy(source, target, StandardCopyOption.COPY_ATTRIBUTES);
        }
      }
    }
  }
}
