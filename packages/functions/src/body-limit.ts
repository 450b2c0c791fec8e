import type { MiddlewareHandler } from 'hono';

export const maxBodyBytes = 1024 * 1024;
export const tooLargeMessage = 'The request body is larger than 1 MB';

/**
 * How much of a refused body is still read (and dropped) so that the client, still sending,
 * gets its 413 instead of a reset connection. Past this, or after `drainMs`, the connection is
 * dropped: nobody sends 64 MB to a form by mistake.
 */
const drainBytes = 64 * 1024 * 1024;
const drainMs = 10_000;

/** Reads a body to its end, keeping nothing; gives up past the byte or time budget. */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>, alreadyRead: number) {
  let read = alreadyRead;
  const deadline = Date.now() + drainMs;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return true;
      read += value.byteLength;
      if (read > drainBytes || Date.now() > deadline) return false;
    }
  } catch {
    return false;
  } finally {
    reader.releaseLock();
  }
}

/**
 * Refuses a body over 1 MB with 413 on every path. A declared length over the limit is refused
 * without keeping a byte; a body without one (chunked) is counted as it arrives. Either way the
 * rest is read first: answering mid-upload and closing made clients see EPIPE, not the 413.
 */
export const bodyLimit: MiddlewareHandler = async (c, next) => {
  const body = c.req.raw.body;
  if (!body || ['GET', 'HEAD'].includes(c.req.method)) return next();
  const tooLarge = (drained: boolean) => c.text(tooLargeMessage, 413, drained ? {} : { Connection: 'close' });

  const declared = c.req.header('content-length');
  if (declared !== undefined) {
    if (Number(declared) <= maxBodyBytes) return next();
    return tooLarge(await drain(body.getReader(), 0));
  }

  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch {
      reader.releaseLock();
      return c.text('The request body could not be read', 400, { Connection: 'close' });
    }
    if (chunk.done) break;
    size += chunk.value.byteLength;
    if (size > maxBodyBytes) return tooLarge(await drain(reader, size));
    chunks.push(chunk.value);
  }
  reader.releaseLock();
  c.req.raw = new Request(c.req.raw, { body: Buffer.concat(chunks) });
  return next();
};
