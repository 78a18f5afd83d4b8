/**
 * One callback per event-loop turn for work that can wait for the end of the
 * turn: node:http parses a whole packet before that, so a body that came with
 * its head is complete by then. Queuing costs an array push; a timer or an
 * immediate of its own per request costs more than reading a small body.
 */

type Task = (x: never) => void;

let tasks: Task[] = [];
let args: unknown[] = [];
let scheduled = false;

const schedule: (f: () => void) => void =
  typeof setImmediate === "function" ? (f) => setImmediate(f) : (f) => setTimeout(f, 0);

/** atTurnEnd calls `task(arg)` once the current turn's I/O has been handled (setImmediate). */
export function atTurnEnd<T>(task: (x: T) => void, arg: T): void {
  tasks.push(task as Task);
  args.push(arg);
  if (scheduled) return;
  scheduled = true;
  schedule(runTasks);
}

function runTasks(): void {
  const t = tasks;
  const a = args;
  tasks = [];
  args = [];
  scheduled = false;
  for (let i = 0; i < t.length; i++) (t[i] as (x: unknown) => void)(a[i]);
}
