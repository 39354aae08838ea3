/** Parts of a remaining duration, as the offer countdowns show them. */
export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  /** Hundredths of a second: the countdown ticks every 10 ms. */
  centis: number;
  done: boolean;
}

/** Splits the time left until `endsAt` (ms) at `now` (ms) into days … hundredths. */
export function countdownParts(endsAt: number, now: number): CountdownParts {
  const left = Math.max(0, endsAt - now);
  const centisTotal = Math.floor(left / 10);
  return {
    days: Math.floor(left / 86_400_000),
    hours: Math.floor(left / 3_600_000) % 24,
    minutes: Math.floor(left / 60_000) % 60,
    seconds: Math.floor(left / 1000) % 60,
    centis: centisTotal % 100,
    done: left === 0,
  };
}

/** Two-digit form of a countdown part: 7 → '07'. */
export function pad2(n: number): string {
  return String(n).padStart(2, '0');
}
