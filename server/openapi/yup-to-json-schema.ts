// The contract's yup schemas (forms/contracts/) as OpenAPI 3.0 schema objects, read from yup's own
// `describe()`: types, required and nullable fields, enums, lengths, bounds, patterns, defaults and
// descriptions. A schema says what a rule means to the document through `meta`:
//   { description }            the field's description;
//   { openapi: {...} }         the JSON Schema itself, for a rule yup cannot describe (a custom test);
//   { shape: schema }          document this schema instead (a lenient envelope field checked later);
//   { anyOf: [schema, …] }     one of these (a `lazy` schema choosing by value).
// Also the JSON-Schema keyword of a broken yup rule, which a refused body names (`campos[].regla`).
import { ValidationError, type SchemaDescription, type SchemaFieldDescription, type SchemaInnerTypeDescription, type SchemaObjectDescription } from 'yup';

export type JsonSchema = Record<string, unknown>;

interface Describable {
  describe(): SchemaFieldDescription;
}

interface ContractMeta {
  description?: string;
  openapi?: JsonSchema;
  shape?: Describable;
  anyOf?: Describable[];
}

const isPrimitive = (value: unknown) => ['string', 'number', 'boolean'].includes(typeof value);

type Description = SchemaFieldDescription & Partial<SchemaDescription & SchemaObjectDescription & SchemaInnerTypeDescription>;

const paramOf = (description: Description, test: string, param: string): unknown =>
  description.tests?.find((item) => item.name === test)?.params?.[param];

function typed(description: Description): JsonSchema {
  switch (description.type) {
    case 'object': {
      const fields = Object.entries(description.fields ?? {}) as Array<[string, Description]>;
      const required = fields.filter(([, field]) => field.optional === false).map(([name]) => name);
      return {
        type: 'object',
        properties: Object.fromEntries(fields.map(([name, field]) => [name, fromDescription(field)])),
        ...(required.length > 0 ? { required } : {}),
      };
    }
    case 'array': {
      const inner = description.innerType as Description | undefined;
      const min = paramOf(description, 'min', 'min');
      const max = paramOf(description, 'max', 'max');
      return {
        type: 'array',
        items: inner ? fromDescription(inner) : {},
        ...(typeof min === 'number' ? { minItems: min } : {}),
        ...(typeof max === 'number' ? { maxItems: max } : {}),
      };
    }
    case 'tuple': {
      // OpenAPI 3.0 has no prefixItems: a tuple is an array of its length whose items are any of its members.
      const members = (description.innerType as unknown as Description[]).map(fromDescription);
      return { type: 'array', items: { anyOf: members }, minItems: members.length, maxItems: members.length };
    }
    case 'string': {
      const min = paramOf(description, 'min', 'min');
      const max = paramOf(description, 'max', 'max');
      const length = paramOf(description, 'length', 'length');
      const regex = paramOf(description, 'matches', 'regex');
      const formats: Record<string, string> = { email: 'email', url: 'uri', uuid: 'uuid', datetime: 'date-time' };
      const format = description.tests?.map((test) => (test.name ? formats[test.name] : undefined)).find(Boolean);
      return {
        type: 'string',
        ...(typeof min === 'number' ? { minLength: min } : {}),
        ...(typeof max === 'number' ? { maxLength: max } : {}),
        ...(typeof length === 'number' ? { minLength: length, maxLength: length } : {}),
        ...(regex instanceof RegExp ? { pattern: regex.source } : {}),
        ...(format ? { format } : {}),
      };
    }
    case 'number': {
      const integer = description.tests?.some((test) => test.name === 'integer');
      const min = paramOf(description, 'min', 'min');
      const max = paramOf(description, 'max', 'max');
      const more = paramOf(description, 'min', 'more');
      const less = paramOf(description, 'max', 'less');
      return {
        type: integer ? 'integer' : 'number',
        ...(typeof min === 'number' ? { minimum: min } : {}),
        ...(typeof max === 'number' ? { maximum: max } : {}),
        ...(typeof more === 'number' ? { minimum: more, exclusiveMinimum: true } : {}),
        ...(typeof less === 'number' ? { maximum: less, exclusiveMaximum: true } : {}),
      };
    }
    case 'boolean':
      return { type: 'boolean' };
    case 'date':
      return { type: 'string', format: 'date-time' };
    default:
      // mixed, and lazy without a `meta.anyOf`: any value.
      return {};
  }
}

function fromDescription(description: Description): JsonSchema {
  const meta = (description.meta ?? {}) as ContractMeta;
  let schema: JsonSchema;
  if (meta.openapi) schema = { ...meta.openapi };
  else if (meta.shape) schema = fromDescription(meta.shape.describe() as Description);
  else if (meta.anyOf) schema = { anyOf: meta.anyOf.map((member) => fromDescription(member.describe() as Description)) };
  else schema = typed(description);

  const values = (description.oneOf ?? []).filter((value) => value !== undefined);
  if (values.length > 0 && !meta.openapi?.enum) {
    schema.enum = values;
    const kinds = new Set(values.filter((value) => value !== null).map((value) => typeof value));
    if (!schema.type && kinds.size === 1) schema.type = [...kinds][0];
  }
  // OpenAPI 3.0's nullable qualifies a type: a value of any type may be null already.
  if ((description.nullable || values.includes(null)) && schema.type) schema.nullable = true;
  if (isPrimitive(description.default) && !('default' in schema)) schema.default = description.default;
  if (meta.description && !schema.description) schema.description = meta.description;
  return schema;
}

/** A contract schema as an OpenAPI 3.0 schema object. */
export function toJsonSchema(schema: Describable): JsonSchema {
  return fromDescription(schema.describe() as Description);
}

const KEYWORDS: Record<string, string> = {
  typeError: 'type',
  nullable: 'type',
  integer: 'type',
  optionality: 'required',
  required: 'required',
  defined: 'required',
  matches: 'pattern',
  oneOf: 'enum',
  noUnknown: 'additionalProperties',
  length: 'maxLength',
};

/** The JSON-Schema keyword of the rule a yup error broke ('max' of a text is maxLength, of a list maxItems). */
export function jsonSchemaKeyword(error: ValidationError): string {
  const rule = error.type ?? 'type';
  if (rule === 'min' || rule === 'max') {
    const value = error.value as unknown;
    const suffix = rule === 'min' ? 'min' : 'max';
    if (typeof value === 'string') return `${suffix}Length`;
    if (Array.isArray(value)) return `${suffix}Items`;
    return rule === 'min' ? 'minimum' : 'maximum';
  }
  return KEYWORDS[rule] ?? rule;
}
