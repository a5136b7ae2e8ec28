// A small JSON Schema (2020-12) checker for the keywords zod's toJSONSchema emits; enough to hold real
// API answers against the published OpenAPI document without another dependency.
type Schema = SchemaObject | boolean;

/** The keywords checked below; a schema may carry others, which are ignored. */
type SchemaObject = {
  $ref?: string;
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  prefixItems?: Schema[];
  items?: Schema;
  required?: string[];
  properties?: Record<string, Schema>;
  additionalProperties?: Schema;
  [keyword: string]: unknown;
};

function typeOf(value: unknown) {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

export function validate(schema: Schema, value: unknown, at = "$", root: Schema = schema): string[] {
  if (schema === true) return [];
  if (schema === false) return [`${at}: no value allowed`];
  const s = schema;
  if (s.$ref) {
    const target = s.$ref
      .replace(/^#\//, "")
      .split("/")
      .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], root) as Schema;
    return validate(target, value, at, root);
  }
  const errors: string[] = [];
  if (s.type) {
    const types: string[] = Array.isArray(s.type) ? s.type : [s.type];
    const actual = typeOf(value);
    if (!types.includes(actual) && !(actual === "integer" && types.includes("number"))) {
      return [`${at}: expected ${types.join("|")}, got ${actual}`];
    }
  }
  if ("const" in s && value !== s.const) errors.push(`${at}: expected ${JSON.stringify(s.const)}`);
  if (s.enum && !s.enum.includes(value))
    errors.push(`${at}: ${JSON.stringify(value)} not in ${JSON.stringify(s.enum)}`);
  for (const key of ["anyOf", "oneOf"] as const) {
    if (s[key]) {
      const passing = s[key].filter((option) => validate(option, value, at, root).length === 0).length;
      if (passing === 0 || (key === "oneOf" && passing > 1)) errors.push(`${at}: matches ${passing} of ${key}`);
    }
  }
  if (s.allOf) for (const part of s.allOf) errors.push(...validate(part, value, at, root));
  if (typeof value === "string") {
    if (s.minLength !== undefined && value.length < s.minLength) errors.push(`${at}: shorter than ${s.minLength}`);
    if (s.maxLength !== undefined && value.length > s.maxLength) errors.push(`${at}: longer than ${s.maxLength}`);
    if (s.pattern && !new RegExp(s.pattern, "u").test(value)) errors.push(`${at}: does not match ${s.pattern}`);
  }
  if (typeof value === "number") {
    if (s.minimum !== undefined && value < s.minimum) errors.push(`${at}: below ${s.minimum}`);
    if (s.maximum !== undefined && value > s.maximum) errors.push(`${at}: above ${s.maximum}`);
  }
  if (Array.isArray(value)) {
    if (s.minItems !== undefined && value.length < s.minItems) errors.push(`${at}: fewer than ${s.minItems} items`);
    if (s.maxItems !== undefined && value.length > s.maxItems) errors.push(`${at}: more than ${s.maxItems} items`);
    const prefix: Schema[] = s.prefixItems ?? [];
    value.forEach((item, index) => {
      const itemSchema = index < prefix.length ? prefix[index] : s.items;
      if (itemSchema !== undefined) errors.push(...validate(itemSchema, item, `${at}[${index}]`, root));
    });
  }
  if (typeOf(value) === "object") {
    const object = value as Record<string, unknown>;
    for (const key of s.required ?? []) if (!(key in object)) errors.push(`${at}.${key}: missing`);
    const properties = s.properties ?? {};
    for (const [key, item] of Object.entries(object)) {
      if (key in properties) errors.push(...validate(properties[key], item, `${at}.${key}`, root));
      else if (s.additionalProperties === false) errors.push(`${at}.${key}: not documented`);
      else if (typeof s.additionalProperties === "object")
        errors.push(...validate(s.additionalProperties, item, `${at}.${key}`, root));
    }
  }
  return errors;
}
