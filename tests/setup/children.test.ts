import { existsSync, readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { childrenStarted, killChildrenSince, spawnInGroup, startChild } from '../kit/child-process';

/** The process exists and is not a zombie (a killed orphan waits for whichever init adopted it). */
const running = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const stat = `/proc/${pid}/stat`;
  return !existsSync(stat) || !/^\d+ \(.*\) Z/.test(readFileSync(stat, 'utf8'));
};

it.runIf(process.platform !== 'win32')('kills a child left running with its whole process group, grandchildren included', async () => {
  const mark = childrenStarted();
  // A child that starts a grandchild and prints its pid: npm start's shape (npm, then its script).
  const parent = await startChild(
    [
      '-e',
      "const c = require('node:child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1e6)'], { stdio: 'ignore' }); console.log('grandchild ' + c.pid); setInterval(() => {}, 1e6)",
    ],
    /grandchild (\d+)/,
  );
  const grandchild = Number(parent.ready[1]);
  expect(running(grandchild)).toBe(true);
  const closed = new Promise((done) => parent.child.once('close', done));
  killChildrenSince(mark);
  await closed;
  await expect.poll(() => running(grandchild)).toBe(false);
});

it('leaves alone the children started before the mark', async () => {
  const before = spawnInGroup(process.execPath, ['-e', 'setInterval(() => {}, 1e6)'], { stdio: 'ignore' });
  const mark = childrenStarted();
  killChildrenSince(mark);
  expect(before.exitCode === null && before.signalCode === null).toBe(true);
  const ended = new Promise((done) => before.once('exit', done));
  killChildrenSince(mark - 1);
  await ended;
});
