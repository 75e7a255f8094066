package io.tablestoreycsb.bench;

import io.tablestoreycsb.kit.resources.ProcFs;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;

/**
 * Where a client process's CPU goes, by kind of thread: the YCSB threads, the SDK's I/O dispatchers
 * and callback pool, the garbage collector, the rest. Filled window by window (through a
 * {@link CpuMeter} that has one), it gives each kind's CPU per operation over the windows after
 * the warm-up's. What a hand-off between threads costs shows
 * here: a thread that wakes once per request pays the wake-up per request, amortised only when
 * requests come faster than it goes back to sleep.
 */
public final class ThreadShares {
  /** The kinds of thread, from their names (/proc/PID/task/TID/comm, cut to 15 characters). */
  public enum Kind {
    /** YcsbSide names YCSB's client threads "ycsb-N". */
    YCSB("ycsb"),
    /** Apache HttpAsyncClient's reactor threads inside the SDK: "I/O dispatcher N". */
    SDK_IO("sdk-io"),
    /** The SDK's callback pool ("tablestore-callback-N"): completes each request's future. */
    SDK_CALLBACK("sdk-callback"),
    /** The collector's threads and the VM thread (safepoints). */
    GC("gc"),
    /** Compiler threads: already apart from CPU per operation (CpuMeter); shown for completeness. */
    JIT("jit"),
    OTHER("other");

    private final String label;

    Kind(String label) {
      this.label = label;
    }

    public String label() {
      return label;
    }

    static Kind of(String threadName) {
      if (threadName.startsWith("ycsb-")) {
        return YCSB;
      }
      if (threadName.startsWith("I/O dispatcher")) {
        return SDK_IO;
      }
      if (threadName.startsWith("tablestore-call")) {
        return SDK_CALLBACK;
      }
      if (threadName.startsWith("GC Thread") || threadName.startsWith("G1 ") || threadName.startsWith("VM Thread")) {
        return GC;
      }
      if (ProcFs.isJitCompilerThread(threadName)) {
        return JIT;
      }
      return OTHER;
    }
  }

  /** One measured window: its operations and each kind's CPU ticks. */
  record Window(long ops, Map<Kind, Long> ticks) {}

  private final List<Window> windows = new ArrayList<>();

  /** Adds a window: per-thread ticks at its start and end (a thread started in between counts from zero). */
  synchronized void add(long ops, Map<Long, ProcFs.ThreadTicks> start, Map<Long, ProcFs.ThreadTicks> end) {
    Map<Kind, Long> ticks = new EnumMap<>(Kind.class);
    for (Map.Entry<Long, ProcFs.ThreadTicks> e : end.entrySet()) {
      ProcFs.ThreadTicks before = start.get(e.getKey());
      long delta = e.getValue().ticks() - (before == null ? 0 : before.ticks());
      ticks.merge(Kind.of(e.getValue().name()), delta, Long::sum);
    }
    windows.add(new Window(ops, ticks));
  }

  /**
   * Microseconds of CPU per operation of {@code kind} over the windows after the first {@code skipped}
   * (a comparison's warm-up runs of this side); NaN when there are none.
   */
  public synchronized double microsPerOp(Kind kind, int skipped) {
    long ops = 0;
    long ticks = 0;
    for (Window w : windows.subList(Math.min(skipped, windows.size()), windows.size())) {
      ops += w.ops();
      ticks += w.ticks().getOrDefault(kind, 0L);
    }
    return ops == 0 ? Double.NaN : ticks * 1e6 / ProcFs.TICKS_PER_SECOND / ops;
  }

  /** E.g. {@code ycsb 36.1, sdk-io 60.2, sdk-callback 11.0, gc 2.0, jit 0.1, other 1.3 us/op}. */
  public String describe(int skipped) {
    StringJoiner text = new StringJoiner(", ", "", " us/op");
    for (Kind kind : Kind.values()) {
      text.add(String.format(Locale.ROOT, "%s %.1f", kind.label(), microsPerOp(kind, skipped)));
    }
    return text.toString();
  }
}
