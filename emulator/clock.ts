/**
 * The emulator's time. "Now" is the start instant plus real time elapsed since the start (so a browser
 * sees a call finish without anyone moving the clock) plus every advance the control API made (so tests
 * can jump 24 hours without waiting). With realTime off only advances move it, for fully repeatable runs.
 */
export interface ClockOptions {
  /** Epoch milliseconds the clock starts at; the machine's time when absent. */
  startAt?: number;
  /** Let real time move the clock (default true). */
  realTime?: boolean;
}

export class Clock {
  readonly realTime: boolean;
  #startAt = 0;
  #realStart = 0;
  #advancedMs = 0;
  #fixedStart: number | undefined;

  constructor(options: ClockOptions = {}) {
    this.realTime = options.realTime ?? true;
    this.#fixedStart = options.startAt;
    this.reset();
  }

  /** Back to the start instant (the machine's current time when no start was given). */
  reset(): void {
    this.#startAt = this.#fixedStart ?? Date.now();
    this.#realStart = performance.now();
    this.#advancedMs = 0;
  }

  now(): number {
    const real = this.realTime ? performance.now() - this.#realStart : 0;
    return Math.floor(this.#startAt + real + this.#advancedMs);
  }

  advance(seconds: number): void {
    this.#advancedMs += seconds * 1000;
  }
}

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export function iso(ms: number): string {
  return new Date(ms).toISOString();
}
