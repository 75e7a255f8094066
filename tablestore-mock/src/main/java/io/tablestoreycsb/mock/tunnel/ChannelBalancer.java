package io.tablestoreycsb.mock.tunnel;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Spreads a tunnel's channels evenly over its connected clients: each client's share is
 * {@code channels / clients}, the earliest-connected clients taking one more while channels do
 * not divide evenly. A client over its share is asked to close the excess (OPEN to CLOSING); a
 * channel no one holds goes OPEN to the client furthest below its share. A channel moves only
 * after its holder released it, so the new holder resumes from the holder's last checkpoint.
 */
final class ChannelBalancer {
  private ChannelBalancer() {}

  static void balance(Collection<Channel> channels, Collection<ClientSession> clients) {
    if (clients.isEmpty()) {
      return;
    }
    List<ClientSession> ordered = new ArrayList<>(clients);
    ordered.sort(Comparator.comparingLong(c -> c.connectOrder));
    List<Channel> live = new ArrayList<>();
    for (Channel c : channels) {
      if (c.status != ChannelStatus.TERMINATED) {
        live.add(c);
      }
    }
    live.sort(Comparator.comparingInt(c -> c.partition));
    int base = live.size() / ordered.size();
    int extra = live.size() % ordered.size();
    Map<String, Integer> deficit = new HashMap<>();
    for (int i = 0; i < ordered.size(); i++) {
      deficit.put(ordered.get(i).id, base + (i < extra ? 1 : 0));
    }
    for (Channel c : live) { // what each client holds open counts against its share
      if (c.status == ChannelStatus.OPEN && c.owner != null && deficit.containsKey(c.owner)) {
        deficit.merge(c.owner, -1, Integer::sum);
      }
    }
    for (int i = live.size() - 1; i >= 0; i--) { // over its share: give back the highest partitions
      Channel c = live.get(i);
      if (c.status == ChannelStatus.OPEN && deficit.getOrDefault(c.owner, 0) < 0) {
        c.askToClose();
        deficit.merge(c.owner, 1, Integer::sum);
      }
    }
    for (Channel c : live) {
      if (c.owner == null) {
        String taker = mostShort(ordered, deficit);
        if (taker == null) {
          return;
        }
        c.open(taker);
        deficit.merge(taker, -1, Integer::sum);
      }
    }
  }

  private static String mostShort(List<ClientSession> ordered, Map<String, Integer> deficit) {
    String best = null;
    int bestDeficit = 0;
    for (ClientSession c : ordered) {
      int d = deficit.get(c.id);
      if (d > bestDeficit) {
        best = c.id;
        bestDeficit = d;
      }
    }
    return best;
  }
}
