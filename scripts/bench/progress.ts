/** A one-line progress bar on a terminal; a line per 10% elsewhere (CI logs). */
export function progressBar(label: string, total: number) {
  const started = performance.now();
  const tty = process.stdout.isTTY;
  let lastTenth = -1;
  const render = (done: number) => {
    const ratio = total > 0 ? Math.min(1, done / total) : 1;
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    if (tty) {
      const width = 30;
      const filled = Math.round(ratio * width);
      process.stdout.write(
        `\r  ${label.padEnd(10)} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${String(Math.round(ratio * 100)).padStart(3)}%  ${seconds} s `,
      );
    } else {
      const tenth = Math.floor(ratio * 10);
      if (tenth !== lastTenth) {
        lastTenth = tenth;
        console.log(`  ${label} ${tenth * 10}% (${seconds} s)`);
      }
    }
  };
  render(0);
  return {
    update: render,
    done(note: string) {
      render(total);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      if (tty) process.stdout.write(`\r  ${label.padEnd(10)} done in ${seconds} s: ${note}${' '.repeat(30)}\n`);
      else console.log(`  ${label} done in ${seconds} s: ${note}`);
    },
  };
}
