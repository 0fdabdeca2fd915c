import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { MSG } from '@psicocampus/shared/domain';
import { SERVER_MSG } from '@psicocampus/shared/server-messages';
import { ADMIN_MSG } from '@psicocampus/shared/admin-messages';
import { CLINICIAN_LEVEL_MSG } from '@psicocampus/shared/clinician-level';
import { SIGNED_NOTES_MSG } from '@psicocampus/shared/signed-notes';
import { FHIR_MSG } from '@psicocampus/shared/fhir';
import { SAFETY_PLAN_MSG, SAFETY_PLAN_SECTIONS } from '@psicocampus/shared/safety-plan';
import { MFA_MSG } from '@psicocampus/shared/mfa';
import {
  answerBehaviourMessage,
  assessmentContradictions,
  BEHAVIOUR_QUESTIONS,
  describeBehaviourMessage,
  emptyAssessmentAnswers,
  IDEATION_QUESTIONS,
  type AssessmentAnswers,
} from '@psicocampus/shared/columbia';

/**
 * Arbitraries for hostile input (wrong types, huge strings, prototype keys,
 * broken unicode, junk in URLs) and the checks every answer to them must
 * pass. Used by src/security/hostile-input.test.ts.
 */

/** What must never reach a client: stack frames, SQL, the database's name. */
export const LEAK_PATTERNS: readonly RegExp[] = [
  // Linear patterns only: they also screen the generated text, some of it 900k long.
  /\n\s*at /,
  /\bat \S+ \(/,
  /Error:/,
  /\bselect /i,
  /\binsert into\b/i,
  /\bdelete from\b/i,
  /syntax error/i,
  /violates/i,
  /relation "/i,
  /drizzle|pglite|postgres/i,
  /node_modules|\.[cm]?[jt]s:\d+/,
];

export function leaks(text: string): RegExp | undefined {
  return LEAK_PATTERNS.find((pattern) => pattern.test(text));
}

/** Generated text never spells a leak by itself, so a match is always the server's. */
const clean = (text: string) => !leaks(text);

/** Strings that have broken servers: NUL, UTF-16 halves, direction marks, giant graphemes. */
export const EDGE_TEXTS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'Ana\u0000',
  '\u0000Pérez',
  '\ud800',
  '\udfff',
  'Lucía\ud83d',
  '\ude00Quito',
  '\ud83d\ude42',
  '👩‍👩‍👧‍👦',
  '\u202eonimaC',
  '\u200f\u200e',
  '\u200b\u2060\ufeff',
  '\uffff\ufffe',
  '\u{10ffff}\u{e0001}',
  'e\u0301\u0302\u0303\u0304\u0305\u0306\u0307\u0308',
  'Z\u0335\u0321\u031ba\u0337l\u0338g\u0335o',
  '\u0085\u2028\u2029\r\n\t\v\f',
  '\u00a0\u3000',
  'İıßﬃ',
  '０１２３',
  '١٢٣',
  '𝟘𝟙𝟚',
  "O'Brien",
  '"; --',
  "' or 1=1 --",
  '\\',
  '%_%',
  '$1 ${x} {{x}}',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  'true',
  'null',
  '1e309',
  '-0',
  '0x1A',
  '2026-02-30',
  '2026-13-01T25:61:00Z',
];

/** One character chosen to hurt: NUL, a lone surrogate, or anything in the edge list. */
const edgeChar = fc.constantFrom('\u0000', '\ud800', '\udc00', '\u202e', '\ufeff', '🙂', '\u0301');

/** A string of 100k–900k characters (a 900k one of multi-byte text is over the 1 MB limit). */
export const hugeText = fc
  .tuple(
    fc.constantFrom(100_000, 400_000, 900_000),
    fc.constantFrom('a', ' ', 'ñ', '0', '\u0000', '\ud800', 'e\u0301', '🙂'),
  )
  .map(([length, unit]) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length));

/** Text of every kind: random code points, graphemes, edge cases, and edge cases mixed in. */
export const hostileText: fc.Arbitrary<string> = fc
  .oneof(
    { weight: 3, arbitrary: fc.constantFrom(...EDGE_TEXTS) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.string({ unit: 'grapheme-ascii', maxLength: 12 }), edgeChar, fc.nat(12))
        .map(([text, char, at]) => text.slice(0, at) + char + text.slice(at)),
    },
    { weight: 1, arbitrary: hugeText },
  )
  .filter(clean);

/** An object whose keys make careless code call what is not a function. */
const trapObjects = fc.constantFrom<Record<string, unknown>>(
  { toString: 1 },
  { valueOf: 1 },
  { toString: 1, valueOf: 1 },
  { toString: null, valueOf: 'x' },
  { length: 1e9 },
  { then: 1 },
  { constructor: 'x' },
  { hasOwnProperty: 1 },
  { toJSON: 1 },
);

/** Numbers at the edges of integer columns and of JavaScript. */
const edgeNumbers = fc.constantFrom(
  0,
  -1,
  1.5,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53,
  1e20,
  1e308,
  -1e308,
  5e-324,
  Number.MAX_SAFE_INTEGER + 2,
);

/** A leaf for a deep value: text, a number, nothing. */
const deepLeaf = fc.oneof(
  fc.constantFrom<unknown>(1, null, true, '', 'x'),
  fc.string({ maxLength: 20 }).filter(clean),
);

/**
 * A value nested `depth` levels: objects ({"a":{"a":…}}), arrays ([[…]]) or
 * both in turn. Built in a loop; JSON.stringify and structuredClone handle
 * a few thousand levels. The depths are those that cost the built server a
 * second of work, a 16 MB answer or a 500 (docs/limits-and-budgets.md#limits-and-bad-input), and those around the
 * parser's limit (body-shape.ts).
 */
export function nestedValue(depth: number, shape: 'object' | 'array' | 'mixed', leaf: unknown) {
  let value = leaf;
  for (let level = 0; level < depth; level += 1) {
    const asArray = shape === 'array' || (shape === 'mixed' && level % 2 === 1);
    value = asArray ? [value] : { a: value };
  }
  return value;
}

export const deepValue: fc.Arbitrary<unknown> = fc
  .tuple(
    fc.oneof(
      { weight: 3, arbitrary: fc.integer({ min: 2_000, max: 3_000 }) },
      { weight: 1, arbitrary: fc.integer({ min: 20, max: 40 }) },
    ),
    fc.constantFrom('object' as const, 'array' as const, 'mixed' as const),
    deepLeaf,
  )
  .map(([depth, shape, leaf]) => nestedValue(depth, shape, leaf));

/** Any JSON value with a bias to what breaks validation: wrong types, traps, edges, depth. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 1, arbitrary: deepValue },
  { weight: 4, arbitrary: hostileText },
  { weight: 3, arbitrary: edgeNumbers },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 2, arbitrary: trapObjects },
  {
    weight: 1,
    arbitrary: fc.array(fc.oneof(hostileText, edgeNumbers, trapObjects), { maxLength: 3 }),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  {
    weight: 1,
    arbitrary: fc.dictionary(fc.string({ maxLength: 8 }).filter(clean), hostileText, {
      maxKeys: 3,
    }),
  },
);

/** A body as sent: a JSON value, or raw text with its content type (null: none). */
export type HostileBody =
  { kind: 'json'; value: unknown } | { kind: 'raw'; contentType: string | null; text: string };

export function injectBody(body: HostileBody): Pick<InjectOptions, 'payload' | 'headers'> {
  if (body.kind === 'json') {
    return {
      payload: JSON.stringify(body.value) ?? '',
      headers: { 'content-type': 'application/json' },
    };
  }
  return {
    payload: body.text,
    headers: body.contentType === null ? {} : { 'content-type': body.contentType },
  };
}

/** Keys that prototype pollution and careless lookups go after. */
const TRAP_KEYS = [
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  '__defineGetter__',
  'then',
  '',
  ' ',
  '\u0000',
  '\ud800',
  'a.b',
  '[0]',
  '$where',
];

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The dotted paths of every leaf and object of a JSON object, the root excluded. */
function pathsOf(value: Json, prefix: string[] = []): string[][] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  return Object.entries(value).flatMap(([key, inner]) => {
    const path = [...prefix, key];
    return [path, ...pathsOf(inner, path)];
  });
}

function setPath(target: Record<string, unknown>, path: string[], value: unknown): void {
  const [head, ...rest] = path;
  if (head === undefined) return;
  if (!rest.length) {
    // Reflect's, since the path may lead into a hostile value fast-check
    // froze (a replaced field): that value is then kept as it is.
    Reflect.defineProperty(target, head, { value, enumerable: true, writable: true });
    return;
  }
  const inner = target[head];
  if (typeof inner === 'object' && inner !== null && !Array.isArray(inner)) {
    setPath(inner as Record<string, unknown>, rest, value);
  }
}

function deletePath(target: Record<string, unknown>, path: string[]): void {
  const [head, ...rest] = path;
  if (head === undefined) return;
  if (!rest.length) {
    // Reflect's, for the same frozen values as setPath.
    Reflect.deleteProperty(target, head);
    return;
  }
  const inner = target[head];
  if (typeof inner === 'object' && inner !== null)
    deletePath(inner as Record<string, unknown>, rest);
}

/** `{"__proto__": ...}` (and its escaped spelling) only survives as text: JSON.stringify drops it. */
function withProtoKey(valid: object, spelling: string, value: unknown): string {
  const rest = JSON.stringify(valid).slice(1);
  return `{"${spelling}":${JSON.stringify(value)}${rest === '}' ? '' : ','}${rest}`;
}

/** JSON that no parser should accept, or accept only at great cost. */
const MALFORMED_JSON = [
  '',
  '{',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  '{"a":1}{"b":2}',
  '\u0000',
  '{"a":"\u0000"}',
  '{"a":"\\ud800"}',
  '\ufeff{}',
  'NaN',
  '{"a":1e999999}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '['.repeat(20_000) + ']'.repeat(20_000),
  '{"a":'.repeat(5_000) + '1' + '}'.repeat(5_000),
  `[${'{"__proto__":{"x":1}},'.repeat(1_000)}1]`,
];

const CONTENT_TYPES = [
  'text/plain',
  'text/plain; charset=utf-16',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'application/vnd.api+json',
  'application/octet-stream',
  'APPLICATION/JSON',
  'application/jsonx',
  '*/*',
  ';',
];

/**
 * Bodies for a route whose valid body is `valid`: any JSON at all, the valid
 * body with fields replaced, removed or added (types, traps, edge text), the
 * prototype keys, malformed JSON and other content types.
 */
export function hostileBodyFor(valid: object): fc.Arbitrary<HostileBody> {
  const paths = pathsOf(valid as Json);
  const mutated = fc
    .record({
      replace: fc.subarray(paths, {
        minLength: Math.min(1, paths.length),
        maxLength: Math.min(3, paths.length),
      }),
      values: fc.array(hostileValue, { minLength: 3, maxLength: 3 }),
      drop: fc.subarray(paths, { maxLength: Math.min(1, paths.length) }),
      extra: fc.option(fc.tuple(fc.constantFrom(...TRAP_KEYS), hostileValue), { nil: undefined }),
    })
    .map(({ replace, values, drop, extra }): HostileBody => {
      const body = structuredClone(valid) as Record<string, unknown>;
      replace.forEach((path, index) => setPath(body, path, values[index]));
      drop.forEach((path) => deletePath(body, path));
      if (extra) setPath(body, [extra[0]], extra[1]);
      return { kind: 'json', value: body };
    });
  // One field of the valid body, or the whole body, thousands of levels deep.
  const deep = fc
    .tuple(
      paths.length
        ? fc.option(fc.constantFrom(...paths), { nil: undefined })
        : fc.constant(undefined),
      deepValue,
    )
    .map(([path, value]): HostileBody => {
      if (!path) return { kind: 'json', value };
      const body = structuredClone(valid) as Record<string, unknown>;
      setPath(body, path, value);
      return { kind: 'json', value: body };
    });
  return fc.oneof(
    { weight: 6, arbitrary: mutated },
    { weight: 1, arbitrary: deep },
    {
      weight: 2,
      arbitrary: fc.oneof(hostileValue, fc.jsonValue()).map((value): HostileBody => ({
        kind: 'json',
        value,
      })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom('__proto__', '\\u005f_proto__', '__pro\\u0074o__'), hostileValue)
        .map(([spelling, value]): HostileBody => ({
          kind: 'raw',
          contentType: 'application/json',
          text: withProtoKey(valid, spelling, value),
        })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...MALFORMED_JSON).map((text): HostileBody => ({
        kind: 'raw',
        contentType: 'application/json',
        text,
      })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.option(fc.constantFrom(...CONTENT_TYPES), { nil: null }), fc.boolean())
        .map(([contentType, asJson]): HostileBody => ({
          kind: 'raw',
          contentType,
          text: asJson ? JSON.stringify(valid) : 'note=hola&__proto__[x]=1',
        })),
    },
  );
}

/** The values that broke this server once, each tried on every field by `classicBodiesFor`. */
const CLASSIC_VALUES: readonly unknown[] = [
  '\u0000',
  'Ana\ud800',
  { toString: 1 },
  [],
  {},
  2 ** 31,
  1e308,
  null,
];

/**
 * The valid body with each field in turn given each classic value (cycling
 * through them when the body has many fields): run first, whatever the
 * seed, so that a known defect never depends on luck.
 */
export function classicBodiesFor(valid: object): Array<[HostileBody]> {
  const paths = pathsOf(valid as Json);
  const pairs =
    paths.length <= 12
      ? paths.flatMap((path) => CLASSIC_VALUES.map((value) => [path, value] as const))
      : paths.map((path, index) => [path, CLASSIC_VALUES[index % CLASSIC_VALUES.length]] as const);
  return pairs.map(([path, value]) => {
    const body = structuredClone(valid) as Record<string, unknown>;
    setPath(body, path, value);
    return [{ kind: 'json', value: body }];
  });
}

/** Bytes of a string as %XX escapes; lone surrogates become U+FFFD as a browser would send them. */
export function percentEncode(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((byte) => `%${byte.toString(16).padStart(2, '0')}`)
    .join('');
}

/** Escapes that do not decode: truncated, not hex, overlong, a UTF-16 half in UTF-8, NUL. */
const PERCENT_JUNK = [
  '%',
  '%%',
  '%2',
  '%zz',
  '%00',
  '%C0%AF',
  '%ED%A0%80',
  '%FF%FE',
  '%E2%80%AE',
  '%F4%90%80%80',
  '%2F',
  '%2e%2e',
  '%u0041',
  '+',
  '%20',
];

/** Ids that broke routers and queries before: run first for every route. */
export const CLASSIC_IDS: ReadonlyArray<[string]> = [
  ['%'],
  ['%00'],
  ['%ED%A0%80'],
  ['a'.repeat(101)],
  ['00000000-0000-4000-8000-000000000000%00'],
  ['00000000-0000-4000-8000-00000000000g'],
];

/** An id of a path: malformed uuids, unicode, huge, encoded junk; never a real record's. */
export const hostileId: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...PERCENT_JUNK),
  fc.uuid().map((id) => id.toUpperCase()),
  fc.uuid().map((id) => `${id}%00`),
  fc.uuid().map((id) => `${id}x`),
  fc.uuid().map((id) => id.slice(0, 35)),
  fc.uuid().map((id) => id.replace(/[0-9a-f]/, 'g')),
  fc.uuid().map((id) => id.replace(/-/g, '')),
  fc.uuid().map((id) => `{${id}}`),
  fc
    .uuid()
    .map((id) => percentEncode(id.replace(/\d/g, (d) => String.fromCharCode(0xff10 + Number(d))))),
  fc.constant('00000000-0000-0000-0000-000000000000'),
  fc.constant('ffffffff-ffff-ffff-ffff-ffffffffffff'),
  fc.constantFrom('0', '-1', '1e309', 'null', 'undefined', 'NaN', '__proto__', 'constructor'),
  hostileText.filter((text) => text.length < 2_000).map(percentEncode),
  fc.constantFrom(1_000, 100_000).map((length) => 'a'.repeat(length)),
  fc
    .array(fc.constantFrom(...PERCENT_JUNK), { minLength: 1, maxLength: 5 })
    .map((parts) => parts.join('')),
);

/** Printable ASCII a query string may carry as is (no '#', which ends the URL, no '&' or '='). */
const rawQueryText = fc.string({
  unit: fc.constantFrom(...'abcXYZ019 -_.~!$\'()*+,;:@/?[]{}|\\^`"<>%'.split('')),
  maxLength: 20,
});

/** A query value: text encoded as a browser would, raw junk, huge, or a known word. */
const queryValue = (known: readonly string[]) =>
  fc.oneof(
    hostileText.filter((text) => text.length < 5_000).map(percentEncode),
    rawQueryText,
    fc.constantFrom(...PERCENT_JUNK),
    fc.constantFrom(...known, ''),
    fc.constantFrom(1_000, 100_000).map((length) => 'q'.repeat(length)),
    edgeNumbers.map(String),
    fc.uuid(),
  );

/**
 * A query string for a list whose parameters are `params` (valid values in
 * `known`): each parameter absent, once or repeated, with hostile values;
 * sometimes bracketed (`q[]=`, `q[a]=`), prototype keys, or no '='.
 */
export function hostileQuery(params: readonly string[], known: readonly string[] = []) {
  const key = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...params) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '__proto__',
        'constructor',
        'prototype',
        `${params[0] ?? 'q'}[]`,
        `${params[0] ?? 'q'}[a]`,
        '__proto__[x]',
        '%00',
        '',
      ),
    },
  );
  const pair = fc
    .tuple(key, fc.option(queryValue(known), { nil: undefined }))
    .map(([name, value]) => (value === undefined ? name : `${name}=${value}`));
  return fc.array(pair, { minLength: 1, maxLength: 5 }).map((pairs) => pairs.join('&'));
}

/** Each parameter alone with the values that broke lists before: run first for every list. */
export function classicQueriesFor(params: readonly string[]): Array<[string]> {
  const values = ['%00', 'a%00b', '%ED%A0%80', '%', 'a'.repeat(101), '-1', '1e309', '99999999999'];
  return params.flatMap((param) => [
    ...values.map((value): [string] => [`${param}=${value}`]),
    [`${param}=a&${param}=b`],
    [`${param}[]=a`],
  ]);
}

/** Every string of the message catalogue, and the fixed start of each message built from values. */
function catalogue(): { messages: Set<string>; prefixes: string[] } {
  const messages = new Set<string>();
  const prefixes: string[] = [];
  const marker = '\u0001';
  const visit = (node: unknown) => {
    if (typeof node === 'string') messages.add(node);
    else if (typeof node === 'function') {
      // A marker for every parameter a message takes (the purge's lines take four).
      const markers = Array.from({ length: 6 }, () => marker);
      const built = String((node as (...args: string[]) => unknown)(...markers));
      const prefix = built.slice(0, built.indexOf(marker));
      if (prefix.length >= 8) prefixes.push(prefix);
    } else if (typeof node === 'object' && node !== null) Object.values(node).forEach(visit);
  };
  visit(MSG);
  // The administrators' part, an entry of its own that /login does not load.
  visit(ADMIN_MSG);
  // The server's own part of the catalogue (the import's answers among them).
  visit(SERVER_MSG);
  // The clinician's level of an assessment, an entry of its own too.
  visit(CLINICIAN_LEVEL_MSG);
  // Signed notes and addenda, an entry of its own as well.
  visit(SIGNED_NOTES_MSG);
  // The FHIR API's own refusals.
  visit(FHIR_MSG);
  // The safety plan and its sections' refusals, likewise.
  visit(SAFETY_PLAN_MSG);
  visit(SAFETY_PLAN_SECTIONS);
  // The second factor, an entry of its own as well.
  visit(MFA_MSG);
  // The Columbia form's behaviour questions build their sentences from the scale.
  for (const item of BEHAVIOUR_QUESTIONS) {
    messages.add(answerBehaviourMessage(item));
    messages.add(describeBehaviourMessage(item));
  }
  return { messages, prefixes };
}

/**
 * Every sentence `assessmentContradictions` can say, each naming its item
 * (docs/columbia-assessment.md#contradicting-answers): found in answers where
 * everything the flow hides is given. A number of attempts is quoted, so its
 * sentence counts up to the number.
 */
function contradictionSentences(): string[] {
  const hidden = emptyAssessmentAnswers();
  for (const { key } of [...IDEATION_QUESTIONS, ...BEHAVIOUR_QUESTIONS]) {
    Object.assign(hidden[key], { present: false, description: 'x', totalAttempts: 1 });
  }
  hidden.ideationIntensity = {
    mostSeriousIdeationType: 1,
    mostSeriousIdeationDescription: 'x',
    frequency: 1,
  };
  Object.assign(hidden, { lethalityDegree: 1, potentialLethality: 1, mostLethalAttemptDate: 'x' });
  const unasked = emptyAssessmentAnswers();
  for (const { key, number } of IDEATION_QUESTIONS) if (number > 2) unasked[key].present = true;
  const notEndorsed: AssessmentAnswers = {
    ...emptyAssessmentAnswers(),
    deathWish: { present: true, description: 'x' },
    ideationIntensity: {
      mostSeriousIdeationType: 1,
      mostSeriousIdeationDescription: '',
      frequency: null,
    },
    actualAttempt: { present: true, description: 'x', totalAttempts: 1 },
    lethalityDegree: 1,
    potentialLethality: 1,
  };
  return [hidden, unasked, notEndorsed]
    .flatMap((answers) => assessmentContradictions(answers))
    .map((found) => found.msg.replace(/\(\d+\).*$/, ''));
}

const CATALOGUE = catalogue();
CATALOGUE.prefixes.push(...contradictionSentences());

/**
 * Whether a message is one the Spanish catalogue holds: one of its sentences,
 * or one built by a function of it (its fixed start, at least 8 characters).
 * yup's English defaults ("password must be a `string` type, but the final
 * value was: …") are not.
 */
export function isCatalogueMessage(msg: unknown): boolean {
  return (
    typeof msg === 'string' &&
    (CATALOGUE.messages.has(msg) || CATALOGUE.prefixes.some((prefix) => msg.startsWith(prefix)))
  );
}

/** yup's English phrasing, and the way its defaults quote a value: never in an answer. */
export const ENGLISH_VALIDATION =
  /must be a|must be one of|final value was|is a required field|must match|cannot be null|is invalid|\$\{/;

/** The text values of a JSON value, at any depth (iteratively: some are 3,000 levels deep). */
function textsIn(value: unknown): string[] {
  const texts: string[] = [];
  const pending: unknown[] = [value];
  while (pending.length) {
    const next = pending.pop();
    if (typeof next === 'string') texts.push(next);
    else if (typeof next === 'object' && next !== null) {
      for (const inner of Object.values(next)) pending.push(inner);
    }
  }
  return texts;
}

const CATALOGUE_TEXT = [...CATALOGUE.messages].join('\n');

/**
 * A text value of `sent` (12 characters or more, not part of `valid` nor of
 * the catalogue) that `answer` quotes, as JSON writes it: a refusal never
 * repeats what was sent. Undefined when it quotes none.
 */
export function echoedValue(answer: string, sent: HostileBody, valid: object): string | undefined {
  if (sent.kind !== 'json') return undefined;
  const known = JSON.stringify(valid);
  return textsIn(sent.value).find((text) => {
    if (text.trim().length < 12 || known.includes(text) || CATALOGUE_TEXT.includes(text)) {
      return false;
    }
    return answer.includes(JSON.stringify(text).slice(1, -1));
  });
}
