import { DocketException } from '../errors/docket.exception';

/** Each status, and the statuses it may move to; a status with none is terminal. */
export type TransitionTable<S extends string> = Readonly<Record<S, readonly S[]>>;

export interface StateMachine<S extends string> {
  /** The statuses nothing leaves, in the table's order. */
  readonly terminal: readonly S[];
  canTransition(from: S, to: S): boolean;
  /** INVALID_STATE_TRANSITION unless the table allows the move. */
  assertTransition(from: S, to: S): void;
  /** The statuses that may move to `to`: what an `UPDATE ... WHERE status IN (...)` guards with. */
  sourcesOf(to: S): readonly S[];
  isTerminal(status: S): boolean;
}

/**
 * A status machine read from its one transition table. Files, items and runs each write theirs
 * the same way (from -> to), and every question about a move is answered here, from the table.
 * `subject` names the thing in a refusal ("An item" in "An item in REVIEW cannot move to QUEUED").
 */
export function stateMachine<S extends string>(
  subject: string,
  transitions: TransitionTable<S>,
): StateMachine<S> {
  const statuses = Object.keys(transitions) as S[];
  const terminal = statuses.filter((status) => transitions[status].length === 0);
  const canTransition = (from: S, to: S): boolean => transitions[from].includes(to);
  return {
    terminal,
    canTransition,
    assertTransition(from, to) {
      if (!canTransition(from, to)) {
        throw new DocketException(
          'INVALID_STATE_TRANSITION',
          `${subject} in ${from} cannot move to ${to}`,
          { from, to, allowed: [...transitions[from]] },
        );
      }
    },
    sourcesOf: (to) => statuses.filter((from) => canTransition(from, to)),
    isTerminal: (status) => terminal.includes(status),
  };
}
