import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * Lets the server's own thread go first when a worker thread and it want the
 * same core: on two cores, an import or a PDF being made in the background
 * must not slow down everyone's everyday calls (docs/limits-and-budgets.md#speed-and-size-budgets). The worker
 * still gets the whole core when the server is idle.
 *
 * Linux keeps a nice value per thread; this thread's id is the last part of
 * /proc/thread-self. Elsewhere the call would lower the whole process, so it
 * does nothing there, nor where the system refuses.
 */
export function yieldToServerThread(niceness = 10): void {
  if (process.platform !== 'linux') return;
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(threadId) && threadId > 0) setPriority(threadId, niceness);
  } catch {
    // No /proc, or a sandbox that refuses it: the thread keeps its priority.
  }
}
