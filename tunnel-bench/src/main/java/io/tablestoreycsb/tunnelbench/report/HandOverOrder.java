package io.tablestoreycsb.tunnelbench.report;

import io.tablestoreycsb.tunnelbench.child.ChannelPage;
import io.tablestoreycsb.tunnelbench.child.ChannelPage.Position;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Did each channel keep its commit order where it moved from one consumer to another? Each consumer
 * checks the order of what it was handed itself; this checks the moments in between. A channel that
 * moves resumes from its last checkpoint, and the SDK checkpoints at the end of a page it handed (every
 * few seconds, so some pages may come again: duplicates, allowed). The next consumer's first page must
 * therefore begin where a page the channel already handed began, no earlier than where the channel last
 * resumed (checkpoints only move forward), or after everything handed so far. Beginning inside a page, or
 * before the last resume, is going backwards past a checkpoint; skipping forward loses rows, which the
 * consumed-row check finds.
 *
 * <p>The pages of every consumer of a channel are put in the order they were handed (the consumers'
 * clocks: a hand-over takes seconds, a heartbeat time-out when a consumer was lost, far more than the
 * clocks of one cluster differ by).
 *
 * @param channelsMoved channels handed by more than one consumer
 * @param handOvers pages that began a channel's stretch at another consumer than the page before
 * @param outOfOrder records of hand-over pages that broke the order
 */
public record HandOverOrder(int channelsMoved, int handOvers, long outOfOrder) {

  /** @param pagesPerConsumer each consumer's pages, in the order it was handed them */
  public static HandOverOrder of(List<List<ChannelPage>> pagesPerConsumer) {
    Map<String, List<Handed>> byChannel = new HashMap<>();
    for (int c = 0; c < pagesPerConsumer.size(); c++) {
      for (ChannelPage p : pagesPerConsumer.get(c)) {
        byChannel.computeIfAbsent(p.channel(), k -> new ArrayList<>()).add(new Handed(c, p));
      }
    }
    int moved = 0;
    int handOvers = 0;
    long outOfOrder = 0;
    for (List<Handed> pages : byChannel.values()) {
      pages.sort(Comparator.comparingLong(h -> h.page().handedMicros())); // stable: a consumer's own order kept
      if (pages.stream().map(Handed::consumer).distinct().count() > 1) {
        moved++;
      }
      Set<Position> pageStarts = new HashSet<>();
      Position end = null;
      Position resumedAt = null;
      int holder = -1;
      for (Handed h : pages) {
        ChannelPage p = h.page();
        if (holder >= 0 && h.consumer() != holder) {
          handOvers++;
          boolean afterAll = p.first().compareTo(end) > 0;
          boolean atCheckpoint = pageStarts.contains(p.first())
              && (resumedAt == null || p.first().compareTo(resumedAt) >= 0);
          if (!afterAll && !atCheckpoint) {
            outOfOrder += p.records();
          }
          resumedAt = p.first();
        }
        holder = h.consumer();
        pageStarts.add(p.first());
        end = end == null || p.last().compareTo(end) > 0 ? p.last() : end;
      }
    }
    return new HandOverOrder(moved, handOvers, outOfOrder);
  }

  private record Handed(int consumer, ChannelPage page) {}
}
