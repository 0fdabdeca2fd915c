import { convertSchema } from '@sodaru/yup-to-json-schema';
import { ObjectSchema, type AnyObjectSchema, type Schema } from 'yup';
import { MSG } from '@psicocampus/shared/domain';

/** A JSON Schema (2020-12, the dialect of OpenAPI 3.1), as far as the document uses it. */
export interface JsonSchema {
  type?: string | string[];
  format?: string;
  description?: string;
  enum?: readonly unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: readonly string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  oneOf?: readonly JsonSchema[];
  anyOf?: readonly JsonSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  $ref?: string;
  [keyword: string]: unknown;
}

/**
 * Why an edit carries `version`: the text the server answers when it is
 * missing, so that the document and the 400 say the same.
 */
export const VERSION_DESCRIPTION = MSG.students.versionRequired;

/**
 * Tidies what the converter writes into plain 2020-12: a nullable enum comes
 * out as `type: []` (an empty list is no type at all) and single types as
 * lists. Every object refuses fields it does not name, as validateBody does
 * (lib/validate.ts), and a `version` says why it is asked.
 */
function tidy(schema: JsonSchema, name?: string): JsonSchema {
  const out: JsonSchema = { ...schema };
  delete out.default;
  if (Array.isArray(out.type)) {
    if (out.type.length === 0) delete out.type;
    else if (out.type.length === 1) out.type = out.type[0];
  }
  if (Array.isArray(out.enum) && out.type === undefined) {
    out.enum = out.enum.filter((value) => value !== undefined);
  }
  if (out.properties) {
    out.properties = Object.fromEntries(
      Object.entries(out.properties).map(([key, value]) => [key, tidy(value, key)]),
    );
    out.additionalProperties = false;
  }
  if (out.items && !Array.isArray(out.items)) out.items = tidy(out.items);
  if (name === 'version' && out.type === 'integer') out.description = VERSION_DESCRIPTION;
  return out;
}

/**
 * A request body's JSON Schema, converted from the shared yup schema the
 * route validates with: the document cannot say one thing while the server
 * checks another. Rules yup runs as code (a test comparing two fields) are
 * not JSON Schema; the 400 names them in Spanish all the same.
 */
export function bodySchemaOf(schema: AnyObjectSchema): JsonSchema {
  return allowEmptyTexts(schema, tidy(convertSchema(schema) as JsonSchema));
}

/**
 * A text field whose pattern or length an empty text does not meet, but
 * which yup accepts empty (`matches(…, {excludeEmptyString})`, an optional
 * phone): the converter cannot see that option, so the field's own schema
 * is asked, and the document accepts '' where the server does.
 */
function allowEmptyTexts(schema: AnyObjectSchema, json: JsonSchema): JsonSchema {
  const fields = schema.fields as Record<string, Schema>;
  const properties = { ...json.properties };
  for (const [name, field] of Object.entries(fields)) {
    const property = properties[name];
    if (!property) continue;
    if (field instanceof ObjectSchema) {
      properties[name] = allowEmptyTexts(field, property);
      continue;
    }
    if (field.type !== 'string' || (property.pattern === undefined && !property.minLength))
      continue;
    let acceptsEmpty = false;
    try {
      acceptsEmpty = field.isValidSync('');
    } catch {
      // A rule that reads other fields: the document keeps the converted field.
    }
    if (acceptsEmpty) properties[name] = { anyOf: [{ const: '' }, property] };
  }
  return { ...json, properties };
}
