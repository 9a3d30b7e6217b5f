import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Each table has one owner: the capability whose folder holds every statement that writes it
// (INSERT, UPDATE, DELETE). Another capability that needs a row changed calls the owner's exported
// function (src/server/README.md, "Where a new thing goes"); the outbox's one way in is
// queue_outbox_message() from SQL and queueMessage() from TypeScript. This reads the real product
// files, as server-layout.test.ts reads their imports, and fails on a write from anywhere else.
// Decision 0057 says why.
const SERVER = path.dirname(new URL(import.meta.url).pathname);

/** Who may write each table: a capability folder of src/server. */
const OWNER: Record<string, string> = {
  schema_migrations: 'db',
  schema_repeatables: 'db',
  health_probe: 'http',
  health_space_probe: 'http',
  client_limits: 'http',
  job_runs: 'jobs',
  team_activity: 'activity',
  content_versions: 'content',
  content_draft: 'content',
  bot_guard_secret: 'bot-guard',
  bot_guard_used_challenges: 'bot-guard',
  outbox_messages: 'outbox',
  completed_audits: 'benchmark',
  benchmark_score_counts: 'benchmark',
  audit_submission_keys: 'benchmark',
  result_audit_keys: 'benchmark',
  usage_counters: 'usage',
  team_sign_in_tokens: 'team-sign-in',
  team_sessions: 'team-sign-in',
  saved_audits: 'saved-audits',
  email_requests: 'leads',
  leads: 'leads',
  lead_notes: 'leads',
  action_plan_items: 'leads',
  team_alert_preferences: 'alerts',
  lead_digests: 'alerts',
  team_audits: 'team-audits',
  team_audit_answers: 'team-audits',
};

/** The live SQL functions (db/functions/NAME.sql) belong to a capability too: the one that calls them. */
const FUNCTION_OWNER: Record<string, string> = {
  email_request_joins_its_lead: 'leads',
  queue_outbox_message: 'outbox',
  store_email_request: 'leads',
};

/**
 * The tables a piece of SQL (or of TypeScript holding SQL) writes: the keywords in capitals and the
 * table in lower case, as this codebase writes SQL (so prose like "update the lead" is not read as
 * SQL). Row locks (`FOR UPDATE OF`, `FOR UPDATE SKIP LOCKED`) and an upsert's `DO UPDATE SET` write
 * nothing of another table.
 */
export function tablesWritten(text: string): string[] {
  const code = text.replace(/--[^\n]*/g, '');
  const written = new Set<string>();
  for (const [, verb, table] of code.matchAll(
    /\b(INSERT\s+INTO|DELETE\s+FROM|UPDATE)\s+([a-z_][a-z0-9_]*)/g,
  )) {
    // "FOR UPDATE OF x", "DO UPDATE SET": a lock or the upsert's own row, not a write of a table.
    if (verb === 'UPDATE' && (table === 'of' || table === 'set')) continue;
    written.add(table ?? '');
  }
  return [...written].sort();
}

function productFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).flatMap((entry) => {
    const file = path.join(entry.parentPath, entry.name);
    return entry.isFile() && /\.(ts|mjs)$/.test(entry.name) && !entry.name.includes('.test.') ? [file] : [];
  });
}

/** Every write outside its table's owner, as "file writes table (owned by owner)". */
function writesOutsideTheirOwner(): string[] {
  const found: string[] = [];
  const check = (file: string, writer: string) => {
    for (const table of tablesWritten(fs.readFileSync(file, 'utf8'))) {
      const owner = OWNER[table];
      if (owner !== writer)
        found.push(`${path.relative(SERVER, file)} writes ${table} (owned by ${owner ?? 'nobody'})`);
    }
  };
  for (const entry of fs.readdirSync(SERVER, { withFileTypes: true })) {
    const full = path.join(SERVER, entry.name);
    if (entry.isDirectory()) {
      // db/ keeps its own records; the live functions belong to the capability that calls them.
      for (const file of productFiles(full).filter((f) => !f.includes(`${path.sep}functions${path.sep}`))) {
        check(file, entry.name);
      }
    } else if (/\.ts$/.test(entry.name) && !entry.name.includes('.test.')) {
      check(full, '(the root)');
    }
  }
  const functions = path.join(SERVER, 'db', 'functions');
  for (const file of fs.readdirSync(functions).filter((f) => f.endsWith('.sql'))) {
    check(path.join(functions, file), FUNCTION_OWNER[file.replace(/\.sql$/, '')] ?? '(no owner)');
  }
  const cli = path.join(SERVER, '..', 'cli');
  for (const file of productFiles(cli)) check(file, '(the command line)');
  return found;
}

describe('who writes which table', () => {
  it('finds the writes in SQL, and not the row locks or an upsert', () => {
    expect(
      tablesWritten(`INSERT INTO outbox_messages (kind) VALUES ($1);
        UPDATE saved_audits s SET x = 1; DELETE FROM lead_notes WHERE id = $1;
        SELECT 1 FROM t FOR UPDATE OF c; INSERT INTO usage_counters AS c VALUES (1)
        ON CONFLICT (day) DO UPDATE SET count = c.count + 1;
        -- DELETE FROM team_sessions (a comment)`),
    ).toEqual(['lead_notes', 'outbox_messages', 'saved_audits', 'usage_counters']);
  });

  it('names an owner for every table the migrations create, and only those', () => {
    const migrations = path.join(SERVER, 'db', 'migrations');
    const created = fs
      .readdirSync(migrations)
      .flatMap((file) => [
        ...fs.readFileSync(path.join(migrations, file), 'utf8').matchAll(/CREATE (?:UNLOGGED )?TABLE (\w+)/g),
      ])
      .map((match) => match[1] ?? '');
    expect([...new Set(created)].sort()).toEqual(
      Object.keys(OWNER)
        .filter((table) => !table.startsWith('schema_'))
        .sort(),
    );
  });

  it('has each table written only by the capability that owns it', () => {
    expect(writesOutsideTheirOwner()).toEqual([]);
  });
});
