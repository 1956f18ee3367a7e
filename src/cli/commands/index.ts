/** Every svc command, sorted by path; `test/cli/help.test.ts` checks each is listed in --help. */
import { CompileCommand } from './compile.js';
import { FmtCommand } from './fmt.js';
import { LintCommand } from './lint.js';

export const COMMANDS = [CompileCommand, FmtCommand, LintCommand] as const;
