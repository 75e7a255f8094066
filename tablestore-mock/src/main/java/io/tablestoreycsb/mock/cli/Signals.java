package io.tablestoreycsb.mock.cli;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;

/**
 * Runs an action on SIGTERM and SIGINT instead of letting the JVM die with status 143 or 130.
 *
 * <p>A shutdown hook alone cannot make the process exit with 0 on a signal, which is what
 * supervisors (and our planner) expect from a server that was asked to stop. The JDK's signal API
 * ({@code sun.misc.Signal}, module jdk.unsupported) is reached by reflection so the build does not
 * warn about an internal API; when it is missing the caller's shutdown hook still closes the
 * server, only the exit status differs.
 */
final class Signals {

  private Signals() {
  }

  /** Installs {@code onSignal} for TERM and INT; returns false when signals cannot be handled. */
  static boolean onTerminate(Runnable onSignal) {
    try {
      Class<?> signalClass = Class.forName("sun.misc.Signal");
      Class<?> handlerClass = Class.forName("sun.misc.SignalHandler");
      InvocationHandler invocation = (proxy, method, args) -> {
        if (method.getName().equals("handle")) {
          onSignal.run();
          return null;
        }
        return objectMethod(proxy, method, args);
      };
      Object handler = Proxy.newProxyInstance(Signals.class.getClassLoader(),
          new Class<?>[] {handlerClass}, invocation);
      Method handle = signalClass.getMethod("handle", signalClass, handlerClass);
      for (String name : new String[] {"TERM", "INT"}) {
        Object signal = signalClass.getConstructor(String.class).newInstance(name);
        handle.invoke(null, signal, handler);
      }
      return true;
    } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
      return false;
    }
  }

  private static Object objectMethod(Object proxy, Method method, Object[] args) {
    switch (method.getName()) {
      case "equals":
        return proxy == args[0];
      case "hashCode":
        return System.identityHashCode(proxy);
      default:
        return "Signals.handler";
    }
  }
}
