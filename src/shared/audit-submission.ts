import * as z from 'zod/mini';
import { AREA_IDS, isAreaComplete, type Responses } from '../core';
import { auditKeySchema, responsesSchema } from './email-request';
import { serviceProfileSchema } from './service-profile-schema';
import { UUID_PATTERN } from './uuid';

/**
 * `POST /api/audits`: one completed audit for the anonymous benchmark. No address and no identifier
 * of the visitor: the idempotency key is made afresh in the browser for each completed audit, so
 * that a retry of the same request is counted once. A retake names, in `retakes`, the key of the
 * audit it retakes, which it then replaces in the comparison: a provider's chain of retakes counts
 * once. Unknown fields are dropped, never stored.
 */
export const auditSubmissionSchema = z
  .object(
    {
      idempotencyKey: z
        .string({ error: 'The idempotency key must be a UUID' })
        .check(z.regex(UUID_PATTERN, { error: 'The idempotency key must be a UUID' })),
      retakes: z.optional(auditKeySchema('retakes')),
      // Only a finished audit is compared: every one of the 25 statements rated.
      responses: responsesSchema.check(
        z.refine((responses) => AREA_IDS.every((id) => isAreaComplete(responses as Responses, id)), {
          error: 'Every statement must be rated: only completed audits are counted',
          when: (payload) => payload.issues.length === 0,
        }),
      ),
      profile: z.optional(serviceProfileSchema),
    },
    { error: 'The request must be a JSON object' },
  )
  .check(
    z.refine((audit) => audit.retakes?.toLowerCase() !== audit.idempotencyKey.toLowerCase(), {
      error: 'An audit cannot retake itself: retakes must be another audit’s key',
      path: ['retakes'],
      when: (payload) => payload.issues.length === 0,
    }),
  );

export type AuditSubmission = z.output<typeof auditSubmissionSchema>;
