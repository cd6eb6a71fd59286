/**
 * The server's notion of "now" for business time (scheduled sends). Real time plus an offset that
 * only tests and the DEV_CLOCK demo route move forward: scheduled sends are tested without sleeping.
 */
export type Clock = {
  now(): Date;
  /** Moves the clock forward by `ms` (tests, DEV_CLOCK); never backwards. */
  advance(ms: number): void;
};

export function createClock(): Clock {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance(ms) {
      if (ms > 0) offset += ms;
    },
  };
}
