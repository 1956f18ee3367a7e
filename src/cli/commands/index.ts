/** Every svc command, sorted by path; `test/cli/help.test.ts` checks each is listed in --help. */
import { AgentAskCommand } from './agent-ask.js';
import { AgentProposalsCommand } from './agent-proposals.js';
import { AgentTraceCompareCommand } from './agent-trace-compare.js';
import { AgentTraceExportCommand } from './agent-trace-export.js';
import { AgentTraceListCommand } from './agent-trace-list.js';
import { AgentTraceReplayCommand } from './agent-trace-replay.js';
import { AgentTraceShowCommand } from './agent-trace-show.js';
import { AgentTraceValidateCommand } from './agent-trace-validate.js';
import { AppBuildCommand } from './app-build.js';
import { AppCheckCommand } from './app-check.js';
import { AppPublishCommand } from './app-publish.js';
import { CertifyCommand } from './certify.js';
import { CompileCommand } from './compile.js';
import { DoctorCommand } from './doctor.js';
import { EvalCommand } from './eval.js';
import { FmtCommand } from './fmt.js';
import { InitCommand } from './init.js';
import { KeysAddCommand } from './keys-add.js';
import { KeysInitCommand } from './keys-init.js';
import { KeysProveCommand } from './keys-prove.js';
import { LintCommand } from './lint.js';
import { LspCommand } from './lsp.js';
import { McpCommand } from './mcp.js';
import { ScheduleRunCommand } from './schedule-run.js';
import { ServeCommand } from './serve.js';

export const COMMANDS = [
  AgentAskCommand,
  AgentProposalsCommand,
  AgentTraceCompareCommand,
  AgentTraceExportCommand,
  AgentTraceListCommand,
  AgentTraceReplayCommand,
  AgentTraceShowCommand,
  AgentTraceValidateCommand,
  AppBuildCommand,
  AppCheckCommand,
  AppPublishCommand,
  CertifyCommand,
  CompileCommand,
  DoctorCommand,
  EvalCommand,
  FmtCommand,
  InitCommand,
  KeysAddCommand,
  KeysInitCommand,
  KeysProveCommand,
  LintCommand,
  LspCommand,
  McpCommand,
  ScheduleRunCommand,
  ServeCommand,
] as const;
