import { describe, expect, it } from 'vitest';
import { readMigrations, splitStatements } from './migrate';

describe('splitStatements', () => {
  it('ends a statement at a semicolon that ends a line and drops comment lines', () => {
    const sql = '-- a table\nCREATE TABLE t (\n  a int -- inline stays\n);\n\nCREATE INDEX i ON t (a);\n';
    expect(splitStatements(sql)).toEqual([
      'CREATE TABLE t (\n  a int -- inline stays\n)',
      'CREATE INDEX i ON t (a)',
    ]);
  });

  it('keeps a dollar-quoted body whole, whatever its own lines end with', () => {
    const sql = [
      'CREATE FUNCTION f() RETURNS int LANGUAGE plpgsql AS $$',
      'BEGIN',
      '  PERFORM 1;',
      '  RETURN $body$;$body$::int;',
      'END',
      '$$;',
      'SELECT f();',
    ].join('\n');
    const statements = splitStatements(sql);
    expect(statements).toHaveLength(2);
    expect(statements[0]).toMatch(/^CREATE FUNCTION[\s\S]*PERFORM 1;[\s\S]*END\n\$\$$/);
    expect(statements[1]).toBe('SELECT f()');
  });

  it('does not take numbered parameters for dollar quotes', () => {
    expect(splitStatements('SELECT $1, $2;\nSELECT 2;')).toEqual(['SELECT $1, $2', 'SELECT 2']);
  });
});

describe('readMigrations', () => {
  it('reads the numbered files in order, the function of 0002 as one statement', async () => {
    const migrations = await readMigrations();
    expect(migrations.map((m) => m.version)).toEqual(migrations.map((_, i) => i + 1));
    const store = migrations.find((m) => m.name.startsWith('0002_'));
    expect(store?.statements).toHaveLength(1);
    expect(store?.statements[0]).toMatch(/^CREATE FUNCTION store_email_request\([\s\S]*\$\$$/);
  });
});
