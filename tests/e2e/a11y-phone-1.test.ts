import { walkTest } from '../setup/a11y-walk.ts';

await walkTest('375 px', { width: 375, height: 800 }, 1);
