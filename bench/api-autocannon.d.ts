// The part of autocannon's API that the benches use (the package ships no types).
declare module 'autocannon' {
  interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p90: number;
    p99: number;
    max: number;
  }
  interface Result {
    requests: Histogram & { total: number };
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    duration: number;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    headers?: Record<string, string>;
    method?: 'GET' | 'POST';
    body?: string | Buffer;
    /** Cycled through by every connection, in order. */
    requests?: {
      method?: 'GET' | 'POST';
      path: string;
      body?: string | Buffer;
      headers?: Record<string, string>;
    }[];
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
