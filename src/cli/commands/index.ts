/** Every svc command, sorted by path; `test/cli/help.test.ts` checks each is listed in --help. */
import { AppCheckCommand } from './app-check.js';
import { CertifyCommand } from './certify.js';
import { CompileCommand } from './compile.js';
import { FmtCommand } from './fmt.js';
import { LintCommand } from './lint.js';
import { ServeCommand } from './serve.js';

export const COMMANDS = [AppCheckCommand, CertifyCommand, CompileCommand, FmtCommand, LintCommand, ServeCommand] as const;
