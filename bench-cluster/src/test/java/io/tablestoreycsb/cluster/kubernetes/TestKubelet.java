package io.tablestoreycsb.cluster.kubernetes;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerStateBuilder;
import io.fabric8.kubernetes.api.model.ContainerStatusBuilder;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.KeyToPath;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobConditionBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.JobStatusBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * A small kubelet plus Job controller for tests, on fabric8's mock API server: it watches Jobs and runs
 * each index of an Indexed Job as a node would run the pod: the container's command, the pod template's
 * environment (values and {@code secretKeyRef}s resolved from the API server) plus
 * {@code JOB_COMPLETION_INDEX}, and its volumes (ConfigMap, Secret, emptyDir) written to local
 * directories with the files' modes a node gives them; the container runs as a local process
 * ({@link LocalProcessPodContainers}: what a real kubelet does with the image, users, limits and fsGroup
 * is seen on the real cluster {@code .ci/with-kubernetes} starts, {@link RealCluster}). What it is kept
 * for: what that cluster cannot be made to do here (two nodes, a container OOM-killed at will, an image
 * that cannot be pulled) and fast tests of the executors' logic. It keeps pod and Job
 * status as Kubernetes would (Pending, Running, Succeeded, Failed with the container's reason and exit
 * code) and stops the containers of a deleted Job.
 */
public final class TestKubelet implements AutoCloseable {
  private final KubernetesClient client;
  private final String namespace;
  private final Path root;
  private final Watch watch;
  private final LocalProcessPodContainers containers = new LocalProcessPodContainers();
  private final Map<String, List<Pod>> podsByJob = new ConcurrentHashMap<>();
  private final Map<String, Process> processesByPod = new ConcurrentHashMap<>();
  private final Map<String, String> killReasons = new ConcurrentHashMap<>();
  private final Map<String, Integer> exitCodes = new ConcurrentHashMap<>();
  private final List<String> deletedJobs = new CopyOnWriteArrayList<>();
  private final List<Job> createdJobs = new CopyOnWriteArrayList<>();
  private final List<Throwable> failures = new CopyOnWriteArrayList<>();
  private final java.util.Set<String> unpullable = ConcurrentHashMap.newKeySet();
  /** The threads of its Jobs and pods, ended by {@link #close}. */
  private final List<Thread> threads = new CopyOnWriteArrayList<>();
  private boolean closed; // guarded by processesByPod: no container starts once set
  private volatile List<String> nodes = List.of("test-node");

  /** Runs the pods of the namespace's Jobs as local processes, their directories under {@code root}. */
  public TestKubelet(KubernetesClient client, String namespace, Path root) {
    this.client = client;
    this.namespace = namespace;
    this.root = root;
    this.watch = client.batch().v1().jobs().inNamespace(namespace).watch(new Watcher<>() {
      @Override
      public void eventReceived(Action action, Job job) {
        if (action == Action.ADDED) {
          createdJobs.add(job);
          start(new Thread(() -> runJob(job), "kubelet-" + job.getMetadata().getName()));
        } else if (action == Action.DELETED) {
          deletedJobs.add(job.getMetadata().getName());
          stopJob(job.getMetadata().getName());
        }
      }

      @Override
      public void onClose(WatcherException cause) {
      }
    });
  }

  /** Jobs as the API server handed them to the kubelet. */
  public List<Job> createdJobs() {
    return createdJobs;
  }

  /** Jobs the API server reported deleted. */
  public List<String> deletedJobs() {
    return deletedJobs;
  }

  /** The exit code of each pod's container that has ended, by pod name (143: stopped by SIGTERM). */
  public Map<String, Integer> exitCodes() {
    return exitCodes;
  }

  /** Errors of the kubelet itself (a test fails on them). */
  public List<Throwable> failures() {
    return failures;
  }

  /** Kills the container of a Job's index, as the OOM killer or an eviction would; its pod fails with {@code reason}. */
  public void kill(String jobName, int index, String reason) {
    String pod = podName(jobName, index);
    killReasons.put(pod, reason);
    stopPod(jobName, pod);
  }

  private void stopPod(String jobName, String podName) {
    Process p = processesByPod.get(podName);
    if (p == null) {
      return;
    }
    for (Pod pod : podsByJob.getOrDefault(jobName, List.of())) {
      if (pod.getMetadata().getName().equals(podName)) {
        containers.kill(p);
      }
    }
  }

  /**
   * The nodes pods are scheduled to: index i of a Job goes to node i mod n (its {@code spec.nodeName},
   * which the downward API hands to the container); one node, "test-node", unless set.
   */
  public void nodes(String... names) {
    if (names.length == 0) {
      throw new IllegalArgumentException("at least one node");
    }
    nodes = List.of(names);
  }

  /** Pods of this image are never started: their container waits in ImagePullBackOff, as a node's would. */
  public void cannotPull(String image) {
    unpullable.add(image);
  }

  /** True once the container of a Job's index has a process. */
  public boolean started(String jobName, int index) {
    return processesByPod.containsKey(podName(jobName, index));
  }

  private static String podName(String jobName, int index) {
    return jobName + "-" + index;
  }

  private void runJob(Job job) {
    try {
      String jobName = job.getMetadata().getName();
      int completions = job.getSpec().getCompletions();
      List<Thread> pods = new ArrayList<>();
      int[] outcome = new int[2]; // succeeded, failed
      boolean stuck = false; // a pod that never starts: the Job stays active until it is deleted
      for (int i = 0; i < completions; i++) {
        int index = i;
        // As the Job controller does: the pod is owned by its Job (a test's pods of an earlier Job of the
        // same name, which the mock API server never collects, are replaced and are not this Job's).
        client.pods().inNamespace(namespace).withName(podName(jobName, index)).delete();
        Pod pod = client.pods().inNamespace(namespace).resource(new PodBuilder()
            .withNewMetadata().withName(podName(jobName, index)).withNamespace(namespace)
              .addNewOwnerReference().withApiVersion("batch/v1").withKind("Job").withName(jobName)
                .withUid(job.getMetadata().getUid()).withController(true).endOwnerReference()
              .withLabels(new LinkedHashMap<>(job.getSpec().getTemplate().getMetadata().getLabels()))
              .addToLabels(RunningJob.LABEL_JOB_NAME, jobName)
              .addToLabels(RunningJob.COMPLETION_INDEX, Integer.toString(index))
              .addToAnnotations(RunningJob.COMPLETION_INDEX, Integer.toString(index))
              .withCreationTimestamp(Instant.now().toString())
            .endMetadata()
            .withSpec(new io.fabric8.kubernetes.api.model.PodSpecBuilder(job.getSpec().getTemplate().getSpec())
                .withNodeName(nodes.get(index % nodes.size())).build())
            .withNewStatus().withPhase("Pending").withContainerStatuses(new ContainerStatusBuilder().withName("runner")
                .withNewState().withNewWaiting().withReason("ContainerCreating").endWaiting().endState().build())
              .endStatus()
            .build()).create();
        String image = pod.getSpec().getContainers().get(0).getImage();
        if (unpullable.contains(image)) {
          // as a node does when the registry refuses: the pod stays Pending, the kubelet backs off
          setWaiting(pod.getMetadata().getName(), "ImagePullBackOff", "Back-off pulling image \"" + image + "\"");
          stuck = true;
          continue;
        }
        pods.add(start(new Thread(() -> {
          boolean ok = runPod(jobName, index, pod);
          synchronized (outcome) {
            outcome[ok ? 0 : 1]++;
          }
        }, "pod-" + pod.getMetadata().getName())));
      }
      for (Thread t : pods) {
        t.join();
      }
      if (stuck || deletedJobs.contains(jobName)) {
        return;
      }
      boolean complete = outcome[0] == completions;
      try {
        client.batch().v1().jobs().inNamespace(namespace).withName(jobName).editStatus(j -> {
          j.setStatus(new JobStatusBuilder().withSucceeded(outcome[0]).withFailed(outcome[1])
              .withConditions(new JobConditionBuilder().withType(complete ? "Complete" : "Failed").withStatus("True")
                  .withReason(complete ? null : "BackoffLimitExceeded").build())
              .build());
          return j;
        });
      } catch (KubernetesClientException e) {
        if (e.getCode() != 404) {
          throw e;
        }
        // the planner saw every pod end and deleted the Job first: a Job controller finds the same
      }
    } catch (Exception e) {
      failures.add(e);
    }
  }

  private Thread start(Thread thread) {
    thread.setDaemon(true);
    threads.add(thread);
    thread.start();
    return thread;
  }

  /** Runs one pod to its end; true when its container exited 0. */
  private boolean runPod(String jobName, int index, Pod pod) {
    String name = pod.getMetadata().getName();
    try {
      Container container = pod.getSpec().getContainers().get(0);
      Path podDir = Files.createDirectories(root.resolve(name));
      Map<String, Path> mounts = mountVolumes(pod, container, podDir);
      Map<String, String> env = environment(pod, container, index);
      synchronized (processesByPod) {
        if (closed || deletedJobs.contains(jobName)) {
          return false;
        }
        Process process = containers.start(pod, env, mounts, podDir, podDir.resolve("container.log"));
        processesByPod.put(name, process);
        podsByJob.computeIfAbsent(jobName, j -> new CopyOnWriteArrayList<>()).add(pod);
      }
      setPhase(name, "Running", null, null);
      int exit = processesByPod.get(name).waitFor();
      exitCodes.put(name, exit);
      String reason = killReasons.getOrDefault(name, exit == 0 ? "Completed" : "Error");
      if (!deletedJobs.contains(jobName)) {
        setPhase(name, exit == 0 ? "Succeeded" : "Failed", reason, exit);
      }
      return exit == 0;
    } catch (Exception e) {
      failures.add(e);
      return false;
    }
  }

  private void setWaiting(String pod, String reason, String message) {
    client.pods().inNamespace(namespace).withName(pod).editStatus(p -> {
      p.getStatus().setContainerStatuses(List.of(new ContainerStatusBuilder().withName("runner")
          .withNewState().withNewWaiting().withReason(reason).withMessage(message).endWaiting().endState().build()));
      return p;
    });
  }

  private void setPhase(String pod, String phase, String reason, Integer exitCode) {
    client.pods().inNamespace(namespace).withName(pod).editStatus(p -> {
      p.getStatus().setPhase(phase);
      p.getStatus().setContainerStatuses(List.of(new ContainerStatusBuilder().withName("runner")
          .withState(exitCode == null
              ? new ContainerStateBuilder().withNewRunning().withStartedAt(Instant.now().toString()).endRunning().build()
              : new ContainerStateBuilder().withNewTerminated().withReason(reason).withExitCode(exitCode)
                  .withFinishedAt(Instant.now().toString()).endTerminated().build())
          .build()));
      return p;
    });
  }

  /**
   * Writes each mounted volume into a local directory, its files with the modes a node gives them
   * (the local process runs as this user, who owns them); returns mount path to local path.
   */
  private Map<String, Path> mountVolumes(Pod pod, Container container, Path podDir)
      throws IOException, InterruptedException {
    Map<String, Volume> volumes = new HashMap<>();
    pod.getSpec().getVolumes().forEach(v -> volumes.put(v.getName(), v));
    Map<String, Path> mounts = new LinkedHashMap<>();
    for (VolumeMount mount : container.getVolumeMounts()) {
      Volume volume = volumes.get(mount.getName());
      Path dir = Files.createDirectories(podDir.resolve("volumes").resolve(mount.getName()));
      if (volume.getConfigMap() != null) {
        ConfigMap cm = await(() -> client.configMaps().inNamespace(namespace)
            .withName(volume.getConfigMap().getName()).get(), "ConfigMap " + volume.getConfigMap().getName());
        for (Map.Entry<String, String> e : cm.getData().entrySet()) {
          VolumeFiles.write(dir.resolve(e.getKey()), e.getValue(), volume.getConfigMap().getDefaultMode());
        }
      } else if (volume.getSecret() != null) {
        Secret secret = client.secrets().inNamespace(namespace).withName(volume.getSecret().getSecretName()).get();
        if (secret == null) {
          throw new IllegalStateException("Secret " + volume.getSecret().getSecretName() + " not found");
        }
        List<KeyToPath> items = volume.getSecret().getItems();
        for (Map.Entry<String, String> e : secretData(secret).entrySet()) {
          String path = items == null || items.isEmpty() ? e.getKey() : items.stream()
              .filter(k -> k.getKey().equals(e.getKey())).map(KeyToPath::getPath).findFirst().orElse(null);
          Integer mode = items == null ? null : items.stream().filter(k -> k.getKey().equals(e.getKey()))
              .map(KeyToPath::getMode).filter(Objects::nonNull).findFirst().orElse(null);
          if (path != null) {
            VolumeFiles.write(dir.resolve(path), e.getValue(), mode != null ? mode : volume.getSecret().getDefaultMode());
          }
        }
      } else if (volume.getEmptyDir() != null) {
        VolumeFiles.emptyDir(dir);
      } else {
        throw new IllegalStateException("volume " + mount.getName() + ": the test kubelet mounts ConfigMaps, "
            + "Secrets and emptyDirs only");
      }
      mounts.put(mount.getMountPath(), dir.toAbsolutePath());
    }
    return mounts;
  }

  private static <T> T await(java.util.function.Supplier<T> get, String what) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    T value;
    while ((value = get.get()) == null) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException(what + " did not appear");
      }
      Thread.sleep(50);
    }
    return value;
  }

  private static Map<String, String> secretData(Secret secret) {
    Map<String, String> data = new LinkedHashMap<>();
    if (secret.getData() != null) {
      secret.getData().forEach((k, v) -> data.put(k, new String(Base64.getDecoder().decode(v), StandardCharsets.UTF_8)));
    }
    if (secret.getStringData() != null) {
      data.putAll(secret.getStringData());
    }
    return data;
  }

  private Map<String, String> environment(Pod pod, Container container, int index) {
    Map<String, String> env = new LinkedHashMap<>();
    for (EnvVar var : container.getEnv()) {
      if (var.getValue() != null) {
        env.put(var.getName(), var.getValue());
      } else if (var.getValueFrom() != null && var.getValueFrom().getSecretKeyRef() != null) {
        var ref = var.getValueFrom().getSecretKeyRef();
        Secret secret = client.secrets().inNamespace(namespace).withName(ref.getName()).get();
        String value = secret == null ? null : secretData(secret).get(ref.getKey());
        if (value == null) {
          throw new IllegalStateException("secretKeyRef " + ref.getName() + "/" + ref.getKey() + " not found");
        }
        env.put(var.getName(), value);
      } else if (var.getValueFrom() != null && var.getValueFrom().getFieldRef() != null) {
        env.put(var.getName(), fieldOf(pod, var.getValueFrom().getFieldRef().getFieldPath()));
      }
    }
    env.put(RunningJob.INDEX_ENV, Integer.toString(index));
    return env;
  }

  /** The downward API's fields a test pod may ask for. */
  private static String fieldOf(Pod pod, String path) {
    return switch (path) {
      case "spec.nodeName" -> pod.getSpec().getNodeName();
      case "metadata.name" -> pod.getMetadata().getName();
      case "metadata.namespace" -> pod.getMetadata().getNamespace();
      default -> throw new IllegalStateException("fieldRef " + path + ": the test kubelet hands spec.nodeName,"
          + " metadata.name and metadata.namespace only");
    };
  }

  private void stopJob(String jobName) {
    synchronized (processesByPod) {
      for (Pod pod : podsByJob.getOrDefault(jobName, List.of())) {
        stopPod(jobName, pod.getMetadata().getName());
      }
    }
  }

  /** The last lines of a pod's container log (its stdout and stderr), as the API server's log endpoint gives them. */
  public String tail(Pod pod, int lines) {
    Path log = root.resolve(pod.getMetadata().getName()).resolve("container.log");
    try {
      if (!Files.isRegularFile(log)) {
        return "";
      }
      List<String> all = Files.readAllLines(log);
      return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Stops watching, stops every pod's container and waits (up to a minute) for its threads to end. */
  @Override
  public void close() {
    watch.close();
    synchronized (processesByPod) {
      closed = true;
    }
    podsByJob.keySet().forEach(this::stopJob);
    containers.close();
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
    try {
      for (int i = 0; i < threads.size(); i++) { // a Job's thread may still add its pods' (which start none)
        threads.get(i).join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
