// The sandbox a test file's tests share (harness.ts), with the hooks that start and close it.

import { afterAll, beforeAll } from 'vitest';
import { startTestSandbox, type TestSandbox } from './harness.ts';

/**
 * Starts a sandbox before the file's tests and closes it after them. The object returned is filled in
 * once the sandbox has started, so the file holds it in a const and uses it inside its tests and hooks.
 */
export function fileSandbox(options: Parameters<typeof startTestSandbox>[0] = {}): TestSandbox {
  const sb = {} as TestSandbox;
  beforeAll(async () => {
    Object.assign(sb, await startTestSandbox(options));
  });
  afterAll(() => sb.close());
  return sb;
}
