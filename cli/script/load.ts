import { readFile } from 'node:fs/promises';
import { CliError } from '../errors';
import { type Script, ScriptSchema } from './schema';

/** Reads and checks a script file; any problem is one CliError line naming the file and the field. */
export async function loadScript(file: string): Promise<Script> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new CliError(`${file}: ${code === 'ENOENT' ? 'no such file' : `cannot read (${code ?? 'error'})`}`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new CliError(`${file}: not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  const parsed = ScriptSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? issue.path.join('.') : 'script';
    throw new CliError(`${file}: ${where}: ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data;
}
