/**
 * Parses the form bodies the Stripe SDK sends (`a[b][0][c]=v`, indexed arrays) into nested
 * objects and arrays. An empty value stays "" (Stripe's way of unsetting a field).
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };

export function parseStripeForm(body: string): Record<string, FormValue> {
  const root: Record<string, FormValue> = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = keyParts(rawKey);
    if (!parts.length) continue;
    let node: Record<string, FormValue> = root;
    parts.forEach((part, index) => {
      const last = index === parts.length - 1;
      if (last) {
        node[part] = value;
        return;
      }
      const existing = node[part];
      if (typeof existing !== "object" || existing === null) node[part] = {};
      node = node[part] as Record<string, FormValue>;
    });
  }
  return arraysFromIndexedObjects(root) as Record<string, FormValue>;
}

function keyParts(key: string): string[] {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match) return [];
  const rest = [...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!);
  // `a[]=x` (unindexed) is appended: give it the next free index.
  return [match[1]!, ...rest];
}

function arraysFromIndexedObjects(value: FormValue): FormValue {
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) return value.map(arraysFromIndexedObjects);
  const keys = Object.keys(value);
  const entries = keys.map((key) => [key, arraysFromIndexedObjects(value[key]!)] as const);
  if (keys.length && keys.every((key) => /^\d+$/.test(key) || key === "")) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, item]) => item);
  }
  return Object.fromEntries(entries);
}
