/**
 * A small pool of statement processes for one connection. Each process runs one statement at a
 * time; statements wait in a queue for an idle process. The deadline is real: a statement still
 * queued when it expires never starts, and a running one has its process killed (and replaced
 * on the next statement), which stops the engine mid-step.
 *
 * Admission (why: two slow model-written statements must not make a person wait): statements
 * written by a model or an agent tool run on at most `size - 1` processes (1 when `size` is 1),
 * so a process is always free of them, and other statements may use every process (one more
 * when `size` is 1 and a model statement holds it). One caller's statements run on at most `size - 1` processes too. A
 * caller with nothing running is always admitted (starting up to FAIR_EXTRA processes beyond the
 * size), so one person's heavy statements never hold another's first one. A
 * statement that cannot be admitted waits in order behind nothing it could pass: the first
 * admissible statement in the queue starts first. The deadline covers the wait.
 *
 * Invariants: every submitted statement settles exactly once; an idle pool never keeps the
 * Node process alive (children and channels are unref'd; a running statement's deadline timer
 * is what holds the event loop open, and a child being killed is ref'd until it is gone);
 * `close()` resolves only after every child has exited. Messages are JSON (see
 * sqlite-child-source.ts for why and for the markers of values JSON cannot carry).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { cancelledError, onCancel, StatementError } from './connector.js';

/** A child's answer; `id` matches the message it answers. */
export interface PoolReply {
  id: number;
  kind: string;
  [k: string]: unknown;
}

export interface PoolOptions {
  /** JavaScript program each child runs (`node -e`). */
  source: string;
  /** The child's whole environment: it inherits nothing else from the server. */
  env: Record<string, string>;
  /** Most processes kept at once. */
  size: number;
}

/** Processes a pool may start beyond its size for callers with nothing running (fair work, issue 27). */
const FAIR_EXTRA = 2;
/** OS priority (nice) of a caller's second and later statements at once: their first keeps the CPU's fair share. */
const BACKGROUND = 10;

interface Slot {
  child: ChildProcess;
  job?: Job;
  exited: Promise<void>;
  /** The process's OS priority as set here (0 until lowered). */
  nice?: number;
}

/** Who a statement is for: its lane (`model` for model- and tool-written SQL) and its caller. */
export interface Admission {
  lane: 'model' | 'other';
  caller?: string;
  /** When it fires, the statement's process is killed (or it never starts): STATEMENT_CANCELLED. */
  signal?: AbortSignal;
}

interface Job {
  id: number;
  admission: Admission;
  message: Record<string, unknown>;
  deadlineMs: number;
  resolve: (reply: PoolReply) => void;
  reject: (error: Error) => void;
  timer?: NodeJS.Timeout;
  unlisten?: () => void;
  slot?: Slot;
  settled: boolean;
}

export class StatementPool {
  private readonly slots: Slot[] = [];
  private readonly retired: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: PoolOptions) {}

  /** Runs `message` in a child; rejects with STATEMENT_TIMEOUT when `deadlineMs` passes first. */
  submit(message: Record<string, unknown>, deadlineMs: number, admission: Admission = { lane: 'other' }): Promise<PoolReply> {
    if (this.closed) return Promise.reject(closedError());
    return new Promise<PoolReply>((resolve, reject) => {
      const job: Job = { id: this.nextId++, admission, message, deadlineMs, resolve, reject, settled: false };
      job.timer = setTimeout(() => this.expire(job), deadlineMs);
      const unlisten = onCancel(admission.signal, () => this.expire(job, cancelledError()));
      job.unlisten = unlisten;
      this.queue.push(job);
      this.pump();
    });
  }

  /** Kills every child, refuses what was waiting, and resolves when all children are gone. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) this.settle(job, () => job.reject(closedError()));
    for (const slot of [...this.slots]) this.retire(slot, closedError());
    await Promise.all(this.retired.map((s) => s.exited));
  }

  private pump(): void {
    let at = 0;
    while (at < this.queue.length && !this.closed) {
      const job = this.queue[at] as Job;
      const slot = this.admits(job.admission) ? this.slotFor(job.admission) : undefined;
      if (slot === undefined) {
        at++;
        continue;
      }
      this.queue.splice(at, 1);
      // Decided before the job counts as running: is this the caller's first statement at once?
      const more = job.admission.caller !== undefined && !this.fresh(job.admission);
      slot.job = job;
      job.slot = slot;
      this.prioritise(slot, more ? BACKGROUND : 0);
      slot.child.send({ ...job.message, id: job.id });
    }
  }

  /** Most statements of one lane, or of one caller, running at once. */
  private get shareCap(): number {
    return Math.max(1, this.options.size - 1);
  }

  /** True when `admission` names a caller with no statement running: their first is never held behind others' work. */
  private fresh(admission: Admission): boolean {
    return admission.caller !== undefined && !this.slots.some((s) => s.job?.admission.caller === admission.caller);
  }

  private admits(admission: Admission): boolean {
    if (this.fresh(admission)) return true;
    const running = this.slots.filter((s) => s.job !== undefined).map((s) => (s.job as Job).admission);
    if (admission.lane === 'model' && running.filter((a) => a.lane === 'model').length >= this.shareCap) return false;
    return admission.caller === undefined || running.filter((a) => a.caller === admission.caller).length < this.shareCap;
  }

  /** An idle process, or a new one while the lane's process count allows it. */
  private slotFor(admission: Admission): Slot | undefined {
    const idle = this.slots.find((s) => s.job === undefined);
    if (idle !== undefined) return idle;
    // With one process a model statement may hold it all; another lane may then start one more.
    const modelRunning = this.slots.filter((s) => s.job?.admission.lane === 'model').length;
    let most = this.options.size + (admission.lane !== 'model' && modelRunning >= this.options.size ? 1 : 0);
    // A caller with nothing running may start a process beyond the size, up to a fixed few more.
    if (this.fresh(admission)) most = this.options.size + FAIR_EXTRA;
    return this.slots.length < most ? this.spawnSlot() : undefined;
  }

  private spawnSlot(): Slot {
    const child = spawn(process.execPath, ['-e', this.options.source], {
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      env: this.options.env,
      serialization: 'json',
    });
    const exited = new Promise<void>((done) => {
      child.once('exit', () => done());
      child.once('error', () => done());
    });
    const slot: Slot = { child, exited };
    child.on('message', (reply: PoolReply) => this.answer(slot, reply));
    const stopped = () => this.retire(slot, new StatementError('WAREHOUSE_ERROR', 'The database process stopped unexpectedly.'));
    child.once('exit', stopped);
    child.once('error', stopped);
    child.unref();
    child.channel?.unref();
    this.slots.push(slot);
    return slot;
  }

  /**
   * CPU fairness the engine cannot give: a caller's further statements at once run at a lower OS
   * priority, so another person's first statement shares the CPU with their first, not with all
   * of them. Best effort: where the OS refuses, priorities stay as they were.
   */
  private prioritise(slot: Slot, nice: number): void {
    if ((slot.nice ?? 0) === nice || slot.child.pid === undefined) return;
    try {
      setPriority(slot.child.pid, nice);
      slot.nice = nice;
    } catch {
      // Not allowed to change it (or the process is gone): leave it.
    }
  }

  private answer(slot: Slot, reply: PoolReply): void {
    const job = slot.job;
    if (job === undefined || reply.id !== job.id) return;
    slot.job = undefined;
    // A process left at a lower priority that may not be raised again is not reused for anyone's first statement.
    if ((slot.nice ?? 0) !== 0) {
      this.prioritise(slot, 0);
      if ((slot.nice ?? 0) !== 0) {
        this.settle(job, () => job.resolve(reply));
        this.retire(slot, closedError());
        return;
      }
    }
    this.settle(job, () => job.resolve(reply));
    this.pump();
  }

  private expire(job: Job, cause?: StatementError): void {
    if (job.settled) return;
    const error = cause ?? new StatementError('STATEMENT_TIMEOUT', `The statement ran longer than ${job.deadlineMs} ms and was stopped.`);
    if (job.slot !== undefined) {
      this.retire(job.slot, error);
    } else {
      this.queue.splice(this.queue.indexOf(job), 1);
      this.settle(job, () => job.reject(error));
    }
    this.pump();
  }

  /** Takes a slot out of service (idempotent): kills its child and fails its statement. */
  private retire(slot: Slot, error: Error): void {
    const at = this.slots.indexOf(slot);
    if (at < 0) return;
    this.slots.splice(at, 1);
    this.retired.push(slot);
    void slot.exited.then(() => this.retired.splice(this.retired.indexOf(slot), 1));
    if (slot.child.exitCode === null && slot.child.signalCode === null) {
      // Ref'd while dying, so whoever awaits `close()` is not left with an empty event loop.
      slot.child.ref();
      slot.child.kill('SIGKILL');
    }
    const job = slot.job;
    slot.job = undefined;
    if (job !== undefined) this.settle(job, () => job.reject(error));
    if (!this.closed) this.pump();
  }

  private settle(job: Job, finish: () => void): void {
    if (job.settled) return;
    job.settled = true;
    clearTimeout(job.timer);
    job.unlisten?.();
    finish();
  }
}

function closedError(): StatementError {
  return new StatementError('CONNECTION_UNAVAILABLE', 'The connection was closed before the statement finished.');
}
