/** 'Chrome 140 on Linux' from a User-Agent header; the raw header stays available as a tooltip. */
export function describeUserAgent(userAgent: string) {
  if (!userAgent.trim()) return 'Unknown device';
  const browsers: [string, RegExp][] = [
    ['Edge', /Edg(?:e|A|iOS)?\/(\d+)/],
    ['Opera', /OPR\/(\d+)/],
    ['Firefox', /(?:Firefox|FxiOS)\/(\d+)/],
    ['Chrome', /(?:Chrome|CriOS)\/(\d+)/],
    ['Safari', /Version\/(\d+)[.\d]* (?:Mobile\/\S+ )?Safari/],
  ];
  const systems: [string, RegExp][] = [
    ['iOS', /iPhone|iPad|iPod/],
    ['Android', /Android/],
    ['ChromeOS', /CrOS/],
    ['Windows', /Windows/],
    ['macOS', /Mac OS X|Macintosh/],
    ['Linux', /Linux/],
  ];
  const browser = browsers.find(([, pattern]) => pattern.test(userAgent));
  const system = systems.find(([, pattern]) => pattern.test(userAgent))?.[0];
  const name = browser ? `${browser[0]} ${browser[1].exec(userAgent)![1]}` : userAgent.split(/[\s/]/)[0]!.slice(0, 40);
  return system ? `${name} on ${system}` : name;
}
