/**
 * One instance per process, even when a module is loaded twice: the HTTP server
 * bundle and the Remix server build each contain their own copy of app modules,
 * and both must share the same database pool and request context.
 */
export function singleton<Value>(name: string, create: () => Value): Value {
  const store = globalThis as typeof globalThis & { __marketplaceSingletons?: Map<string, unknown> };
  store.__marketplaceSingletons ??= new Map();
  if (!store.__marketplaceSingletons.has(name)) {
    store.__marketplaceSingletons.set(name, create());
  }
  return store.__marketplaceSingletons.get(name) as Value;
}

export function resetSingleton(name: string) {
  const store = globalThis as typeof globalThis & { __marketplaceSingletons?: Map<string, unknown> };
  store.__marketplaceSingletons?.delete(name);
}
