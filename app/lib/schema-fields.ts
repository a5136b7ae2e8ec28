// What a zod schema reads, found from its definition: shared by the actions (which echo back only these
// fields) and the forms (whose error summary lists the fields in this order, the order of the form).

type SchemaDef = {
  type?: string;
  shape?: Record<string, unknown>;
  options?: unknown[];
  in?: unknown;
  out?: unknown;
  innerType?: unknown;
  left?: unknown;
  right?: unknown;
};

/** The top-level field names a schema reads: objects, intent unions, preprocessed and optional schemas. */
export function fieldNamesOf(schema: unknown): Set<string> {
  const names = new Set<string>();
  const visit = (node: unknown) => {
    const def = (node as { _zod?: { def?: SchemaDef } } | undefined)?._zod?.def;
    if (!def) return;
    if (def.type === "object") for (const name of Object.keys(def.shape ?? {})) names.add(name);
    for (const child of [...(def.options ?? []), def.in, def.out, def.innerType, def.left, def.right])
      if (child) visit(child);
  };
  visit(schema);
  return names;
}
