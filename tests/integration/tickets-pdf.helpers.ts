// Reading printed tickets back: a page's text and its QR code, out of the PDF's own drawing
// operators. pdf-lib parses the file (cross-references, objects, compressed content streams); the
// operators are read here, the squares rasterised into an RGBA image and decoded by jsQR, as a
// camera at the door would.
import jsQR from 'jsqr';
import { PDFArray, PDFDocument, PDFRawStream, decodePDFRawStream, type PDFPage } from 'pdf-lib';
import { checkAnswer, type Client } from '../setup/api.ts';

/** GET a PDF with the client's session: its bytes as sent (the JSON client would read them as text). */
export async function getPdf(client: Client, path: string) {
  const response = await fetch(client.base + path, { headers: client.cookie ? { Cookie: client.cookie } : {} });
  const bytes = new Uint8Array(await response.arrayBuffer());
  const pdf = response.headers.get('content-type') === 'application/pdf';
  const result = {
    status: response.status,
    headers: response.headers,
    bytes,
    text: pdf ? '' : new TextDecoder().decode(bytes),
    body: null,
  };
  checkAnswer('GET', path, pdf ? { ...result, text: '%PDF' } : result);
  return result;
}

/** A page's content as operators with their operands (numbers, names, and strings decoded from WinAnsi). */
function operators(content: string) {
  const ansi = new TextDecoder('windows-1252');
  const hex = (text: string) => ansi.decode(Uint8Array.from(text.replace(/\s/g, '').match(/../g) ?? [], (h) => parseInt(h, 16)));
  const tokens = content.matchAll(/<([0-9A-Fa-f\s]*)>|\(((?:\\.|[^\\)])*)\)|(\/[^\s/<>[\]()]+)|([+-]?\d*\.?\d+)|([A-Za-z'"*]+)|\[|\]/g);
  const found: { op: string; args: (number | string)[] }[] = [];
  let args: (number | string)[] = [];
  for (const [, hexText, literal, name, number, op] of tokens) {
    if (hexText !== undefined) args.push(hex(hexText));
    else if (literal !== undefined) args.push(literal.replace(/\\(.)/g, '$1'));
    else if (name !== undefined) args.push(name);
    else if (number !== undefined) args.push(Number(number));
    else if (op !== undefined) {
      found.push({ op, args });
      args = [];
    }
  }
  return found;
}

/** The page's content streams, decompressed and joined. */
function contentOf(page: PDFPage) {
  const contents = page.node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => page.doc.context.lookup(ref)) : [contents];
  return streams
    .map((stream) => {
      if (!(stream instanceof PDFRawStream)) throw new Error('A page content stream pdf-lib did not read raw');
      return new TextDecoder('latin1').decode(decodePDFRawStream(stream).decode());
    })
    .join('\n');
}

/**
 * The filled rectangles drawn in black, rasterised at `scale` pixels a point on a white page
 * (a pixel is black when its centre is inside one), and the QR code jsQR finds in the image.
 */
function decodeQr(page: PDFPage, ops: ReturnType<typeof operators>, scale = 2) {
  const { width, height } = page.getSize();
  const [w, h] = [Math.ceil(width * scale), Math.ceil(height * scale)];
  const rgba = new Uint8ClampedArray(w * h * 4).fill(255);
  let path: number[][] = [];
  let black = false;
  let filled = 0;
  for (const { op, args } of ops) {
    if (op === 'g') black = args[0] === 0;
    else if (op === 're') path.push(args as number[]);
    else if (op === 'f' || op === 'n' || op === 'S') {
      if (op === 'f' && black) {
        for (const [x, y, rw, rh] of path) {
          // PDF's y grows upwards, the image's rows downwards.
          for (let row = Math.round((height - y! - rh!) * scale); row < Math.round((height - y!) * scale); row++)
            for (let col = Math.round(x! * scale); col < Math.round((x! + rw!) * scale); col++)
              rgba.fill(0, (row * w + col) * 4, (row * w + col) * 4 + 3);
          filled++;
        }
      }
      path = [];
    }
  }
  return { squares: filled, code: jsQR(rgba, w, h)?.data ?? null };
}

/** Each page of a tickets PDF: its lines of text (in drawing order) and what its QR code reads. */
export async function readTicketPages(bytes: Uint8Array) {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((page) => {
    const ops = operators(contentOf(page));
    const texts = ops.filter(({ op }) => op === 'Tj').map(({ args }) => String(args[0]));
    return { texts, ...decodeQr(page, ops) };
  });
}
