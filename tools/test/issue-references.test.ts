import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/*
 * TEMPORARY: files still being edited on other branches when this check came
 * in; their references go once those branches are merged. Empty this list,
 * do not add to it: cite the docs/ anchor that states the rule instead.
 */
const NOT_YET_CLEANED: readonly string[] = [];

/**
 * Files where such a reference is the subject, not a citation; each says why.
 * Only for that: an old reference is replaced by the docs/ anchor it stands for.
 */
const ABOUT_REFERENCES: ReadonlyMap<string, string> = new Map([
  ['tools/test/issue-references.test.ts', 'this check, whose examples are references'],
  ['apps/api/drizzle/0011_appointment_life.sql', 'a migration already applied: never edited'],
  ['apps/api/drizzle/0012_reminders_and_feeds.sql', 'a migration already applied: never edited'],
  ['apps/api/drizzle/0013_clinician_level.sql', 'a migration already applied: never edited'],
  ['apps/api/drizzle/0014_signed_notes.sql', 'a migration already applied: never edited'],
  ['apps/api/drizzle/0015_safety_plans.sql', 'a migration already applied: never edited'],
  ['apps/api/drizzle/0016_mfa.sql', 'a migration already applied: never edited'],
]);

const ROOT = path.resolve(__dirname, '../..');

// Between "issue" and its number: spaces, or a line break inside a comment.
const GAP = String.raw`[ \t]*(?:\r?\n[ \t]*(?:\*(?!\/)|\/\/|#(?!\d)|--)?[ \t]*)?`;

/**
 * What cites an issue of a tracker no reader of this repository can open:
 * "issue 16", "(issue 19 §1)", "Issue 18's", "issues 16 and 17", "issue #3",
 * "issue" and its number on two lines of a comment; and a bare "#12" only
 * where nothing else is meant: "(#12)", "fixes #12", "PR #12", "owner/repo#12".
 * Never a colour ("#333"), a heading anchor ("#4-the-database") or "RFC 5545 §3.1".
 */
const REFERENCE = new RegExp(
  [
    String.raw`\bissues?${GAP}(?:no\.?[ \t]*|number[ \t]*)?#?\d+(?![\w-])`,
    String.raw`(?<!\])\(#\d+\)`,
    String.raw`\b(?:PR|pull request|fix(?:es|ed)?|close[sd]?|resolve[sd]?|refs?)[ \t]+#\d+(?![\w-])`,
    String.raw`\b[\w.-]+\/[\w.-]+#\d+(?![\w-])`,
  ].join('|'),
  'giu',
);

/** Each reference in `source` as "line: text", the line where it starts. */
function issueReferences(source: string): string[] {
  return [...source.matchAll(REFERENCE)].map((match) => {
    const line = source.slice(0, match.index).split('\n').length;
    return `${line}: ${match[0].replace(/\s+/g, ' ')}`;
  });
}

/** Every file of the repository, committed or new (not ignored): code, docs, bench, e2e, config. */
function repositoryFiles(): string[] {
  const listed = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  return listed
    .split('\0')
    .filter(Boolean)
    .filter(
      (file) => existsSync(path.join(ROOT, file)) && statSync(path.join(ROOT, file)).isFile(),
    );
}

/** A text file's content; null for a binary one (a font, a spreadsheet, an image). */
function readText(file: string): string | null {
  const buffer = readFileSync(path.join(ROOT, file));
  return buffer.includes(0) || /\.(xlsx|xls|ods|pdf|png|jpe?g|ico|woff2?|ttf)$/i.test(file)
    ? null
    : buffer.toString('utf8');
}

let scanned: Map<string, string[]> | undefined;

/** The references of every file that holds one, read once for the tests below. */
function referencesByFile(): Map<string, string[]> {
  if (scanned) return scanned;
  const found = new Map<string, string[]>();
  for (const file of repositoryFiles()) {
    const text = readText(file);
    const references = text === null ? [] : issueReferences(text);
    if (references.length > 0) found.set(file, references);
  }
  scanned = found;
  return found;
}

describe('issue references (write for the next reader: cite docs/ anchors)', () => {
  it('finds the ways an issue is cited', () => {
    const source = [
      "describe('the ideation flow (issue 16)', () => {",
      '// The level in force (issue 19 §1): the clinician’s.',
      "Issue 18's budget; issues 16 and 17; issue #3; Issue No. 4",
      ' * the pointer, issue',
      ' * 16); (#12), fixes #7, PR #9, owner/repo#11',
    ].join('\n');
    expect(issueReferences(source)).toEqual([
      '1: issue 16',
      '2: issue 19',
      '3: Issue 18',
      '3: issues 16',
      '3: issue #3',
      '3: Issue No. 4',
      '4: issue * 16',
      '5: (#12)',
      '5: fixes #7',
      '5: PR #9',
      '5: owner/repo#11',
    ]);
  });

  it('leaves alone colours, anchors, sections of a standard and other issues', () => {
    const source = [
      'color: #333; background: #1d4ed8; border-color: #000000;',
      '[step 4](#4-the-database), docs/api.md#paged-lists, [one](#1)',
      'RFC 5545 §3.1; docs/decisions.md#one-clock',
      "an OperationOutcome's issue; outcome.issue[0]; 5 issues, 16 of them",
      'Do not open a public issue.',
    ].join('\n');
    expect(issueReferences(source)).toEqual([]);
  });

  it('are nowhere in the repository: each is replaced by the docs/ anchor it stands for', () => {
    const skipped = new Set([...NOT_YET_CLEANED, ...ABOUT_REFERENCES.keys()]);
    const left = [...referencesByFile()]
      .filter(([file]) => !skipped.has(file))
      .flatMap(([file, references]) => references.map((reference) => `${file}:${reference}`));
    expect(left).toEqual([]);
  });

  it('keeps the temporary list to files that still hold a reference', () => {
    const found = referencesByFile();
    const cleaned = NOT_YET_CLEANED.filter((file) => !found.has(file));
    // A file listed above that holds none any more leaves the list.
    expect(cleaned).toEqual([]);
  });
});
