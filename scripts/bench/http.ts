// A small HTTP load client over keep-alive connections to 127.0.0.1: sequential latency and
// throughput at a fixed number of connections, every loop bounded in requests and in time.
import http from 'node:http';

export interface Answer {
  status: number;
  /** bytes of the body as sent (compressed when the server compressed it) */
  bytes: number;
  body: Buffer;
  encoding: string | undefined;
}

export function httpClient(base: string, cookie: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

  function get(path: string, acceptEncoding = 'gzip, deflate, br'): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const req = http.get(
        `${base}${path}`,
        { agent, headers: { Cookie: cookie, 'Accept-Encoding': acceptEncoding, Accept: 'application/json' } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const body = Buffer.concat(chunks);
            if (res.statusCode !== 200) return reject(new Error(`GET ${path}: ${res.statusCode} ${body.toString().slice(0, 200)}`));
            resolve({ status: res.statusCode, bytes: body.length, body, encoding: res.headers['content-encoding'] });
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
    });
  }

  /** A request with a JSON body whose answer is returned whatever its status; status 0: no answer (a socket error, or none within `timeoutMs`). */
  function send(method: 'POST' | 'PUT', path: string, json: unknown, timeoutMs = 30_000): Promise<{ status: number; body: Buffer }> {
    return new Promise((resolve) => {
      const payload = Buffer.from(JSON.stringify(json));
      const req = http.request(
        `${base}${path}`,
        {
          method,
          agent,
          headers: { Cookie: cookie, 'Content-Type': 'application/json', 'Content-Length': payload.length, Accept: 'application/json' },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
          res.on('error', () => resolve({ status: 0, body: Buffer.alloc(0) }));
        },
      );
      req.setTimeout(timeoutMs, () => req.destroy(new Error(`${method} ${path}: no answer within ${timeoutMs} ms`)));
      req.on('error', () => resolve({ status: 0, body: Buffer.alloc(0) }));
      req.end(payload);
    });
  }

  async function timed(path: string) {
    const start = performance.now();
    await get(path);
    return performance.now() - start;
  }

  return {
    get,
    send,
    /** p50 and p95 of `samples` requests one after another (after a warm-up), stopping early at `maxSeconds`. */
    async latency(path: string, options: { samples?: number; warmup?: number; maxSeconds?: number; minSamples?: number } = {}) {
      const { samples = 200, warmup = 10, maxSeconds = 20, minSamples = 3 } = options;
      const deadline = performance.now() + maxSeconds * 1000;
      for (let i = 0; i < warmup && performance.now() < deadline; i++) await timed(path);
      const times: number[] = [];
      while (times.length < samples && (times.length < minSamples || performance.now() < deadline)) times.push(await timed(path));
      return { p50: percentile(times, 50), p95: percentile(times, 95), n: times.length };
    },
    /** Requests per second with `connections` requests always in flight, for `seconds` (and at most `maxRequests`). */
    async throughput(path: string, options: { connections?: number; seconds?: number; maxRequests?: number } = {}) {
      const { connections = 16, seconds = 2, maxRequests = Number.POSITIVE_INFINITY } = options;
      const start = performance.now();
      const deadline = start + seconds * 1000;
      let started = 0;
      let done = 0;
      await Promise.all(
        Array.from({ length: connections }, async () => {
          while (started < maxRequests && performance.now() < deadline) {
            started += 1;
            await get(path);
            done += 1;
          }
        }),
      );
      const elapsed = (performance.now() - start) / 1000;
      return { rps: done / elapsed, n: done, connections, seconds: elapsed };
    },
    close: () => agent.destroy(),
  };
}

export function percentile(values: number[], p: number) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
