/**
 * The document style every /api/v1 endpoint answers in (SPEC §3, §7):
 * `{ data, included?, meta? }`, each record `{ id, type, attributes, relationships }`,
 * types in singular camel case. One serializer for every endpoint.
 */
export type Id = string;

export interface ResourceIdentifier {
  type: string;
  id: Id;
}

export interface Relationship {
  data: ResourceIdentifier | ResourceIdentifier[] | null;
}

export interface ResourceObject {
  id: Id;
  type: string;
  attributes: Record<string, unknown>;
  relationships: Record<string, Relationship>;
  meta?: Record<string, unknown>;
}

export interface ApiDocument {
  data: ResourceObject | ResourceObject[] | null;
  included?: ResourceObject[];
  meta?: Record<string, unknown>;
}

type RelationshipSpec =
  | { type: string; id: number | string | null | undefined }
  | { type: string; ids: ReadonlyArray<number | string> };

export interface ResourceDefinition<Row> {
  /** Singular camel case, e.g. "onlineCourse". */
  type: string;
  id?: (row: Row) => number | string;
  attributes: (row: Row) => Record<string, unknown>;
  relationships?: (row: Row) => Record<string, RelationshipSpec>;
}

export function toResource<Row extends { id?: number | string }>(
  definition: ResourceDefinition<Row>,
  row: Row,
): ResourceObject {
  const id = definition.id ? definition.id(row) : row.id;
  if (id === undefined) throw new Error(`A ${definition.type} record needs an id`);
  const relationships: Record<string, Relationship> = {};
  for (const [name, spec] of Object.entries(definition.relationships?.(row) ?? {})) {
    relationships[name] =
      "ids" in spec
        ? { data: spec.ids.map((related) => ({ type: spec.type, id: String(related) })) }
        : { data: spec.id === null || spec.id === undefined ? null : { type: spec.type, id: String(spec.id) } };
  }
  return { id: String(id), type: definition.type, attributes: definition.attributes(row), relationships };
}

export function serialize<Row extends { id?: number | string }>(
  definition: ResourceDefinition<Row>,
  data: Row | Row[] | null,
  extras: { included?: ResourceObject[]; meta?: Record<string, unknown> } = {},
): ApiDocument {
  const document: ApiDocument = {
    data: data === null ? null : Array.isArray(data) ? data.map((row) => toResource(definition, row)) : toResource(definition, data),
  };
  if (extras.included) document.included = uniqueResources(extras.included);
  if (extras.meta) document.meta = extras.meta;
  return document;
}

function uniqueResources(resources: ResourceObject[]) {
  const seen = new Map<string, ResourceObject>();
  for (const resource of resources) seen.set(`${resource.type}:${resource.id}`, resource);
  return [...seen.values()];
}

export function paginationMeta(page: number, perPage: number, total: number) {
  return { page, per_page: perPage, total, total_pages: Math.max(1, Math.ceil(total / perPage)) };
}

/**
 * How a client stores a document: records grouped by type, a single relation becoming
 * `{name}_id` and a list becoming `{singular}_ids` (SPEC §3).
 */
export function normalizeDocument(document: ApiDocument): Record<string, Record<Id, Record<string, unknown>>> {
  const store: Record<string, Record<Id, Record<string, unknown>>> = {};
  const records = [
    ...(document.data === null ? [] : Array.isArray(document.data) ? document.data : [document.data]),
    ...(document.included ?? []),
  ];
  for (const record of records) {
    const flat: Record<string, unknown> = { id: record.id, ...record.attributes };
    for (const [name, relationship] of Object.entries(record.relationships)) {
      if (Array.isArray(relationship.data)) {
        flat[`${singular(name)}_ids`] = relationship.data.map((related) => related.id);
      } else {
        flat[`${name}_id`] = relationship.data?.id ?? null;
      }
    }
    (store[record.type] ??= {})[record.id] = flat;
  }
  return store;
}

export function singular(name: string) {
  if (/quizzes$/i.test(name)) return name.slice(0, -3);
  if (name.endsWith("ies")) return `${name.slice(0, -3)}y`;
  if (/(ch|sh|x|ss)es$/.test(name)) return name.slice(0, -2);
  if (name.endsWith("s") && !name.endsWith("ss")) return name.slice(0, -1);
  return name;
}
