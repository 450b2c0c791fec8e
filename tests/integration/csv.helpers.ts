/** An RFC 4180 reader, written out here so the test does not trust the writer's own rules. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted && ch === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (quoted && ch === '"') quoted = false;
    else if (quoted) cell += ch;
    else if (ch === '"') quoted = true;
    else if (ch === ',') endCell();
    else if (ch === '\r' && text[i + 1] === '\n') {
      endCell();
      rows.push(row);
      row = [];
      i++;
    } else cell += ch;
  }
  if (cell !== '' || row.length) {
    endCell();
    rows.push(row);
  }
  return rows;
}
