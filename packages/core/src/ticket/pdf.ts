import {
  PDFDocument,
  PageSizes,
  StandardFonts,
  fill,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  setFillingGrayscaleColor,
} from 'pdf-lib';
import type { PDFFont, PDFPage } from 'pdf-lib';
import { formatTicketCode } from '../order/ticket-code.ts';
import { qrModules } from './pdf.qr.ts';
import type { PrintableTickets } from './pdf.schema.ts';

// Printable tickets (GET /api/transactions/{id}/tickets.pdf): one Letter page per valid ticket, its
// QR code drawn as filled rectangles (vector: sharp at any printer's resolution, no image codec).
// Only PDF's standard fonts are used, so nothing is embedded and a page stays a few kilobytes.

const [pageWidth, pageHeight] = PageSizes.Letter;
const margin = 56;
const textWidth = pageWidth - margin * 2;
/** Modules of white around the code: the quiet zone scanners need (ISO/IEC 18004). */
const quietModules = 4;
const qrSide = 216;

/** Latin letters with a stroke rather than an accent: no decomposition takes them to their base. */
const stroked: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ħ: 'H', ħ: 'h', ı: 'i', Ŧ: 'T', ŧ: 't' };

/**
 * Text as a standard (WinAnsi) font can draw it: a letter it lacks is drawn without its accent or
 * stroke (`Łódź` -> `Lódz`: `ó` is in the font, `ź` and `Ł` are not), any other character as `?`.
 * The check-in screen shows names in full.
 */
function drawable(font: PDFFont, text: string) {
  const known = new Set(font.getCharacterSet());
  return Array.from(text, (char) => {
    if (known.has(char.codePointAt(0)!)) return char;
    const bare = stroked[char] ?? char.normalize('NFKD').replace(/\p{M}/gu, '');
    return bare && Array.from(bare).every((c) => known.has(c.codePointAt(0)!)) ? bare : '?';
  }).join('');
}

/** A line at `size`, smaller down to `min` to fit the width, then cut with an ellipsis. */
function fitted(font: PDFFont, raw: string, size: number, min: number) {
  let text = drawable(font, raw);
  let at = size;
  while (at > min && font.widthOfTextAtSize(text, at) > textWidth) at -= 1;
  while (text.length > 1 && font.widthOfTextAtSize(text, at) > textWidth) text = `${text.slice(0, -2)}\u2026`;
  return { text, size: at };
}

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  mono: PDFFont;
}

/** The code's modules as one path of squares, filled black, centred at the top `y` of its box. */
function drawQr(page: PDFPage, code: string, top: number) {
  const modules = qrModules(code);
  const unit = qrSide / (modules.length + quietModules * 2);
  const left = (pageWidth - qrSide) / 2 + quietModules * unit;
  const upper = top - quietModules * unit;
  const squares = modules.flatMap((row, y) =>
    row.flatMap((dark, x) => (dark ? [rectangle(left + x * unit, upper - (y + 1) * unit, unit, unit)] : [])),
  );
  page.pushOperators(pushGraphicsState(), setFillingGrayscaleColor(0), ...squares, fill(), popGraphicsState());
  return top - qrSide;
}

function drawTicket(page: PDFPage, fonts: Fonts, printable: PrintableTickets, index: number) {
  const { event, tickets, transactionId } = printable;
  const ticket = tickets[index]!;
  let y = pageHeight - margin;
  const line = (raw: string, font: PDFFont, size: number, gap: number) => {
    const fit = fitted(font, raw, size, Math.min(size, 9));
    y -= fit.size;
    page.drawText(fit.text, { x: margin, y, size: fit.size, font });
    y -= gap;
  };
  line(event.title, fonts.bold, 26, 14);
  line(`${event.date} at ${event.time}`, fonts.regular, 14, 6);
  line(event.venue, fonts.regular, 14, 28);
  line(ticket.ticketTypeName, fonts.bold, 18, 8);
  line(ticket.attendeeName ?? 'No attendee named', fonts.regular, 14, 24);
  y = drawQr(page, ticket.code, y) - 20;
  const code = formatTicketCode(ticket.code);
  const codeSize = 16;
  page.drawText(code, { x: (pageWidth - fonts.mono.widthOfTextAtSize(code, codeSize)) / 2, y, size: codeSize, font: fonts.mono });
  const footer = drawable(fonts.regular, `Ticket ${index + 1} of ${tickets.length} \u00b7 Order ${transactionId}`);
  page.drawText(footer, { x: margin, y: margin, size: 9, font: fonts.regular });
}

/**
 * The PDF of an order's valid tickets, one page each: the event's title, day, time and venue,
 * the ticket type, the attendee, and the code as text and as a QR code (of the code's normalised
 * form, which a check-in takes as it is). No reads: the caller hands it what to print.
 */
export async function ticketsPdf(printable: PrintableTickets): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Tickets: ${printable.event.title}`);
  doc.setCreator('Event admin');
  const fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    mono: await doc.embedFont(StandardFonts.Courier),
  };
  printable.tickets.forEach((_, index) => drawTicket(doc.addPage([pageWidth, pageHeight]), fonts, printable, index));
  return doc.save();
}
