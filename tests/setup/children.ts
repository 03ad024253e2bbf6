// No child process outlives the test that started it: children a test starts (tests/kit/
// child-process.ts) and has not stopped by the end of its own clean-up are killed with their
// whole process group, also when it failed or timed out; those started before the tests (in
// beforeAll) when the file ends. Vitest runs these hooks after the file's own.
import { afterAll, afterEach, beforeEach } from 'vitest';
import { childrenStarted, killChildrenSince } from '../kit/child-process';

let beforeTest = 0;
beforeEach(() => {
  beforeTest = childrenStarted();
});
afterEach(() => killChildrenSince(beforeTest));
afterAll(() => killChildrenSince(0));
