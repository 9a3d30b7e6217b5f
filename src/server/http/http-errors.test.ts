import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { DatabaseUnavailableError } from '../db/database';
import { HttpError, registerErrorHandler } from './http-errors';

function appThrowing(error: unknown) {
  const app = Fastify({ logger: false });
  registerErrorHandler(app);
  app.get('/boom', async () => {
    throw error;
  });
  return app;
}

describe('the error handler', () => {
  it('answers an HttpError as it is, with its fields', async () => {
    const res = await appThrowing(
      new HttpError(400, 'invalid_request', 'Check the form.', { email: 'Bad' }),
    ).inject({
      url: '/boom',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: { code: 'invalid_request', message: 'Check the form.', fields: { email: 'Bad' } },
    });
  });

  it('hides the details of an unexpected error behind a 500', async () => {
    const res = await appThrowing(new Error('password=hunter2 at db.internal')).inject({ url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: { code: 'internal_error', message: expect.any(String) } });
    expect(res.body).not.toContain('hunter2');
  });

  it('answers 503 when the database is unavailable', async () => {
    const cause = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const res = await appThrowing(new DatabaseUnavailableError({ cause })).inject({ url: '/boom' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: { code: 'service_unavailable', message: expect.any(String) } });
    expect(res.body).not.toContain('5432');
  });

  it('recognises a driver error that means the database is down', async () => {
    const res = await appThrowing(
      Object.assign(new Error('terminating connection'), { code: '57P01' }),
    ).inject({ url: '/boom' });
    expect(res.statusCode).toBe(503);
  });

  it('keeps a database error that is a bug a 500', async () => {
    const res = await appThrowing(
      Object.assign(new Error('relation "x" does not exist'), { code: '42P01' }),
    ).inject({ url: '/boom' });
    expect(res.statusCode).toBe(500);
  });
});
