import type { FastifyInstance } from 'fastify';
import { MSG } from '@psicocampus/shared/domain';
import { HttpError } from './http-error';

/**
 * How deep a JSON body may nest. No form sends more than three levels (an
 * assessment's section and its fields); validation walks a body recursively,
 * so 2,000 levels cost a second of work and 2,500 overflowed the stack.
 */
export const MAX_JSON_DEPTH = 32;

/**
 * How many values (each member, each element) a JSON body may hold. The
 * largest form, an assessment, sends about 60; a megabyte of `[1,1,1,…]`
 * holds half a million, each one more field to check and to answer about.
 */
export const MAX_JSON_VALUES = 2_000;

export type JsonShapeProblem = 'depth' | 'values';

/**
 * Whether a JSON text nests deeper or holds more values than a form sends,
 * read from the text itself in one pass, before anything parses it: no
 * recursion, no object built, whatever the text holds. Malformed JSON is
 * left to the parser.
 */
export function jsonShapeProblem(
  text: string,
  limits = { depth: MAX_JSON_DEPTH, values: MAX_JSON_VALUES },
): JsonShapeProblem | null {
  let depth = 0;
  let values = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c /* \ */) index += 1;
      else if (code === 0x22 /* " */) inString = false;
      continue;
    }
    switch (code) {
      case 0x22: // "
        inString = true;
        break;
      case 0x7b: // {
      case 0x5b: // [
        depth += 1;
        values += 1;
        if (depth > limits.depth) return 'depth';
        break;
      case 0x7d: // }
      case 0x5d: // ]
        depth -= 1;
        break;
      case 0x2c: // , (one more member or element)
        values += 1;
        break;
      default:
        continue;
    }
    if (values > limits.values) return 'values';
  }
  return null;
}

const REFUSAL: Record<JsonShapeProblem, string> = {
  depth: MSG.api.bodyTooDeep,
  values: MSG.api.bodyTooManyValues,
};

/**
 * Replaces Fastify's JSON parser with one that first checks the body's shape
 * (see jsonShapeProblem) and then parses it exactly as Fastify does
 * (`__proto__` and `constructor.prototype` refused as configured). A body
 * that fails the check gets a Spanish 400 and never reaches a schema. Fastify
 * already refuses a body over its `bodyLimit` (413) before this runs.
 * Registered once, on the root instance, before the routes.
 */
export function registerBodyShapeLimits(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser(
    app.initialConfig.onProtoPoisoning ?? 'error',
    app.initialConfig.onConstructorPoisoning ?? 'error',
  );
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    const problem = jsonShapeProblem(text);
    if (problem) {
      request.log.info({ problem }, 'JSON body refused before validation');
      done(new HttpError(400, REFUSAL[problem]), undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
