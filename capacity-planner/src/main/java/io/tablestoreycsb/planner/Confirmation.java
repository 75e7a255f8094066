package io.tablestoreycsb.planner;

import java.io.Console;

/** Asks the person at the terminal a yes/no question; there may be no one to ask. */
interface Confirmation {
  /** The answer typed, or null when no one can answer (standard input is not a terminal). */
  String ask(String question);

  /** The terminal of this process, when it has one. */
  static Confirmation ofConsole() {
    return question -> {
      Console console = System.console();
      return console == null ? null : console.readLine("%s", question);
    };
  }

  static boolean isYes(String answer) {
    return answer != null && (answer.strip().equalsIgnoreCase("y") || answer.strip().equalsIgnoreCase("yes"));
  }
}
