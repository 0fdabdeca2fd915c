import type { RouteSummary } from '../app';
import { COMPONENT_SCHEMAS } from './answers';
import { bodySchemaOf, type JsonSchema } from './json-schema';
import { OPERATIONS, type FileAnswer, type Operation } from './operations';

/** The OpenAPI 3.1 document, as plain JSON. */
export type OpenApiDocument = Record<string, unknown> & {
  openapi: string;
  paths: Record<string, Record<string, Record<string, unknown>>>;
};

const ERROR = { $ref: '#/components/schemas/Error' };
const OPERATION_OUTCOME = { $ref: '#/components/schemas/OperationOutcome' };
/** The FHIR API's media types: its own first, plain JSON for a client that asks only for that. */
const FHIR_TYPES = ['application/fhir+json', 'application/json'] as const;
const fhirContent = (schema: unknown) =>
  Object.fromEntries(FHIR_TYPES.map((type) => [type, { schema }]));
const errorAnswer = (description: string, fhir = false) => ({
  description,
  content: fhir ? fhirContent(OPERATION_OUTCOME) : { 'application/json': { schema: ERROR } },
});

const isFile = (answer: JsonSchema | FileAnswer): answer is FileAnswer =>
  (answer as FileAnswer).mediaType !== undefined;

/** `/api/students/:id` → `/api/students/{id}`, and its path parameters. */
export function openApiPath(url: string): { path: string; names: string[] } {
  const names: string[] = [];
  const path = url.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    names.push(name);
    return `{${name}}`;
  });
  return { path, names };
}

function requestBody(operation: Operation): Record<string, unknown> | undefined {
  if (operation.upload) {
    return {
      required: true,
      description: operation.upload,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } },
            required: ['file'],
          },
        },
      },
    };
  }
  if (!operation.body) return undefined;
  const schemas = [operation.body].flat().map(bodySchemaOf);
  return {
    required: true,
    content: {
      'application/json': { schema: schemas.length === 1 ? schemas[0] : { oneOf: schemas } },
    },
  };
}

function responses(operation: Operation, isPublic: boolean): Record<string, unknown> {
  const { status, answer } = operation.success;
  const success = isFile(answer)
    ? {
        description: answer.description,
        content: Object.fromEntries(
          [answer.mediaType]
            .flat()
            .map((type) => [type, { schema: { type: 'string', contentMediaType: type } }]),
        ),
      }
    : {
        description: 'Correcto.',
        content: operation.fhir
          ? fhirContent(answer)
          : operation.fhirAnswer
            ? { 'application/fhir+json': { schema: answer } }
            : { 'application/json': { schema: answer } },
      };
  const named: Partial<NonNullable<Operation['errors']>> = {
    ...(operation.body || operation.query || operation.upload
      ? { 400: 'Datos no válidos: `errors` nombra cada campo con su mensaje.' }
      : {}),
    ...(isPublic
      ? {}
      : {
          401: 'Sin sesión, o la sesión expiró.',
          403: 'El rol de la cuenta no permite esta acción.',
        }),
    ...operation.errors,
  };
  return {
    [status]: success,
    ...Object.fromEntries(
      Object.entries(named).map(([code, error]) => [
        code,
        error === undefined || typeof error === 'string'
          ? errorAnswer(error ?? '', operation.fhir)
          : {
              description: error.description,
              content: { 'application/json': { schema: error.answer } },
            },
      ]),
    ),
    default: errorAnswer('Cualquier otro error, con la misma forma.', operation.fhir),
  };
}

function operationObject(route: string, operation: Operation, isPublic: boolean) {
  const [method, url] = route.split(' ') as [string, string];
  const { names } = openApiPath(url);
  const parameters = [
    ...names.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
    ...(operation.query ?? []).map(({ name, schema, description }) => ({
      name,
      in: 'query',
      required: false,
      description,
      schema,
    })),
  ];
  const body = requestBody(operation);
  return {
    operationId: `${method.toLowerCase()}${url.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c?: string) => (c ?? '').toUpperCase())}`,
    tags: [operation.tag],
    summary: operation.summary,
    ...(parameters.length ? { parameters } : {}),
    ...(body ? { requestBody: body } : {}),
    ...(isPublic ? { security: [] } : {}),
    responses: responses(operation, isPublic),
  };
}

const INTRODUCTION = [
  'La API de PsicoCampus. Cada respuesta es JSON con `ok`; un error trae `msg` en español, listo para mostrar, y para datos no válidos `errors`, un `{field, msg}` por campo.',
  'La sesión viaja en la cabecera `x-token` (la devuelve `POST /api/auth/login`).',
  'Las ediciones de estudiantes, notas y citas llevan `version`, la que tenía el registro al leerlo: sin ella no se puede saber si otra persona lo cambió después (400); si cambió, la respuesta es 409 y nada se guarda.',
  'Las rutas bajo `/api/fhir` (etiqueta FHIR) son la excepción: responden recursos de FHIR R4 en `application/fhir+json` (o `application/json` si es lo que se pide), y sus errores son OperationOutcome con el mismo mensaje en español.',
].join('\n\n');

/**
 * The document of the routes `routes` names (the server's own table, so
 * public routes are marked as the server treats them). Built from
 * OPERATIONS: a route it lacks is left out, which the coverage test catches.
 */
export function buildOpenApiDocument(
  routes: readonly RouteSummary[],
  info: { version: string },
): OpenApiDocument {
  const publicRoutes = new Set(routes.filter((r) => r.public).map((r) => `${r.method} ${r.url}`));
  const paths: OpenApiDocument['paths'] = {};
  for (const [route, operation] of Object.entries(OPERATIONS)) {
    const [method, url] = route.split(' ') as [string, string];
    const { path } = openApiPath(url);
    paths[path] ??= {};
    paths[path][method.toLowerCase()] = operationObject(route, operation, publicRoutes.has(route));
  }
  return {
    openapi: '3.1.0',
    info: { title: 'PsicoCampus API', version: info.version, description: INTRODUCTION },
    servers: [{ url: '/' }],
    security: [{ token: [] }],
    paths,
    components: {
      securitySchemes: {
        token: {
          type: 'apiKey',
          in: 'header',
          name: 'x-token',
          description: 'El token de la sesión, de `POST /api/auth/login`.',
        },
      },
      schemas: COMPONENT_SCHEMAS,
    },
  };
}
