package io.tablestoreycsb.mock.compat;

import static org.assertj.core.api.Assertions.fail;

import io.tablestoreycsb.mock.MockTablestore;
import io.tablestoreycsb.mock.compat.sdk.JavaSdkYcsbOperations;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * One generation of the Java SDK, ready to drive a mock. The 4.x and 5.x lines share their package
 * names, so a 4.x generation gets a class loader of its own: its jars (copied by Maven into
 * {@code target/java-sdk-4x}, see the module's pom) over the JDK's platform loader, nothing of the
 * test class path except {@link YcsbOperations} and {@link ServiceError}, and its own definition of
 * the driver classes, read from the test classes and linked against the 4.x jar. 5.17.10 is the
 * test class path itself.
 */
final class JavaSdkGeneration {
  /** The SDK the whole project builds on (the test class path). */
  static final String CURRENT = "5.17.10";

  private static final String SHARED_PACKAGE = YcsbOperations.class.getPackageName() + ".";
  private static final String DRIVER_PACKAGE = JavaSdkYcsbOperations.class.getPackageName() + ".";

  private final String version;

  private JavaSdkGeneration(String version) {
    this.version = version;
  }

  /** The versions to test: the 4.x ones the build copied (system property from the pom) and {@link #CURRENT}. */
  static List<String> versions() {
    List<String> versions = new ArrayList<>();
    String older = System.getProperty("java-sdk.4x.versions", "");
    for (String v : older.split(",")) {
      if (!v.isBlank()) {
        versions.add(v.strip());
      }
    }
    versions.add(CURRENT);
    return versions;
  }

  static JavaSdkGeneration of(String version) {
    return new JavaSdkGeneration(version);
  }

  String version() {
    return version;
  }

  /** A client of this generation on {@code mock}; the caller closes it. */
  YcsbOperations connect(MockTablestore mock) {
    return connect(mock, mock.accessKeySecret());
  }

  YcsbOperations connect(MockTablestore mock, String secret) {
    if (CURRENT.equals(version)) {
      return new JavaSdkYcsbOperations(mock.endpoint(), mock.accessKeyId(), secret, mock.instanceName());
    }
    try {
      Class<?> driver = Class.forName(JavaSdkYcsbOperations.class.getName(), true, new IsolatedLoader(version, jars()));
      return (YcsbOperations) driver.getConstructor(String.class, String.class, String.class, String.class)
          .newInstance(mock.endpoint(), mock.accessKeyId(), secret, mock.instanceName());
    } catch (ReflectiveOperationException e) {
      throw new AssertionError("cannot load the Java SDK " + version + " driver", e);
    }
  }

  /** tablestore-VERSION.jar and the 4.x line's shared runtime dependencies (lib/). */
  private List<Path> jars() {
    Path dir = Path.of(System.getProperty("java-sdk.4x.dir", "target/java-sdk-4x"));
    Path sdk = dir.resolve("tablestore-" + version + ".jar");
    if (!Files.isRegularFile(sdk)) {
      fail(sdk + " is missing: the jars of the Java SDK 4.x line are copied by maven-dependency-plugin "
          + "(phase generate-test-resources); run the test through Maven, e.g. "
          + "mvn -B -pl tablestore-mock verify -Dtest=JavaSdkGenerationsTest");
    }
    List<Path> jars = new ArrayList<>(List.of(sdk));
    try (Stream<Path> lib = Files.list(dir.resolve("lib"))) {
      lib.filter(p -> p.toString().endsWith(".jar")).sorted().forEach(jars::add);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return jars;
  }

  @Override
  public String toString() {
    return "Java SDK " + version;
  }

  /** Platform classes, this generation's jars, the shared interface types, and its own driver classes. */
  private static final class IsolatedLoader extends URLClassLoader {
    private final ClassLoader testLoader = JavaSdkGeneration.class.getClassLoader();

    IsolatedLoader(String version, List<Path> jars) {
      super("java-sdk-" + version, urls(jars), ClassLoader.getPlatformClassLoader());
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
      synchronized (getClassLoadingLock(name)) {
        if (name.startsWith(DRIVER_PACKAGE)) {
          Class<?> loaded = findLoadedClass(name);
          return loaded != null ? loaded : defineFromTestClasses(name);
        }
        if (name.startsWith(SHARED_PACKAGE)) {
          return testLoader.loadClass(name);
        }
        return super.loadClass(name, resolve);
      }
    }

    private Class<?> defineFromTestClasses(String name) throws ClassNotFoundException {
      try (InputStream in = testLoader.getResourceAsStream(name.replace('.', '/') + ".class")) {
        if (in == null) {
          throw new ClassNotFoundException(name);
        }
        byte[] bytes = in.readAllBytes();
        return defineClass(name, bytes, 0, bytes.length);
      } catch (IOException e) {
        throw new ClassNotFoundException(name, e);
      }
    }

    private static URL[] urls(List<Path> jars) {
      return jars.stream().map(p -> {
        try {
          return p.toUri().toURL();
        } catch (MalformedURLException e) {
          throw new IllegalArgumentException(p.toString(), e);
        }
      }).toArray(URL[]::new);
    }
  }
}
