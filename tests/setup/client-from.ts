import { request as httpRequest } from 'node:http';
import { Client, type HttpResult } from './api.ts';

/**
 * A Client whose connections come from another loopback address (e.g. 127.0.0.2): fetch cannot
 * choose a local address, node:http can. The server still listens on 127.0.0.1 only.
 */
export class ClientFrom extends Client {
  constructor(
    base: string,
    readonly localAddress: string,
  ) {
    super(base);
  }

  override request<T = any>(method: string, path: string, body?: unknown, init: { raw?: string; headers?: Record<string, string> } = {}) {
    const payload = init.raw ?? (body === undefined ? undefined : JSON.stringify(body));
    return new Promise<HttpResult<T>>((resolve, reject) => {
      const req = httpRequest(
        this.base + path,
        {
          method,
          localAddress: this.localAddress,
          agent: false,
          headers: {
            'Content-Type': 'application/json',
            Origin: this.base,
            ...(this.cookie ? { Cookie: this.cookie } : {}),
            ...(payload === undefined ? {} : { 'Content-Length': String(Buffer.byteLength(payload)) }),
            ...init.headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            const headers = new Headers();
            for (const [key, value] of Object.entries(res.headers)) {
              for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(key, v);
            }
            const setCookie = headers.get('set-cookie');
            if (setCookie) this.cookie = setCookie.split(';')[0]!;
            const json = headers.get('content-type')?.includes('application/json');
            resolve({ status: res.statusCode ?? 0, body: (json ? JSON.parse(text) : text) as T, text, headers });
          });
        },
      );
      req.setTimeout(15_000, () => req.destroy(new Error(`${method} ${path} timed out`)));
      req.on('error', reject);
      req.end(payload);
    });
  }
}
