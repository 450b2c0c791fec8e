import type { Context } from './context.ts';
import { createCallerFactory } from './init.ts';
import { appRouter } from './routers/_app.ts';

const factory = createCallerFactory(appRouter);

/** Calls procedures in-process (REST routes, tests): the same validation, auth and errors as /trpc. */
export const createCaller = (ctx: Context) => factory(ctx);
