import { walkTest } from '../setup/a11y-walk.ts';

await walkTest('1280 px', { width: 1280, height: 900 }, 2);
