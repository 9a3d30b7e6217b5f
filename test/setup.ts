import { afterEach, beforeEach, vi } from 'vitest';

// A test fails on an unexpected console.error: an error in the console is a bug the test would otherwise miss. A test that expects
// one spies on console.error itself, which replaces this spy.
let errorSpy: ReturnType<typeof vi.spyOn> | undefined;
beforeEach(() => {
  errorSpy = vi.spyOn(console, 'error');
});
afterEach(async () => {
  const calls = errorSpy?.mock.calls ?? [];
  errorSpy?.mockRestore();
  if (typeof document !== 'undefined') {
    const { cleanup } = await import('@testing-library/react');
    cleanup();
  }
  if (calls.length > 0) {
    throw new Error(
      `Unexpected console.error: ${calls.map((c: unknown[]) => c.map(String).join(' ')).join('\n')}`,
    );
  }
});
