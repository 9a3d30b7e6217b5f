import * as z from 'zod/mini';
import { SERVICE_TYPES, SIZE_BANDS, type ServiceType, type SizeBand } from '../core';

const serviceTypeIds = SERVICE_TYPES.map((t) => t.id) as [ServiceType, ...ServiceType[]];
const sizeBandIds = SIZE_BANDS.map((b) => b.id) as [SizeBand, ...SizeBand[]];

/**
 * The optional profile (service type and size band), as `POST /api/audits` and
 * `POST /api/email-results` take it. Either part may be left out; an unknown value is an error.
 */
export const serviceProfileSchema = z.object(
  {
    serviceType: z.optional(
      z.enum(serviceTypeIds, { error: `The service type must be one of ${serviceTypeIds.join(', ')}` }),
    ),
    size: z.optional(z.enum(sizeBandIds, { error: `The size must be one of ${sizeBandIds.join(', ')}` })),
  },
  { error: 'The profile must be an object' },
);
