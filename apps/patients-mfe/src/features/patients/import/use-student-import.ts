import { useCallback, useState } from 'react';
import {
  api,
  errorMessage,
  MSG,
  useAppDispatch,
  useDownload,
  useUpload,
  type ImportProblem,
  type ImportResult,
} from '@psicocampus/shared';
import { showError } from '@psicocampus/shared/ui';

export const IMPORT_PATH = '/api/students/import';
export const TEMPLATE_PATH = '/api/students/import/template';
export const TEMPLATE_NAME = 'plantilla_usuarios.xlsx';
/** docs/import-and-reports.md#import: at most 5 MB. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const ACCEPTED_EXTENSIONS = ['.xlsx', '.xls'] as const;

export type ImportState =
  | { kind: 'idle' }
  | { kind: 'uploading'; percent: number }
  | { kind: 'imported'; message: string; duplicates: ImportResult['duplicates'] }
  | { kind: 'failed'; message: string; problems: string[] };

/** The per-row problems of a refused file, as sentences ('Fila 3, columna «email»: ...'). */
function problemsOf(error: unknown): string[] {
  const data = (error as { data?: { errors?: unknown } } | null)?.data;
  if (!Array.isArray(data?.errors)) return [];
  return (data.errors as Partial<ImportProblem>[]).flatMap((problem) => {
    if (typeof problem?.msg !== 'string') return [];
    return typeof problem.row === 'number' && typeof problem.column === 'string'
      ? [MSG.import.rowProblem(problem.row, problem.column, problem.msg)]
      : [problem.msg];
  });
}

/** What is wrong with a chosen file before sending it, or null. */
function checkFile(file: File): string | null {
  const name = file.name.toLowerCase();
  if (name.endsWith('.ods')) return MSG.import.odsFile;
  if (!ACCEPTED_EXTENSIONS.some((extension) => name.endsWith(extension))) {
    return MSG.import.wrongType;
  }
  if (file.size > IMPORT_MAX_BYTES) return MSG.import.tooLarge;
  return null;
}

/**
 * The Excel import of docs/screens-and-routes.md#patients-list and docs/import-and-reports.md#import: upload with progress, then the
 * server's answer (created, duplicates) or its problems row by row. A
 * successful import refreshes the list.
 */
export function useStudentImport() {
  const upload = useUpload();
  const download = useDownload();
  const dispatch = useAppDispatch();
  const [file, setFile] = useState<File | null>(null);
  const [state, setState] = useState<ImportState>({ kind: 'idle' });
  /** Changes after a successful import, so the file input is emptied. */
  const [inputKey, setInputKey] = useState(0);

  const choose = useCallback((chosen: File | null) => {
    setFile(chosen);
    setState({ kind: 'idle' });
  }, []);

  const send = useCallback(async () => {
    if (!file) return;
    const problem = checkFile(file);
    if (problem) {
      setState({ kind: 'failed', message: problem, problems: [] });
      return;
    }
    setState({ kind: 'uploading', percent: 0 });
    try {
      const answer = await upload<ImportResult>(IMPORT_PATH, 'file', file, (percent) =>
        setState((current) => (current.kind === 'uploading' ? { ...current, percent } : current)),
      );
      setState({
        kind: 'imported',
        message: answer?.msg || MSG.import.success,
        duplicates: answer?.duplicates ?? [],
      });
      setFile(null);
      setInputKey((key) => key + 1);
      dispatch(api.util.invalidateTags([{ type: 'Student', id: 'LIST' }, 'Statistics']));
    } catch (error) {
      setState({
        kind: 'failed',
        message: errorMessage(error, MSG.import.failure),
        problems: problemsOf(error),
      });
    }
  }, [dispatch, file, upload]);

  const downloadTemplate = useCallback(async () => {
    try {
      await download(TEMPLATE_PATH, TEMPLATE_NAME);
    } catch (error) {
      await showError(errorMessage(error, MSG.import.templateError));
    }
  }, [download]);

  return {
    file,
    choose,
    send,
    state,
    uploading: state.kind === 'uploading',
    inputKey,
    downloadTemplate,
  };
}
