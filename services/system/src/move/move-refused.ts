// The two ways a move ends without moving anything, each with a message the operator can act on: refused
// before any row was written (the embedded server still runs, the target holds data), or rolled back
// because the dashboard would not read the same from PostgreSQL.
import type { Difference } from './compare-dashboard';

/** The move was not started: the message says why and what to do. Nothing was written to the target. */
export class MoveRefusedError extends Error {
  override readonly name = 'MoveRefusedError';
}

/** The copy was made but read differently from the embedded database, so it was rolled back. */
export class MoveMismatchError extends Error {
  override readonly name = 'MoveMismatchError';
  constructor(readonly differences: readonly Difference[]) {
    super(`the moved data does not read the same (${differences.length} differences)`);
  }
}
