import { describe, expect, it } from 'vitest';
import {
  classifyDatabaseError,
  DatabaseUnavailableError,
  isStorageFailure,
  isUnavailableError,
} from './database';

/** An error shaped as both drivers throw them: a message and a SQLSTATE code. */
function driverError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code });
}

describe('isStorageFailure', () => {
  it.each([
    ['42501', 'could not create file "base/5/16385_fsm": Permission denied'],
    ['42501', 'could not open file "base/5/2650": Read-only file system'],
    ['42501', 'could not write to file "pg_wal/xlogtemp.12": Permission denied'],
    ['58P02', 'could not create file "base/5/16385_fsm": File exists'],
    ['58030', 'could not write block 7 of relation base/5/16385: Input/output error'],
    ['58P01', 'could not open file "base/5/1": No such file or directory'],
    ['53100', 'could not extend file "base/5/16385": No space left on device'],
    ['25006', 'cannot execute UPDATE in a read-only transaction'],
  ])('is true for %s %s, and the API answers 503 for it', (code, message) => {
    const error = driverError(code, message);
    expect(isStorageFailure(error)).toBe(true);
    expect(isUnavailableError(error)).toBe(true);
    const classified = classifyDatabaseError(error);
    expect(classified).toBeInstanceOf(DatabaseUnavailableError);
    expect(isStorageFailure(classified)).toBe(true);
  });

  it.each([
    ['42501', 'permission denied for table email_requests'],
    ['23514', 'new row for relation "email_requests" violates check constraint "c"'],
    ['22P05', 'unsupported Unicode escape sequence'],
    ['08006', 'connection failure'],
  ])('is false for %s %s', (code, message) => {
    expect(isStorageFailure(driverError(code, message))).toBe(false);
  });

  it('is false for what is not a database error', () => {
    expect(isStorageFailure(new Error('could not create file'))).toBe(false);
    expect(isStorageFailure(Object.assign(new Error('x'), { code: 'EACCES' }))).toBe(false);
    expect(isStorageFailure('58000')).toBe(false);
    expect(isStorageFailure(undefined)).toBe(false);
  });
});
