/** The year the app was built (vite.config.ts's `define`). */
declare const __BUILD_YEAR__: number;
