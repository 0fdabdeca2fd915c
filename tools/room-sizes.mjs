#!/usr/bin/env node
// node tools/room-sizes.mjs [--check | --update]
//
// Small rooms (docs/architecture.md#small-rooms): no product function over
// 80 lines and no product file over 400. The code holds some larger ones from
// before the rule; tools/room-sizes.baseline.json lists each with its size.
//
//   --check   (the default) exits 1 when a function or file over the limit is
//             not in the baseline, or is larger than the baseline says. A
//             room that shrank, or left the list, is reported so that the
//             baseline is tightened with --update.
//   --update  rewrites the baseline with today's sizes. Run it after making
//             a room smaller, never to let one grow.
//
// A function's size is its lines from the signature to the closing brace,
// functions declared inside it included, as ESLint's max-lines-per-function
// counts them. Product code is apps/*/src and libs/*/src, without tests and
// test support.

import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';

const ROOT = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
const BASELINE = 'tools/room-sizes.baseline.json';
export const MAX_FUNCTION_LINES = 80;
export const MAX_FILE_LINES = 400;

/** Whether `file` (relative to the root) is product code. */
export function isProductFile(file) {
  if (!/^(apps|libs)\/[^/]+\/src\/.*\.(ts|tsx)$/.test(file)) return false;
  if (/\.d\.ts$/.test(file)) return false;
  if (/\.(test|spec|e2e)\.(ts|tsx)$/.test(file)) return false;
  return !/\/(testing|test-support|__mocks__|__fixtures__)\//.test(file);
}

function productFiles() {
  const listed = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard', 'apps', 'libs'],
    { cwd: ROOT, encoding: 'utf8' },
  );
  return listed.split('\0').filter(isProductFile).sort();
}

/** A readable name for a function node: its own, or what holds it. */
function nameOf(node) {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  if (node.name && ts.isStringLiteral(node.name)) return node.name.text;
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) {
    return parent.name.text;
  }
  if (parent && ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name)) {
    return parent.name.text;
  }
  if (parent && ts.isCallExpression(parent)) {
    // A route's handler: app.post('/api/students', …) is "post /api/students".
    const callee = parent.expression;
    const method = ts.isPropertyAccessExpression(callee) ? callee.name.text : '';
    const [first] = parent.arguments;
    if (method && first && ts.isStringLiteralLike(first)) return `${method} ${first.text}`;
    if (method) return `${method}(…)`;
  }
  return '(anonymous)';
}

const isFunction = (node) =>
  ts.isFunctionDeclaration(node) ||
  ts.isFunctionExpression(node) ||
  ts.isArrowFunction(node) ||
  ts.isMethodDeclaration(node) ||
  ts.isConstructorDeclaration(node) ||
  ts.isGetAccessorDeclaration(node) ||
  ts.isSetAccessorDeclaration(node);

/** Every function of one file with its size in lines, named by the functions that hold it. */
export function functionSizes(file, text) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const line = (position) => source.getLineAndCharacterOfPosition(position).line;
  const sizes = [];
  const seen = new Map();
  const visit = (node, outer) => {
    let chain = outer;
    if (isFunction(node) && node.body) {
      chain = outer ? `${outer} > ${nameOf(node)}` : nameOf(node);
      const count = (seen.get(chain) ?? 0) + 1;
      seen.set(chain, count);
      const key = count > 1 ? `${chain} #${count}` : chain;
      sizes.push({ name: key, lines: line(node.getEnd()) - line(node.getStart(source)) + 1 });
    }
    ts.forEachChild(node, (child) => visit(child, chain));
  };
  visit(source, '');
  return sizes;
}

/** Today's rooms over the limits: `file` and `file#function` with their sizes. */
export function measure(
  files = productFiles(),
  read = (file) => readFileSync(path.join(ROOT, file), 'utf8'),
) {
  const functions = {};
  const fileSizes = {};
  for (const file of files) {
    const text = read(file);
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    if (lines > MAX_FILE_LINES) fileSizes[file] = lines;
    for (const { name, lines: size } of functionSizes(file, text)) {
      if (size > MAX_FUNCTION_LINES) functions[`${file}#${name}`] = size;
    }
  }
  return { functions, files: fileSizes };
}

/** What is wrong against the baseline (errors) and what could be tightened (notes). */
export function compare(today, baseline) {
  const errors = [];
  const notes = [];
  for (const [kind, limit] of [
    ['functions', MAX_FUNCTION_LINES],
    ['files', MAX_FILE_LINES],
  ]) {
    const kept = baseline[kind] ?? {};
    for (const [room, size] of Object.entries(today[kind])) {
      if (!(room in kept)) errors.push(`${room}: ${size} lines, over ${limit} (a new large room)`);
      else if (size > kept[room]) errors.push(`${room}: ${size} lines, was ${kept[room]}: it grew`);
      else if (size < kept[room]) notes.push(`${room}: ${size} lines, was ${kept[room]}`);
    }
    for (const room of Object.keys(kept)) {
      if (!(room in today[kind])) notes.push(`${room}: now within ${limit} lines (or gone)`);
    }
  }
  return { errors, notes };
}

function main(argv) {
  const today = measure();
  const count = (rooms) => Object.keys(rooms).length;
  const summary = `${count(today.functions)} functions over ${MAX_FUNCTION_LINES} lines, ${count(today.files)} files over ${MAX_FILE_LINES}`;
  if (argv.includes('--update')) {
    writeFileSync(path.join(ROOT, BASELINE), `${JSON.stringify(today, null, 2)}\n`);
    console.log(`room sizes: ${summary}; ${BASELINE} rewritten.`);
    return 0;
  }
  const baseline = JSON.parse(readFileSync(path.join(ROOT, BASELINE), 'utf8'));
  const { errors, notes } = compare(today, baseline);
  if (notes.length) {
    console.log(`Smaller than ${BASELINE} says (tighten it with --update):`);
    for (const note of notes) console.log(`  ${note}`);
  }
  if (errors.length) {
    console.error(
      `Rooms too large (docs/architecture.md#small-rooms): split them into parts named for what they do.`,
    );
    for (const error of errors) console.error(`  ${error}`);
    return 1;
  }
  console.log(`room sizes: ${summary}, none larger than the baseline.`);
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = main(process.argv.slice(2));
}
