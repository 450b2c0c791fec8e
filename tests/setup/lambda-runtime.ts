// A stand-in for the part of Lambda's Node.js runtime a response-streaming function meets: the
// global `awslambda` (streamifyResponse, HttpResponseStream) and the response stream it writes
// to, and the Function URL's side, which reads the metadata prelude and the body from that
// stream. It follows the runtime's contract (aws-lambda-nodejs-runtime-interface-client): the
// handler is marked with a symbol, HttpResponseStream.from sets the prelude content type and
// writes the JSON prelude and 8 zero bytes before the first body bytes. It stands in for AWS,
// not for our code: the real handler runs, with the real app on DynamoDB Local.
import { Writable } from 'node:stream';

const preludeContentType = 'application/vnd.awslambda.http-integration-response';
const delimiter = new Uint8Array(8);
const streamingMark = Symbol.for('aws.lambda.runtime.handler.streaming');

export interface Prelude {
  statusCode?: number;
  headers?: Record<string, string>;
  cookies?: string[];
}

/** The runtime's response stream: collects what the handler writes, chunk by chunk. */
export class ResponseStream extends Writable {
  contentType = 'application/octet-stream';
  chunks: Buffer[] = [];
  /** Set by HttpResponseStream.from: writes the prelude before the first body bytes. */
  beforeFirstWrite?: (write: (chunk: Uint8Array | string) => void) => void;

  setContentType(contentType: string) {
    this.contentType = contentType;
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void) {
    const hook = this.beforeFirstWrite;
    if (hook) {
      this.beforeFirstWrite = undefined;
      hook((part) => this.chunks.push(Buffer.from(part)));
    }
    this.chunks.push(chunk);
    done();
  }
}

/** Installs the `awslambda` global, as the Lambda Node.js runtime does before loading the handler. */
export function installLambdaRuntime() {
  (globalThis as Record<string, unknown>).awslambda = {
    streamifyResponse<T extends object>(handler: T): T {
      Object.assign(handler, { [streamingMark]: 'response' });
      return handler;
    },
    HttpResponseStream: {
      from(stream: ResponseStream, prelude: Prelude) {
        stream.setContentType(preludeContentType);
        const json = JSON.stringify(prelude);
        stream.beforeFirstWrite = (write) => {
          write(json);
          write(delimiter);
        };
        return stream;
      },
    },
  };
}

/** What the Function URL answers: the prelude's status, headers and cookies, then the body bytes. */
export interface StreamedResult {
  statusCode: number;
  headers: Record<string, string>;
  cookies: string[];
  body: Buffer;
  /** how many writes the body came in: more than one means it was streamed, not buffered */
  bodyWrites: number;
  /** the handler was marked for streaming, so the runtime invokes it with a stream */
  streamed: boolean;
}

type StreamingHandler = (event: unknown, stream: Writable, context: unknown) => Promise<void>;

/** Invokes a handler as a RESPONSE_STREAM Function URL does, and reads its answer as the URL does. */
export async function invokeStreaming(handler: StreamingHandler, event: unknown): Promise<StreamedResult> {
  const stream = new ResponseStream();
  const finished = new Promise<void>((resolve, reject) => {
    stream.on('finish', resolve);
    stream.on('error', reject);
  });
  await handler(event, stream, { awsRequestId: crypto.randomUUID() });
  await finished;
  const streamed = (handler as unknown as Record<symbol, unknown>)[streamingMark] === 'response';
  if (stream.contentType !== preludeContentType) throw new Error(`The handler wrote no HTTP prelude (content type ${stream.contentType})`);
  const [json, zeros, ...body] = stream.chunks;
  if (!json || !zeros || Buffer.compare(zeros, Buffer.from(delimiter)) !== 0)
    throw new Error('The HTTP prelude is not followed by its delimiter');
  const prelude = JSON.parse(json.toString('utf8')) as Prelude;
  return {
    statusCode: prelude.statusCode ?? 200,
    headers: prelude.headers ?? {},
    cookies: prelude.cookies ?? [],
    body: Buffer.concat(body),
    bodyWrites: body.filter((chunk) => chunk.length > 0).length,
    streamed,
  };
}
