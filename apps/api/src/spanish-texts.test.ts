import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The Spanish a person reads in a PDF, a mail, the import's template or a
 * command's output comes from the catalogue (SERVER_MSG, in
 * @psicocampus/shared/server-messages), not from a literal in the code that
 * prints it. A Spanish literal is recognised by its accents, ñ, ¿ or ¡;
 * comments and tests are not looked at.
 */

const AREAS = ['reports', 'mail', 'cli', 'plugins/import'];
const SPANISH = /[áéíóúüñÁÉÍÓÚÜÑ¿¡]/;

/** The lines (1-based) of the string and template literals that hold Spanish. */
function spanishLiterals(fileName: string, source: string): number[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const lines: number[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isStringLiteral(node) ||
        ts.isNoSubstitutionTemplateLiteral(node) ||
        ts.isTemplateHead(node) ||
        ts.isTemplateMiddle(node) ||
        ts.isTemplateTail(node)) &&
      SPANISH.test(node.text)
    ) {
      lines.push(file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return lines;
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('the server’s Spanish texts', () => {
  it('are all in the catalogue: no PDF, mail, template or command writes its own', () => {
    const files = AREAS.flatMap((area) => sourceFiles(path.join(__dirname, area)));
    expect(files.length).toBeGreaterThan(10);
    const found = files.flatMap((file) =>
      spanishLiterals(file, readFileSync(file, 'utf8')).map(
        (line) => `${path.relative(__dirname, file)}:${line}`,
      ),
    );
    expect(found).toEqual([]);
  });

  it('tells a Spanish literal from a comment or an English one', () => {
    const source = [
      '// Página: a comment in Spanish is fine',
      "const a = 'Reporte general';",
      "const b = 'Sin observaciones.' + `Página ${1} de ${2}`;",
      'const c = `${x} es una copia de PostgreSQL ¿seguro?`;',
      "const d = { label: '¡Hola!' };",
      "const e = 'mail not sent';",
    ].join('\n');
    expect(spanishLiterals('example.ts', source)).toEqual([3, 4, 5]);
  });
});
