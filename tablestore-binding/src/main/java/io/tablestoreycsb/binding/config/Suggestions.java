package io.tablestoreycsb.binding.config;

import java.util.Collection;
import java.util.Locale;
import java.util.Optional;

/**
 * "Did you mean ...?" for a mistyped name: the closest of the known names by edit distance
 * (insertions, deletions, substitutions and swaps of two neighbouring characters each count 1;
 * case is ignored). Shared by every place that checks names against a known list: the binding's
 * properties, the table tool, the planner's matrix files.
 */
public final class Suggestions {
  private Suggestions() {
  }

  /**
   * The known name most likely meant by {@code word}: the closest one within
   * {@link #typoDistance(String)} edits, else empty. The first of equally close names wins.
   */
  public static Optional<String> likelyMeant(String word, Collection<String> known) {
    return closest(word, known, typoDistance(word));
  }

  /** The closest of {@code known} within {@code maxDistance} edits of {@code word}, else empty. */
  public static Optional<String> closest(String word, Collection<String> known, int maxDistance) {
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (String candidate : known) {
      int d = distance(word, candidate);
      if (d < bestDistance) {
        best = candidate;
        bestDistance = d;
      }
    }
    return bestDistance <= maxDistance ? Optional.of(best) : Optional.empty();
  }

  /**
   * How many edits still look like a typo rather than another name: 1 for names up to 5
   * characters, 2 up to 12, 3 beyond (so {@code db} is not "close" to {@code dc}-like names of
   * other things, while {@code tablestore.batchsiz} is close to {@code tablestore.batchsize}).
   */
  public static int typoDistance(String word) {
    int n = word.length();
    return n <= 5 ? 1 : n <= 12 ? 2 : 3;
  }

  /** Optimal-string-alignment distance between {@code a} and {@code b}, ignoring case. */
  public static int distance(String a, String b) {
    String s = a.toLowerCase(Locale.ROOT);
    String t = b.toLowerCase(Locale.ROOT);
    int[][] d = new int[s.length() + 1][t.length() + 1];
    for (int i = 0; i <= s.length(); i++) {
      d[i][0] = i;
    }
    for (int j = 0; j <= t.length(); j++) {
      d[0][j] = j;
    }
    for (int i = 1; i <= s.length(); i++) {
      for (int j = 1; j <= t.length(); j++) {
        int cost = s.charAt(i - 1) == t.charAt(j - 1) ? 0 : 1;
        d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
        if (i > 1 && j > 1 && s.charAt(i - 1) == t.charAt(j - 2) && s.charAt(i - 2) == t.charAt(j - 1)) {
          d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
        }
      }
    }
    return d[s.length()][t.length()];
  }
}
