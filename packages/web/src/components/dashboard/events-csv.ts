import { format } from 'date-fns';
import type { EventInfo } from '@event-admin/core/event/event.schema';

type CsvEvent = Pick<EventInfo, 'title' | 'date' | 'venue' | 'status' | 'sales'>;

/**
 * One CSV field: quoted when it holds a comma, quote or line break; a leading = + - @ is
 * neutralised so a spreadsheet never runs a title as a formula.
 */
export function csvField(value: string | number) {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const isoDay = (value: string) => {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : format(date, 'yyyy-MM-dd');
};

/** The Export Reports file: one row per event (title, date, venue, status, sales in dollars). */
export function eventsCsv(events: readonly CsvEvent[]) {
  const lines = [['Title', 'Date', 'Venue', 'Status', 'Sales (USD)'].join(',')];
  for (const e of events) lines.push([csvField(e.title), isoDay(e.date), csvField(e.venue), csvField(e.status), e.sales ?? 0].join(','));
  return `${lines.join('\r\n')}\r\n`;
}

export const eventsCsvFileName = (now = new Date()) => `events-report-${format(now, 'yyyy-MM-dd')}.csv`;

/** Hands the text to the browser as a file download. */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, or some browsers cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
