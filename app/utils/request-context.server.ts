import { AsyncLocalStorage } from "node:async_hooks";
import { singleton } from "~/utils/singleton.server";

/** What the server knows about the request being handled, wherever the code runs. */
export interface RequestContext {
  requestId: string;
  queryCount: number;
  databaseUnavailable: boolean;
}

function storage() {
  return singleton("request-context", () => new AsyncLocalStorage<RequestContext>());
}

export function runWithRequestContext<T>(context: RequestContext, fn: () => T): T {
  return storage().run(context, fn);
}

export function currentRequestContext(): RequestContext | undefined {
  return storage().getStore();
}
