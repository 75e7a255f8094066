# Sourced by every launcher in bin/. Works in two layouts:
#   - an unpacked distribution tarball: bin/ lib/ conf/ workloads/ docs/
#   - a source checkout: builds the distribution once (and again when sources change) and
#     uses distribution/target/tablestore-ycsb-*/tablestore-ycsb-*/lib.
# Sets TSY_HOME, TSY_CONF, TSY_LIB; provides tsy_exec_java MAIN_CLASS ARGS..., tsy_resolve_files
# (-P/--matrix paths relative to the distribution) and tsy_die.
# Exit status of every launcher: 0 done, 1 the run or the service failed, 2 bad usage, options,
# properties or input files (docs/binding.md, "Exit status").
# JVM options: TSY_JAVA_OPTS (e.g. TSY_JAVA_OPTS="-Xmx4g").

TSY_HOME=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

if [ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/java" ]; then
  TSY_JAVA="$JAVA_HOME/bin/java"
else
  TSY_JAVA=java
fi

tsy_die() { echo "$(basename "$0"): $*" >&2; exit 2; }

tsy_dist_dir() {
  local d
  for d in "$TSY_HOME"/distribution/target/tablestore-ycsb-*/tablestore-ycsb-*; do
    [ -d "$d/lib" ] && { echo "$d"; return 0; }
  done
  return 1
}

# True when a source or build file is newer than the last build stamp.
tsy_sources_changed() {
  local stamp=$1
  [ -f "$stamp" ] || return 0
  [ -n "$(find "$TSY_HOME/pom.xml" "$TSY_HOME"/*/pom.xml "$TSY_HOME"/*/src \
            -newer "$stamp" -type f -print -quit 2>/dev/null)" ]
}

tsy_build_if_needed() {
  local stamp="$TSY_HOME/distribution/target/.tsy-built" dist
  dist=$(tsy_dist_dir) || dist=""
  if [ -n "$dist" ] && ! tsy_sources_changed "$stamp"; then
    return 0
  fi
  command -v mvn >/dev/null 2>&1 || tsy_die "no build found and Maven (mvn) is not on PATH; run 'mvn -B -DskipTests package' first"
  mkdir -p "$TSY_HOME/distribution/target"
  (
    # Several launchers may start at once (e.g. a planner's runners): build only once.
    if command -v flock >/dev/null 2>&1; then
      exec 9>"$TSY_HOME/distribution/target/.tsy-build.lock"
      flock 9
    fi
    if [ -z "$(tsy_dist_dir)" ] || tsy_sources_changed "$stamp"; then
      echo "$(basename "$0"): building tablestore-ycsb (mvn -DskipTests package); this happens once after a change..." >&2
      local started
      started=$(date +%s)
      (cd "$TSY_HOME" && mvn -q -B -Dstyle.color=never -DskipTests package >&2) || exit 1
      touch -d "@$started" "$stamp"
    fi
  ) || tsy_die "build failed (see Maven's output above)"
}

if [ -d "$TSY_HOME/lib" ]; then
  TSY_LIB="$TSY_HOME/lib"
  TSY_CONF="$TSY_HOME/conf"
else
  tsy_build_if_needed
  TSY_LIB="$(tsy_dist_dir)/lib"
  TSY_CONF="$TSY_HOME/distribution/src/conf"
fi

# Prints the path to use for FILE given with -P or --matrix: FILE itself when it exists from the
# current directory (or is absolute), else the distribution's copy (workloads/..., conf/...), saying
# so on stderr, else FILE unchanged (the program then reports it missing).
tsy_resolve_file() {
  local file=$1 candidate
  if [ -e "$file" ] || [ "${file#/}" != "$file" ]; then
    printf '%s\n' "$file"
    return 0
  fi
  candidate="$TSY_HOME/$file"
  if [ ! -e "$candidate" ] && [ "${file#conf/}" != "$file" ]; then
    candidate="$TSY_CONF/${file#conf/}"
  fi
  if [ -e "$candidate" ]; then
    echo "$(basename "$0"): $file is not in $(pwd); using $candidate" >&2
    printf '%s\n' "$candidate"
  else
    printf '%s\n' "$file"
  fi
}

# Sets TSY_ARGS to "$@" with the file after each -P and --matrix resolved by tsy_resolve_file.
tsy_resolve_files() {
  TSY_ARGS=()
  while [ $# -gt 0 ]; do
    case "$1" in
      -P|--matrix)
        TSY_ARGS+=("$1")
        shift
        if [ $# -gt 0 ]; then
          TSY_ARGS+=("$(tsy_resolve_file "$1")")
          shift
        fi ;;
      --matrix=*) TSY_ARGS+=("--matrix=$(tsy_resolve_file "${1#--matrix=}")"); shift ;;
      *) TSY_ARGS+=("$1"); shift ;;
    esac
  done
}

# bin/ycsb --version (the picocli launchers print the same line through ToolVersion themselves).
tsy_exec_version() {
  tsy_exec_java io.tablestoreycsb.kit.cli.ToolVersion "$(basename "$0")"
}

# The class path of the launchers that run the YCSB binding (bin/ycsb, bin/tablestore-table): the
# binding's jar, the libraries lib/tablestore-binding.classpath names, and the launchers' Log4j 2.
# Not all of lib/: a class look-up could open and index any of its 112 jars, and Log4j 2 probed the
# planner's YAML library at start.
tsy_binding_classpath() {
  local list="$TSY_LIB/tablestore-binding.classpath" jar cp="" entries
  [ -f "$list" ] || tsy_die "'$list' is missing: the distribution in $TSY_HOME is incomplete"
  IFS=: read -r -a entries < "$list" || true # a last line without a newline still counts
  for jar in "$TSY_LIB"/tablestore-binding-*.jar "${entries[@]/#lib\//$TSY_LIB/}" "$TSY_LIB"/log4j-api-*.jar \
             "$TSY_LIB"/log4j-core-*.jar "$TSY_LIB"/log4j-slf4j-impl-*.jar; do
    [ -f "$jar" ] || tsy_die "'$jar' is missing: the distribution in $TSY_HOME is incomplete"
    cp="${cp:+$cp:}$jar"
  done
  printf '%s\n' "$cp"
}

# tsy_class_archive NAME: sets TSY_ARCHIVE_OPTS to start the JVM from a class-data archive of this
# installation and this Java (dynamic AppCDS: the classes a start loads, parsed and verified once), kept
# in ~/.cache/tablestore-ycsb/class-archives. Without one, the JVM writes it when it exits, under a name
# of its own; the next start moves a finished one into place (mv is atomic: a JVM never maps a file
# still being written). Off with TSY_CLASS_ARCHIVE=off, when TSY_JAVA_OPTS choose an archive or
# -Xshare themselves, or when the cache directory cannot be written.
tsy_class_archive() {
  TSY_ARCHIVE_OPTS=()
  [ "${TSY_CLASS_ARCHIVE:-on}" = off ] && return 0
  case " ${TSY_JAVA_OPTS:-} " in *SharedArchiveFile*|*ArchiveClassesAtExit*|*-Xshare*) return 0 ;; esac
  local dir="${XDG_CACHE_HOME:-${HOME:-/nonexistent}/.cache}/tablestore-ycsb/class-archives" java_bin key archive partial
  mkdir -p "$dir" 2>/dev/null && [ -w "$dir" ] || return 0
  java_bin=$(readlink -f "$(command -v "$TSY_JAVA")" 2>/dev/null) || return 0
  # the archive belongs to one JVM build and one class path: both are in its name
  key=$( { echo "$java_bin"; ls -lL --time-style=+%s "${java_bin%/bin/java}/lib/modules" "$TSY_LIB" 2>/dev/null; } \
    | cksum | cut -d' ' -f1)
  archive="$dir/$1-$key.jsa"
  if [ ! -s "$archive" ]; then
    for partial in "$dir/$1-$key".*.jsa-writing; do
      [ -e "$partial" ] || continue
      # a finished one: the JVM that wrote it has gone
      kill -0 "$(basename "$partial" .jsa-writing | sed 's/.*\.//')" 2>/dev/null || mv -f "$partial" "$archive" 2>/dev/null
      [ -s "$archive" ] && break
    done
  fi
  if [ -s "$archive" ]; then
    for partial in "$dir/$1-$key".*.jsa-writing; do # those of starts that ran at once with the first
      [ -e "$partial" ] && ! kill -0 "$(basename "$partial" .jsa-writing | sed 's/.*\.//')" 2>/dev/null \
        && rm -f "$partial"
    done
    TSY_ARCHIVE_OPTS=("-XX:SharedArchiveFile=$archive" "-Xlog:cds=off" "-Xlog:cds+dynamic=off")
  else
    TSY_ARCHIVE_OPTS=("-XX:ArchiveClassesAtExit=$dir/$1-$key.$$.jsa-writing" "-Xlog:cds=off" "-Xlog:cds+dynamic=off")
  fi
}

# tsy_exec_java MAIN ARGS...: runs MAIN with every library in lib/ (TSY_CLASSPATH, when set, instead).
tsy_exec_java() {
  local main=$1; shift
  local opts=("${TSY_ARCHIVE_OPTS[@]+"${TSY_ARCHIVE_OPTS[@]}"}")
  [ -f "$TSY_CONF/log4j2.properties" ] && opts+=("-Dlog4j2.configurationFile=$TSY_CONF/log4j2.properties")
  # shellcheck disable=SC2086
  exec "$TSY_JAVA" ${TSY_JAVA_OPTS:-} "${opts[@]}" -Dtsy.home="$TSY_HOME" -cp "${TSY_CLASSPATH:-$TSY_LIB/*}" "$main" "$@"
}
