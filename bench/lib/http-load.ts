/** One autocannon run against a server, reduced to the figures the benches print. */
import autocannon from 'autocannon';

export interface LoadTarget {
  port: number;
  /** Bearer token; empty for a bare handler that needs none. */
  token: string;
}

export interface LoadFigures {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** Requests answered in the run (for a cost per request). */
  total: number;
}

export async function loadFor(
  target: LoadTarget,
  urlPath: string,
  seconds: number,
  connections: number,
): Promise<LoadFigures> {
  const result = await autocannon({
    url: `http://127.0.0.1:${target.port}${urlPath}`,
    connections,
    duration: seconds,
    headers: target.token ? { authorization: `Bearer ${target.token}` } : {},
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    total: result.requests.total,
  };
}

export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Medians of several rounds (errors summed), so one round disturbed by other work does not decide. */
export function medianOf(rounds: readonly LoadFigures[]): LoadFigures {
  return {
    rps: median(rounds.map((m) => m.rps)),
    p50: median(rounds.map((m) => m.p50)),
    p99: median(rounds.map((m) => m.p99)),
    non2xx: rounds.reduce((n, m) => n + m.non2xx, 0),
    errors: rounds.reduce((n, m) => n + m.errors, 0),
    total: rounds.reduce((n, m) => n + m.total, 0),
  };
}
