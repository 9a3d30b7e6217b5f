import type { FastifyInstance, InjectOptions } from 'fastify';
import { sanitizeResponses, type AreaId, type Responses } from '../../src/core';

/** Answers to all 25 questions, with a known report: operational 80, compliance 96, quality 52, training 68, data 32; overall 66 (Good). */
export const COMPLETE_RESPONSES: Record<AreaId, Record<string, number>> = {
  operational: { '0': 4, '1': 4, '2': 3, '3': 4, '4': 5 },
  compliance: { '0': 5, '1': 5, '2': 4, '3': 5, '4': 5 },
  quality: { '0': 2, '1': 3, '2': 3, '3': 2, '4': 3 },
  training: { '0': 3, '1': 4, '2': 3, '3': 4, '4': 3 },
  data: { '0': 1, '1': 2, '2': 2, '3': 1, '4': 2 },
};
/** The same answers as the core model holds them. */
export const COMPLETE_ANSWERS: Responses = sanitizeResponses(COMPLETE_RESPONSES);

/** The area scores of COMPLETE_ANSWERS, as a lead's `scores` holds them. */
export const EXPECTED_AREA_SCORES = {
  operational: 80,
  compliance: 96,
  quality: 52,
  training: 68,
  data: 32,
} as const;

export const EXPECTED_SCORES = { ...EXPECTED_AREA_SCORES, overall: 66 } as const;

/** A valid request body, as the e-mail form sends it. */
export function validBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    email: 'manager@care-home.example',
    message: 'Please call me on Tuesday.',
    responses: COMPLETE_RESPONSES,
    ...overrides,
  };
}

/** A POST through the app's inject, as JSON (a string payload is sent as it is). */
export function postJson(
  app: FastifyInstance,
  url: string,
  payload: unknown,
  options: Partial<InjectOptions> = {},
) {
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json' },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    ...options,
  });
}

/** `POST /api/email-results` through the app's inject, as JSON. */
export function postEmailRequest(
  app: FastifyInstance,
  payload: unknown,
  options: Partial<InjectOptions> = {},
) {
  return postJson(app, '/api/email-results', payload, options);
}
