#!/usr/bin/env node
// node tools/docs-citations.mjs --check | --write
//
// The code used to cite sections of two specification files that were never
// in the repository ("SEED §5", "PRODUCT §11", "SEED.md"): a newcomer could not
// follow them. Their content now lives in docs/, and this script keeps it so.
//
//   --check  exits 1 listing every remaining citation of SEED/PRODUCT outside
//            docs/ (by section, by file name, or a bare "§4.1" that relies on
//            one), and every docs/ link (in code or in docs/ itself) whose page
//            or heading anchor does not exist.
//   --write  rewrites each citation to the docs/ page (and heading) that now
//            holds it, using SECTIONS below, then reformats the files it changed
//            with Prettier (only those that were formatted before). Citations it
//            cannot place are listed, and --check keeps failing on them.
//
// Anchors are GitHub's heading slugs. The section map is the one place that
// says where each old section went; docs/README.md shows the same table to
// readers.

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
const SELF = 'tools/docs-citations.mjs';
const DOCS = 'docs';

/* ---- Where each old section went ---------------------------------------- */

/** A rule: when `test` matches the citation's context, the target is `to`. */
const text = (re, to) => ({ test: (ctx) => re.test(ctx.text), to });
const file = (re, to) => ({ test: (ctx) => re.test(ctx.file), to });
const either = (pathRe, textRe, to) => ({
  test: (ctx) => pathRe.test(ctx.file) || textRe.test(ctx.text),
  to,
});
const alongside = (key, to) => ({ test: (ctx) => ctx.group.includes(key), to });

const ASSESSMENT_CODE = /assess|risk|columbia/i;

/**
 * Old section → docs target. A list is tried in order against the citation's
 * context (its file and the line it is on, with the next one); the last entry
 * is the default. "SEED 4.2" falls back to "SEED 4" when it has no entry.
 */
export const SECTIONS = {
  'SEED 1': [text(/variant/i, 'api.md#statistics'), 'screens-and-routes.md#who-uses-it'],
  'SEED 2': [
    text(/\broutes?\b|\bchild\b|\/home\b/i, 'screens-and-routes.md#routes'),
    text(/\bguards?\b/i, 'screens-and-routes.md#navigation-guard'),
    either(/auth-mfe|caps-lock/, /login|caps lock/i, 'screens-and-routes.md#login-screen'),
    file(/student-edit/, 'screens-and-routes.md#edit-student-screen'),
    file(/features\/home\//, 'screens-and-routes.md#psychologist-home'),
    file(/appointment/, 'screens-and-routes.md#appointment-form'),
    either(
      /assessment-mfe\/src\/features\/(evaluations|reports)/,
      /studenteva|'Evaluaciones'/,
      'screens-and-routes.md#evaluations-of-a-student',
    ),
    file(/student-detail/, 'screens-and-routes.md#student-detail'),
    text(/appointment/i, 'screens-and-routes.md#appointment-form'),
    either(
      /features\/patients\//,
      /Mis Pacientes|import|search|buscar/i,
      'screens-and-routes.md#patients-list',
    ),
    'screens-and-routes.md#routes',
  ],
  'SEED 3': [
    text(/x-token|localStorage|user-data|session/i, 'data-model.md#local-data'),
    text(/user of|login/i, 'data-model.md#login-response'),
    either(ASSESSMENT_CODE, /assessment|attempt|remark/i, 'data-model.md#suicide-assessment'),
    text(/\bnotes?\b/i, 'data-model.md#clinical-note'),
    text(/student|careerLevel|enumeration/i, 'data-model.md#student'),
    'data-model.md',
  ],
  'SEED 4': [
    alongside('PRODUCT 11', 'columbia-assessment.md#the-form-flow'),
    file(ASSESSMENT_CODE, 'columbia-assessment.md#the-form-flow'),
    'screens-and-routes.md#states-and-transitions',
  ],
  'SEED 4.1': ['columbia-assessment.md#intensity'],
  'SEED 4.2': ['columbia-assessment.md#items-3-to-5'],
  'SEED 4.3': ['columbia-assessment.md#intensity'],
  'SEED 4.4': ['columbia-assessment.md#behaviour'],
  'SEED 4.5': ['columbia-assessment.md#lethality'],
  'SEED 4.6': ['columbia-assessment.md#saving'],
  'SEED 4.7': ['columbia-assessment.md#final-remarks'],
  'SEED 5': [
    text(/enumerat|mildest|codes/i, 'columbia-assessment.md#answer-codes'),
    alongside('PRODUCT 11', 'columbia-assessment.md#validation'),
    file(ASSESSMENT_CODE, 'columbia-assessment.md#validation'),
    text(/import/i, 'rules-and-messages.md#import'),
    either(/auth-mfe|auth\.schemas/, /login/i, 'rules-and-messages.md#login'),
    either(/appointment/, /appointment/i, 'rules-and-messages.md#appointment-form'),
    either(
      /student-edit/,
      /edit screen|edit student/i,
      'rules-and-messages.md#edit-student-screen',
    ),
    either(/patients|student/, /student/i, 'rules-and-messages.md#student-form'),
    'rules-and-messages.md#validation-rules',
  ],
  'SEED 6': [
    text(/x-token/i, 'sign-in-and-sessions.md#sessions'),
    'permissions.md#roles-and-areas',
  ],
  'SEED 7': [
    either(ASSESSMENT_CODE, /assessment|remark|columbia|evaluaci/i, 'api.md#assessments'),
    text(/report|pdf/i, 'api.md#reports'),
    text(/\bnotes?\b/i, 'api.md#clinical-notes'),
    text(/appointment/i, 'api.md#appointments'),
    text(/student|patient/i, 'api.md#students'),
    text(/psychologist|staff/i, 'api.md#psychologists-and-profiles'),
    text(/sign-in|login|auth/i, 'api.md#sign-in-and-accounts'),
    'api.md',
  ],
  'SEED 8': ['rules-and-messages.md#messages'],
  'SEED 9': ['limits-and-budgets.md#screen-constants'],

  'PRODUCT 1': [
    text(
      /embed|integrator|mount|example page|AssessmentForm|assessment remote|pages? we do not own/i,
      'architecture.md#the-embeddable-assessment',
    ),
    text(/remotes\.json|run time/i, 'architecture.md#remotes-at-run-time'),
    text(/singleton|one store|one router|floor/i, 'architecture.md#shared-singletons'),
    'architecture.md#parts',
  ],
  'PRODUCT 2': [
    text(
      /create-admin|first administrator|demo/i,
      'architecture.md#demo-data-and-the-first-administrator',
    ),
    'architecture.md#data-and-databases',
  ],
  'PRODUCT 3': [
    text(/sign-in, sessions/i, 'sign-in-and-sessions.md'),
    text(/reset-password|confirmation/i, 'sign-in-and-sessions.md#reset-password-view'),
    file(/common-passwords|lib\/passwords/, 'sign-in-and-sessions.md#passwords'),
    text(/argon|hash|common|10–128|composition/i, 'sign-in-and-sessions.md#passwords'),
    text(/brute|429|limit|31st/i, 'sign-in-and-sessions.md#brute-force-limits'),
    text(
      /forgot|recover|reset|enumerat|timing|whether an|\blink\b/i,
      'sign-in-and-sessions.md#password-recovery',
    ),
    text(/idle|minutes|session|token|deactivat/i, 'sign-in-and-sessions.md#sessions'),
    'sign-in-and-sessions.md',
  ],
  'PRODUCT 4': [
    text(/every \/api route|as one table/i, 'permissions.md'),
    text(/audit log for|append-only|who read/i, 'permissions.md#audit-log'),
    text(
      /admin|403|least privilege|account|clinical content|nothing clinical|deactivat/i,
      'permissions.md#administrators',
    ),
    text(/audit/i, 'permissions.md#audit-log'),
    file(/audit/, 'permissions.md#audit-log'),
    text(/\bnotes?\b|remark|assessment|clinical record|author/i, 'permissions.md#clinical-records'),
    text(/404|own|caseload|psychologist|exists/i, 'permissions.md#psychologists'),
    'permissions.md',
  ],
  'PRODUCT 5': ['columbia-assessment.md#the-risk-engine'],
  'PRODUCT 6': [
    text(/plantilla|import template/i, 'import-and-reports.md#the-template'),
    'import-and-reports.md#import',
  ],
  'PRODUCT 7': ['import-and-reports.md#reports'],
  'PRODUCT 8': ['screens-and-routes.md#statistics'],
  'PRODUCT 9': ['screens-and-routes.md#admin-area'],
  'PRODUCT 10': ['limits-and-budgets.md#limits-and-bad-input'],
  'PRODUCT 11': [
    text(/most serious type|answered "(sí|yes)"|offers? only/i, 'columbia-assessment.md#intensity'),
    text(/behaviou?r section|always asked/i, 'columbia-assessment.md#behaviour'),
    text(/lethality/i, 'columbia-assessment.md#lethality'),
    text(/validaci|first problem/i, 'columbia-assessment.md#validation'),
    'columbia-assessment.md#risk-levels',
  ],
  'PRODUCT 12': ['limits-and-budgets.md#speed-and-size-budgets'],
  'PRODUCT 13': [
    text(
      /remark|observaciones|overwritten|added after|author and date/i,
      'columbia-assessment.md#final-remarks',
    ),
    file(/current-password|email-change|profile/, 'decisions.md#e-mail-changes-and-assignments'),
    text(
      /e-mail|email|address|confirm|invitation|assign|caseload|loses/i,
      'decisions.md#e-mail-changes-and-assignments',
    ),
    text(/audit|transaction/i, 'decisions.md#audit-and-database-roles'),
    text(/bidi|text field|one rule/i, 'decisions.md#text-fields'),
    text(/\bnames?\b/i, 'decisions.md#person-names-and-e-mail-addresses'),
    text(/(?<!-)\bmail/i, 'decisions.md#mail'),
    file(/assessment/, 'columbia-assessment.md#final-remarks'),
    'decisions.md',
  ],
};

/** What a file name alone ("SEED.md", "PRODUCT.md") is rewritten to. */
const WHOLE_SPEC = 'README.md';

/* ---- Finding citations --------------------------------------------------- */

// Between two words of one citation: spaces, or a line break inside a comment.
const GAP = String.raw`(?:[ \t]*\r?\n[ \t]*(?:\*(?!\/)|\/\/|#|--)?[ \t]*|[ \t]*)`;
const SPEC = String.raw`(?:SEED|PRODUCT)(?:\.md)?`;
const SEC = String.raw`§[ \t]?\d+(?:\.\d+)?`;
const SEC_LIST = String.raw`${SEC}(?:(?:[ \t]*(?:,|;|\/|–|-|,?[ \t]+and)${GAP}|${GAP}and${GAP})${SEC})*`;
const ONE = String.raw`(?:${SPEC}${GAP})?${SEC_LIST}`;
const JOIN = String.raw`(?:[ \t]*(?:,|;|,?[ \t]+and|[ \t]+as corrected by|[ \t]+corrects)${GAP})`;
/** A citation group: "SEED §2, §5; PRODUCT §11", "SEED §4 as corrected by PRODUCT §11", "§4.1". */
const GROUP = new RegExp(
  String.raw`(?<![\w.])${ONE}(?:${JOIN}(?:${SPEC}${GAP})${SEC_LIST})*`,
  'gu',
);
/** Not a citation of the specification: "RFC 5545 §3.8", or a tracker's numbered item. */
const NOT_SPEC = /(?:issues?|RFC|STYLE(?:\.md)?|TOOLCHAIN(?:\.md)?)[ \t]*\d*[ \t]*$/i;
/** Any mention left: the names alone, "SEED's", "PRODUCT.md". Not SEED_DEMO. */
const MENTION = /\b(?:SEED|PRODUCT)\b(?![_\w])(?:\.md)?|\b(?:STYLE|TOOLCHAIN)\.md\b/g;

/** Phrases whose grammar a plain substitution would break, rewritten whole. */
const PHRASES = [
  {
    re: /The product follows its specification: `SEED\.md` \([^)]*\) and `PRODUCT\.md`\s*\([^)]*\)\./,
    to: () =>
      'The product follows its specification, written out in [docs/](docs/README.md): screens and\nroutes, rules and messages, permissions, the Columbia assessment, limits and budgets.',
  },
  {
    re: /(Texts quoted in\s*(?:\*\s*)?)SEED\.md/,
    to: (m, p1) => `${p1}docs/rules-and-messages.md`,
  },
  { re: /(^|[*/]\s*)SEED['’]s call\b/m, to: (m, p1) => `${p1}The call of docs/api.md#assessments` },
  { re: /\bSEED['’]s call\b/, to: () => 'the call of docs/api.md#assessments' },
  { re: /, in SEED['’]s order/, to: () => ', in that order' },
  { re: /\bwith SEED['’]s(\s)/, to: (m, p1) => `with the${p1}` },
];

/** A heading of the old files quoted after a citation: '(SEED §2 "Login screen")'. */
const QUOTED_HEADINGS = {
  'Login screen': 'screens-and-routes.md#login-screen',
  Import: 'rules-and-messages.md#import',
  'Student create/edit form': 'rules-and-messages.md#student-form',
  'Edit student screen': 'rules-and-messages.md#edit-student-screen',
};
const QUOTED = new RegExp(`^[ \\t]+"(${Object.keys(QUOTED_HEADINGS).join('|')})"`);
/** The old files' name for a dashboard's default child, "(SEED §2 '')": the anchor says it now. */
const EMPTY_CHILD = /^[ \t]+''/;

/** Possessives after a citation: "SEED §3's shape" → "the shape of docs/…". */
const POSSESSIVE =
  /^['’]s(?:([ \t]+)(text field|shape|call|messages|order|table|5,000 students|"[^"\n]*" rule))?/;

/* ---- Files ------------------------------------------------------------------ */

function listFiles() {
  const out = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  return out
    .split('\0')
    .filter(Boolean)
    .filter((f) => f !== SELF && !f.startsWith(`${DOCS}/`) && !f.endsWith('package-lock.json'))
    .filter((f) => existsSync(path.join(ROOT, f)) && statSync(path.join(ROOT, f)).isFile());
}

function readText(f) {
  const buffer = readFileSync(path.join(ROOT, f));
  if (buffer.length > 4 * 1024 * 1024 || buffer.includes(0)) return null;
  return buffer.toString('utf8');
}

const lineOf = (source, index) => source.slice(0, index).split('\n').length;

/* ---- Anchors ------------------------------------------------------------------ */

/** GitHub's slug of a heading. */
export function slug(heading) {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M} _-]/gu, '')
    .replace(/ /g, '-');
}

const anchorCache = new Map();
/** The anchors of a docs page, or null when it does not exist. */
function anchorsOf(page) {
  if (!anchorCache.has(page)) {
    const full = path.join(ROOT, DOCS, page);
    if (!existsSync(full)) {
      anchorCache.set(page, null);
    } else {
      const seen = new Map();
      const anchors = new Set();
      let fence = false;
      for (const line of readFileSync(full, 'utf8').split('\n')) {
        if (/^\s*(```|~~~)/.test(line)) fence = !fence;
        const heading = !fence && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
        if (!heading) continue;
        const base = slug(heading[1]);
        const count = seen.get(base) ?? 0;
        seen.set(base, count + 1);
        anchors.add(count === 0 ? base : `${base}-${count}`);
      }
      anchorCache.set(page, anchors);
    }
  }
  return anchorCache.get(page);
}

/** Why `page#anchor` does not resolve, or null when it does. */
function brokenTarget(page, anchor) {
  const anchors = anchorsOf(page);
  if (!anchors) return `docs/${page} does not exist`;
  if (anchor && !anchors.has(anchor)) return `docs/${page} has no heading #${anchor}`;
  return null;
}

/* ---- Resolving ------------------------------------------------------------------ */

/** The sections a group cites, in order: ["SEED 4", "PRODUCT 11", "SEED 4.6", "SEED 4.7"]. */
function sectionsOf(groupText, inferredSpec) {
  const out = [];
  let spec = inferredSpec;
  let previous = null;
  let range = false;
  for (const token of groupText.matchAll(/(SEED|PRODUCT)|§[ \t]?(\d+)(?:\.(\d+))?|(–|-)/g)) {
    if (token[1]) {
      spec = token[1];
      continue;
    }
    if (token[4]) {
      range = previous !== null;
      continue;
    }
    const current = {
      major: Number(token[2]),
      minor: token[3] === undefined ? null : Number(token[3]),
    };
    if (range && previous && spec) {
      // "§4–§5", "§4.6–§4.7": every section in between.
      if (previous.minor !== null && current.minor !== null && previous.major === current.major) {
        for (let minor = previous.minor + 1; minor < current.minor; minor += 1) {
          out.push(`${spec} ${current.major}.${minor}`);
        }
      } else {
        for (let major = previous.major + 1; major < current.major; major += 1) {
          out.push(`${spec} ${major}`);
        }
      }
    }
    range = false;
    previous = current;
    out.push(
      spec ? `${spec} ${current.major}${current.minor === null ? '' : `.${current.minor}`}` : null,
    );
  }
  return out;
}

/**
 * The target of one section: the first rule matching the citation's own line,
 * else the first matching the next line (a comment often goes on there), else
 * the default.
 */
function resolveSection(key, ctx) {
  const rules = SECTIONS[key] ?? SECTIONS[key.replace(/\.\d+$/, '')];
  if (!rules) return null;
  for (const text of [ctx.line, ctx.next]) {
    for (const rule of rules) {
      if (typeof rule !== 'string' && rule.test({ ...ctx, text })) return rule.to;
    }
  }
  const fallback = rules.at(-1);
  return typeof fallback === 'string' ? fallback : null;
}

/**
 * Targets of a group, one per page: the first anchor named for a page, unless
 * a sub-section ("SEED §4.7") names a more precise one later.
 */
function targetsOf(keys, ctx) {
  const byPage = new Map();
  for (const key of keys) {
    const target = key && resolveSection(key, ctx);
    if (!target) return null;
    const [page] = target.split('#');
    if (!byPage.has(page) || /\.\d+$/.test(key)) byPage.set(page, target);
  }
  return [...byPage.values()];
}

const isMarkdown = (f) => /\.mdx?$/i.test(f);

function render(targets, f) {
  const shown = targets.map((target) => {
    if (!isMarkdown(f)) return `${DOCS}/${target}`;
    const [page, anchor] = target.split('#');
    const href =
      path.posix.relative(path.posix.dirname(f), `${DOCS}/${page}`) + (anchor ? `#${anchor}` : '');
    return `[${DOCS}/${page}](${href})`;
  });
  if (shown.length === 1) return shown[0];
  return `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`;
}

/** The spec a bare "§N" leans on: PRODUCT from §10, SEED for a sub-section, else the last one named. */
function inferSpec(source, index, groupText) {
  if (/^(SEED|PRODUCT)/.test(groupText)) return null;
  const first = /§[ \t]?(\d+)(\.\d+)?/.exec(groupText);
  if (first && Number(first[1]) >= 10) return 'PRODUCT';
  if (first && first[2]) return 'SEED';
  const before = [...source.slice(0, index).matchAll(/\b(SEED|PRODUCT)\b(?![_\w])/g)];
  return before.length ? before.at(-1)[1] : null;
}

/**
 * Every citation in `source`, each with its replacement (null when it cannot
 * be placed). Phrases are handled by `rewrite`, before this runs.
 */
function findCitations(f, source) {
  const lines = source.split('\n');
  const found = [];
  for (const match of source.matchAll(GROUP)) {
    const lineStart = source.lastIndexOf('\n', match.index) + 1;
    if (NOT_SPEC.test(source.slice(lineStart, match.index))) continue;
    const line = lineOf(source, match.index);
    const lastLine = lineOf(source, match.index + match[0].length);
    const spec = inferSpec(source, match.index, match[0]);
    const keys = sectionsOf(match[0], spec);
    const ctx = {
      file: f,
      // Every line the citation spans ("(SEED\n * §2: /home…"), then the one after.
      line: lines.slice(line - 1, lastLine).join('\n'),
      next: lines[lastLine] ?? '',
      group: keys.filter(Boolean).map((key) => key.replace(/\.\d+$/, '')),
    };
    const targets = keys.length && !keys.includes(null) ? targetsOf(keys, ctx) : null;
    found.push({ index: match.index, length: match[0].length, text: match[0], line, targets });
  }
  return found;
}

/** The text with every citation it can place rewritten, and what it could not. */
function rewrite(f, source) {
  let out = source;
  let count = 0;
  for (const phrase of PHRASES) {
    out = out.replace(
      new RegExp(phrase.re.source, phrase.re.flags.replace('g', '') + 'g'),
      (...args) => {
        count += 1;
        return phrase.to(...args);
      },
    );
  }
  const unplaced = [];
  // From the end, so earlier indexes stay valid.
  for (const citation of findCitations(f, out).reverse()) {
    if (!citation.targets) {
      unplaced.push(citation);
      continue;
    }
    let targets = citation.targets;
    const start = citation.index;
    let end = citation.index + citation.length;
    const quoted = QUOTED.exec(out.slice(end));
    if (quoted) {
      // The heading now has its own anchor: the quote would only repeat it.
      const precise = QUOTED_HEADINGS[quoted[1]];
      const page = precise.split('#')[0];
      targets = targets.some((t) => t.split('#')[0] === page)
        ? targets.map((t) => (t.split('#')[0] === page ? precise : t))
        : [...targets, precise];
      end += quoted[0].length;
    }
    const emptyChild = EMPTY_CHILD.exec(out.slice(end));
    if (emptyChild) end += emptyChild[0].length;
    const rendered = render(targets, f);
    let replacement = rendered;
    const possessive = POSSESSIVE.exec(out.slice(end));
    if (possessive) {
      end += possessive[0].length;
      const before = out.slice(out.lastIndexOf('\n', start - 1) + 1, start);
      const capital = /^\s*(?:\*+|\/\/|\/\*\*?|#|--)?\s*$/.test(before) || /[.:]\s*$/.test(before);
      if (possessive[2]) {
        replacement = `${capital ? 'The' : 'the'} ${possessive[2]} of ${rendered}`;
      } else {
        replacement = `${capital ? 'Those' : 'those'} of ${rendered}`;
      }
    }
    out = out.slice(0, start) + replacement + out.slice(end);
    count += 1;
  }
  return { text: out, count, unplaced };
}

/* ---- Checks ------------------------------------------------------------------ */

/** docs links in a file: "docs/x.md#a" in code, and relative links in markdown. */
function docsLinks(f, source) {
  const links = [];
  for (const m of source.matchAll(/(?<![\w/.-])docs\/([\w.-]+\.md)(?:#([\p{L}\p{N}_-]+))?/gu)) {
    links.push({ page: m[1], anchor: m[2], index: m.index });
  }
  if (isMarkdown(f)) {
    for (const m of source.matchAll(/\]\(([^)\s#]+\.md)?(?:#([^)\s]+))?\)/g)) {
      if (!m[1] && !m[2]) continue;
      const target = path.posix.normalize(
        path.posix.join(path.posix.dirname(f), m[1] ?? path.posix.basename(f)),
      );
      if (!target.startsWith(`${DOCS}/`)) continue;
      links.push({ page: target.slice(DOCS.length + 1), anchor: m[2], index: m.index });
    }
  }
  return links;
}

function check() {
  const problems = [];
  for (const f of listFiles()) {
    const source = readText(f);
    if (source === null) continue;
    for (const citation of findCitations(f, source)) {
      problems.push(
        `${f}:${citation.line}: cites the old specification: ${JSON.stringify(citation.text)}`,
      );
    }
    for (const m of source.matchAll(MENTION)) {
      const lineStart = source.lastIndexOf('\n', m.index) + 1;
      const rest = source.slice(m.index);
      if (new RegExp(`^${ONE}`, 'u').test(rest) && !NOT_SPEC.test(source.slice(lineStart, m.index)))
        continue;
      problems.push(
        `${f}:${lineOf(source, m.index)}: names the old specification: ${JSON.stringify(m[0])}`,
      );
    }
    for (const link of docsLinks(f, source)) {
      const broken = brokenTarget(link.page, link.anchor);
      if (broken) problems.push(`${f}:${lineOf(source, link.index)}: ${broken}`);
    }
  }
  // The docs' own links, and every target the map can produce.
  const docsFiles = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', DOCS],
    {
      cwd: ROOT,
      encoding: 'utf8',
    },
  )
    .split('\n')
    .filter((f) => f.endsWith('.md') && existsSync(path.join(ROOT, f)));
  for (const f of docsFiles) {
    const source = readFileSync(path.join(ROOT, f), 'utf8');
    for (const link of docsLinks(f, source)) {
      const broken = brokenTarget(link.page, link.anchor);
      if (broken) problems.push(`${f}:${lineOf(source, link.index)}: ${broken}`);
    }
  }
  for (const [key, rules] of Object.entries(SECTIONS)) {
    for (const rule of rules) {
      const target = typeof rule === 'string' ? rule : rule.to;
      const [page, anchor] = target.split('#');
      const broken = brokenTarget(page, anchor);
      if (broken) problems.push(`${SELF}: SECTIONS["${key}"]: ${broken}`);
    }
  }
  const broken = brokenTarget(WHOLE_SPEC);
  if (broken) problems.push(`${SELF}: ${broken}`);

  if (problems.length) {
    console.error(problems.join('\n'));
    console.error(
      `\n${problems.length} problem(s). Code cites docs/ (see docs/README.md, "Older references");` +
        ` \`node ${SELF} --write\` rewrites the old citations it can place.`,
    );
    process.exit(1);
  }
  console.log('docs citations: every reference points into docs/, and every docs link resolves.');
}

async function loadPrettier() {
  try {
    const entry = path.join(ROOT, 'node_modules', 'prettier', 'index.mjs');
    return await import(pathToFileURL(entry).href);
  } catch {
    return null;
  }
}

async function write() {
  const prettier = await loadPrettier();
  let total = 0;
  const changed = [];
  const unplaced = [];
  for (const f of listFiles()) {
    const source = readText(f);
    if (source === null) continue;
    let { text: next, count, unplaced: left } = rewrite(f, source);
    // A file name alone, not part of a phrase above: the docs index.
    next = next.replace(/(?<![\w/])(?:SEED|PRODUCT)\.md\b/g, () => {
      count += 1;
      return isMarkdown(f)
        ? `[docs/](${path.posix.relative(path.posix.dirname(f), `${DOCS}/${WHOLE_SPEC}`)})`
        : `${DOCS}/${WHOLE_SPEC}`;
    });
    for (const citation of left)
      unplaced.push(`${f}:${citation.line}: ${JSON.stringify(citation.text)}`);
    if (next === source) continue;
    const full = path.join(ROOT, f);
    if (prettier) {
      const options = { ...(await prettier.resolveConfig(full)), filepath: full };
      const info = await prettier.getFileInfo(full, {
        ignorePath: path.join(ROOT, '.prettierignore'),
      });
      if (!info.ignored && info.inferredParser && (await prettier.check(source, options))) {
        next = await prettier.format(next, options);
      }
    }
    writeFileSync(full, next);
    total += count;
    changed.push(`${f} (${count})`);
  }
  console.log(`Rewrote ${total} citation(s) in ${changed.length} file(s):`);
  for (const line of changed) console.log(`  ${line}`);
  if (unplaced.length) {
    console.log(
      `\nCould not place ${unplaced.length} citation(s); add them to SECTIONS or reword by hand:`,
    );
    for (const line of unplaced) console.log(`  ${line}`);
  }
  console.log(`\nNow run: node ${SELF} --check`);
}

const mode = process.argv[2];
if (mode === '--check') check();
else if (mode === '--write') await write();
else {
  console.error(`Usage: node ${SELF} --check | --write`);
  process.exit(2);
}
