import { describe, expect, it } from 'vitest';
import { faultLog, type FaultLogOptions } from './fault-log';

function recording(options: Partial<FaultLogOptions> = {}) {
  const lines: { level: string; fields: Record<string, unknown>; message: string }[] = [];
  let clock = 1_000;
  const log = {
    error: (fields: object, message: string) =>
      lines.push({ level: 'error', fields: fields as Record<string, unknown>, message }),
    warn: (fields: object, message: string) =>
      lines.push({ level: 'warn', fields: fields as Record<string, unknown>, message }),
  };
  const fault = faultLog(log, {
    started: 'it broke',
    healed: 'it works again',
    now: () => clock,
    ...options,
  });
  return { fault, lines, advance: (ms: number) => (clock += ms) };
}

describe('a fault log', () => {
  it('logs nothing while all is well', () => {
    const { fault, lines } = recording();
    fault.succeeded();
    fault.succeeded();
    expect(lines).toEqual([]);
    expect(fault.failing).toBe(false);
  });

  it('logs a fault once when it starts, with its first error, and once when it heals, with the count', () => {
    const { fault, lines, advance } = recording();
    const first = new Error('read-only');
    fault.failed(first);
    for (let i = 0; i < 499; i++) {
      advance(10);
      fault.failed(new Error(`again ${i}`));
    }
    expect(fault.failing).toBe(true);
    advance(10);
    fault.succeeded();
    fault.succeeded();
    expect(lines).toEqual([
      { level: 'error', fields: { err: first }, message: 'it broke' },
      { level: 'error', fields: { failures: 500, faultMs: 5_000 }, message: 'it works again' },
    ]);
    expect(fault.failing).toBe(false);
  });

  it('starts a new fault, with a new count, after one has healed', () => {
    const { fault, lines, advance } = recording({ level: 'warn' });
    fault.failed(new Error('one'));
    fault.succeeded();
    advance(100);
    fault.failed(new Error('two'));
    fault.failed(new Error('three'));
    fault.succeeded();
    expect(lines.map((line) => [line.level, line.message, line.fields.failures])).toEqual([
      ['warn', 'it broke', undefined],
      ['warn', 'it works again', 1],
      ['warn', 'it broke', undefined],
      ['warn', 'it works again', 2],
    ]);
  });

  it('heals only once the last failure is settleMs old, so successes among failures keep one fault', () => {
    const { fault, lines, advance } = recording({ settleMs: 5_000 });
    fault.failed(new Error('write failed'));
    // Reads succeed while writes fail: one fault throughout.
    for (let i = 0; i < 100; i++) {
      advance(100);
      fault.succeeded();
      fault.failed(new Error('write failed'));
    }
    advance(4_999);
    fault.succeeded();
    expect(lines).toHaveLength(1);
    advance(1);
    fault.succeeded();
    expect(lines).toHaveLength(2);
    expect(lines[1]?.fields).toEqual({ failures: 101, faultMs: 15_000 });
  });
});
